import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { fieldErrorsOf, generalFailureOf, type FieldMessages } from './api-client';
import { useCoreForm, type FormValues } from './use-core-form';
import { refreshAfterWrite } from './refresh-after-write';

interface SavedFormOptions<V extends FormValues, R> {
  /** What the form shows first, and again on Reset. */
  initial: V;
  /** A core validator; without one only the server checks (its messages land under the fields). */
  validate?: (values: V) => FieldMessages;
  /** The call that saves the form's values. */
  save: (values: V) => Promise<R>;
  /** The query whose data becomes the server's answer. */
  cache?: QueryKey;
  /** What the form shows once saved, from the answer (and the values just sent). */
  valuesOf: (result: R, values: V) => V;
  /** The toast that says it worked. */
  saved: (result: R) => string;
  /** The queries fetched again in the background once saved. */
  refresh?: QueryKey;
  /** The message when the save fails and the server gave none. */
  failure: string;
}

const noRules = () => ({});

/**
 * A form on a page (not in a dialog) saved through the API: on success the cache takes the
 * answer, the form shows what was saved and a toast says so; field messages land under their
 * fields and any other failure is `saving.failure`. `saving` is what SavedForm takes.
 */
export function useSavedForm<V extends FormValues, R>({
  initial,
  validate = noRules,
  save,
  cache,
  valuesOf,
  saved,
  refresh,
  failure,
}: SavedFormOptions<V, R>) {
  const queryClient = useQueryClient();
  const form = useCoreForm<V>({ initial, validate });
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (result) => {
      if (cache) queryClient.setQueryData(cache, result);
      form.reset(valuesOf(result, form.values));
      toast.success(saved(result));
      if (refresh) void refreshAfterWrite(queryClient, { queryKey: refresh });
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  return {
    form,
    saving: {
      onSubmit: form.submit((values) => mutation.mutate(values)),
      failure: generalFailureOf(mutation, failure),
      pending: mutation.isPending,
      onReset: () => {
        mutation.reset();
        form.reset(initial);
      },
    },
  };
}
