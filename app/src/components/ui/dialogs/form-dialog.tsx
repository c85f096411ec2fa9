import type { ComponentProps } from 'react';
import { Dialog } from './dialog';
import { DialogForm, type DialogFormProps } from './dialog-form';

type DialogProps = Pick<ComponentProps<typeof Dialog>, 'title' | 'description' | 'size'>;

/** A dialog holding one form: its fields, what went wrong, then Cancel and submit. */
export function FormDialog({ title, description, size, ...form }: DialogProps & DialogFormProps) {
  return (
    <Dialog
      open
      onClose={form.onClose}
      dismissible={!form.pending}
      title={title}
      description={description}
      size={size}
    >
      <DialogForm {...form} />
    </Dialog>
  );
}
