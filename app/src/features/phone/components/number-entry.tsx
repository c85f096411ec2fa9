import { usePricing } from '../../pricing/api/get-pricing';
import { PhoneField } from '../../../components/ui/forms/phone-field';
import { SelectField } from '../../../components/ui/forms/select-field';

interface NumberEntryProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The number to call in E.164, with a country picker that starts it with the calling code. */
export function NumberEntry({ value, onChange, error }: NumberEntryProps) {
  const countries = usePricing().data ?? [];
  const pick = (code: string) => {
    if (!code) return;
    // The picked code replaces the one typed, if any, before the rest of the number.
    const typed = countries.find((c) => value.startsWith(`+${c.callingCode}`));
    const rest = typed ? value.slice(typed.callingCode.length + 1) : value.replace(/^\+/, '');
    onChange(`+${code}${rest}`);
  };
  return (
    <div className="space-y-3">
      <SelectField
        label="Country"
        value=""
        onChange={(e) => pick(e.target.value)}
        options={[
          { value: '', label: 'Choose a country code' },
          ...countries.map((c) => ({
            value: c.callingCode,
            label: `${c.flag} ${c.name} +${c.callingCode}`,
          })),
        ]}
      />
      <PhoneField
        label="Number to call"
        name="number"
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
