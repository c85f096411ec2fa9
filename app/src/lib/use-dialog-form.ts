import type { QueryKey } from '@tanstack/react-query';
import { fieldErrorsOf, messageOf, type FieldMessages } from './api-client';
import { useCoreForm, type FormValues } from './use-core-form';
import { useDialogMutation } from './use-dialog-mutation';

interface DialogFormOptions<V extends FormValues, B, R> {
  initial: V;
  /** A core validator; its messages show from the first submit on. */
  validate: (values: V) => FieldMessages;
  /** The body the form's values send. */
  body: (values: V) => B;
  /** The call that saves the form's body. */
  save: (body: B) => Promise<R>;
  /** Says that it worked (a toast), before the dialog closes. */
  onSaved: (result: R) => void;
  onClose: () => void;
  /** The queries the save changes, fetched again once it succeeded. */
  refresh: QueryKey;
  /** The message when the save fails and the server gave none. */
  failure: string;
}

/**
 * A dialog's form saved through the API: core checks it, the server's field messages land
 * under their fields, and a saved form closes the dialog and refreshes what it changed.
 * `dialog` is what the FormDialog takes: closing, submitting, waiting, what went wrong.
 */
export function useDialogForm<V extends FormValues, B, R>({
  initial,
  validate,
  body,
  save,
  onSaved,
  onClose,
  refresh,
  failure,
}: DialogFormOptions<V, B, R>) {
  const form = useCoreForm<V>({ initial, validate, revealOnBlur: false });
  const mutation = useDialogMutation({
    mutationFn: save,
    onSaved,
    onClose,
    refresh,
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  // A failure without field messages (a duplicate, a server error) shows above the buttons.
  const generalError = mutation.isError && Object.keys(fieldErrorsOf(mutation.error)).length === 0;
  return {
    form,
    dialog: {
      onClose,
      onSubmit: form.submit((values) => mutation.mutate(body(values))),
      pending: mutation.isPending,
      failure: generalError && messageOf(mutation.error, failure),
    },
  };
}
