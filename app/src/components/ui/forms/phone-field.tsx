import { TextField } from './text-field';

type PhoneFieldProps = Omit<
  Parameters<typeof TextField>[0],
  'type' | 'inputMode' | 'autoComplete' | 'placeholder'
>;

/** A phone number typed in E.164, with the phone keypad and the browser's phone autofill. */
export function PhoneField(props: PhoneFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+14155550123"
      {...props}
    />
  );
}
