interface RadioGroupProps<T extends string> {
  legend: string;
  /** The radios' shared name (one group per form). */
  name: string;
  /** [value, label] per choice, in order. */
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange: (value: T) => void;
}

/** A labelled set of radio buttons: one choice among a few. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: RadioGroupProps<T>) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      {options.map(([option, text]) => (
        <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="radio"
            name={name}
            className="h-4 w-4 accent-brand-600"
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {text}
        </label>
      ))}
    </fieldset>
  );
}
