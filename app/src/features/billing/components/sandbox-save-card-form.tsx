import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCoreForm } from '../../../lib/use-core-form';
import {
  CardFields,
  emptyCard,
  validateToday,
  type CardValues,
} from '../../payments/components/card-fields';
import { autoRechargeKey, cardKey, saveSandboxCard } from '../api/billing';

/** Saves one of Stripe's test cards with the sandbox provider. */
export function SandboxSaveCardForm() {
  const queryClient = useQueryClient();
  const form = useCoreForm<CardValues>({ initial: emptyCard, validate: validateToday });
  const save = useMutation({
    mutationFn: saveSandboxCard,
    onSuccess: async (saved) => {
      queryClient.setQueryData(cardKey, saved);
      await queryClient.invalidateQueries({ queryKey: autoRechargeKey });
      toast.success('Card saved');
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the card. Please try again.')
      : null;
  return (
    <form
      noValidate
      aria-label="Save a card"
      className="space-y-4"
      onSubmit={form.submit((values) => save.mutate(values))}
    >
      {failure && <Alert>{failure}</Alert>}
      <fieldset disabled={save.isPending} className="space-y-4">
        <legend className="sr-only">Card details</legend>
        <CardFields text={form.text} />
      </fieldset>
      <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
        <p className="font-medium text-slate-700">Sandbox mode: no real card is charged.</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>4242 4242 4242 4242 is charged successfully</li>
          <li>4000 0000 0000 0341 saves, but its charges are declined</li>
          <li>4000 0027 6000 3184 asks you to confirm each charge (3-D Secure)</li>
        </ul>
      </div>
      <Button type="submit" loading={save.isPending}>
        Save card
      </Button>
    </form>
  );
}
