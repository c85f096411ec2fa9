import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Types each value into the field labelled by its key, in order, as a user fills a form. */
export async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(screen.getByLabelText(label), value);
  }
}

/** Fills `values` as `fill` does, then clicks the button named `button` to send the form. */
export async function submitWith(button: string, values: Record<string, string>) {
  await fill(values);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

/** Replaces what `field` holds with `text`: clears it, then types as a user does. */
export async function retype(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.type(field, text);
}
