import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCoreForm } from '../../../lib/use-core-form';
import {
  emptyCard,
  SandboxCardFieldset,
  validateToday,
  type CardValues,
} from '../../payments/components/card-fields';
import { autoRechargeKey, cardKey, saveSandboxCard } from '../api/billing';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

/** Saves one of Stripe's test cards with the sandbox provider. */
export function SandboxSaveCardForm() {
  const queryClient = useQueryClient();
  const form = useCoreForm<CardValues>({ initial: emptyCard, validate: validateToday });
  const save = useMutation({
    mutationFn: saveSandboxCard,
    onSuccess: async (saved) => {
      queryClient.setQueryData(cardKey, saved);
      await refreshAfterWrite(queryClient, { queryKey: autoRechargeKey });
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
      <SandboxCardFieldset
        text={form.text}
        disabled={save.isPending}
        cards={[
          '4242 4242 4242 4242 is charged successfully',
          '4000 0000 0000 0341 saves, but its charges are declined',
          '4000 0027 6000 3184 asks you to confirm each charge (3-D Secure)',
        ]}
      />
      <Button type="submit" loading={save.isPending}>
        Save card
      </Button>
    </form>
  );
}
