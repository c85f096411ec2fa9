import { SelectField } from '../../../components/ui/forms/select-field';

const END = '\u0000end';

interface LinkSelectProps {
  label: string;
  /** The step it leads to: '' not chosen yet; undefined (when optional) ends the call. */
  value: string | undefined;
  /** The link may be left out: the call then ends there. */
  optional?: boolean;
  /** Every step id of the flow. */
  ids: string[];
  onChange: (value: string | undefined) => void;
}

/** Which step a branch leads to, among the flow's steps. */
export function LinkSelect({ label, value, optional = false, ids, onChange }: LinkSelectProps) {
  const options = [
    ...(optional ? [{ value: END, label: 'End the call' }] : []),
    ...(value === '' || !optional ? [{ value: '', label: 'Choose a step' }] : []),
    ...ids.map((id) => ({ value: id, label: id })),
    // A link to a step that no longer exists stays visible, for validation to name it.
    ...(value && !ids.includes(value) ? [{ value, label: `${value} (missing)` }] : []),
  ];
  return (
    <SelectField
      label={label}
      options={options}
      value={value === undefined ? END : value}
      onChange={(event) => onChange(event.target.value === END ? undefined : event.target.value)}
    />
  );
}
