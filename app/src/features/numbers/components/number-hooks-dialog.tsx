import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Button } from '../../../components/ui/basics/button';
import { Dialog } from '../../../components/ui/dialogs/dialog';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { validateNumberHooks } from '../../../lib/core';
import { useCoreForm } from '../../../lib/use-core-form';
import type { MyNumber } from '../api/get-my-numbers';
import { hooksKey, saveNumberHooks, useNumberHooks, type NumberHooks } from '../api/number-hooks';

interface NumberHooksDialogProps {
  item: MyNumber;
  onClose: () => void;
}

/** The number's Voice URL (its TwiML answers calls), SMS URL and status callback. */
export function NumberHooksDialog({ item, onClose }: NumberHooksDialogProps) {
  const hooks = useNumberHooks(item.id);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Voice & SMS URLs"
      description={`Your application's addresses for ${item.number}. Dialtone signs every request with X-Twilio-Signature.`}
    >
      {hooks.isPending && <LoadingStatus label="Loading the URLs..." />}
      {hooks.isError && <Alert>{messageOf(hooks.error, 'Could not load the URLs.')}</Alert>}
      {hooks.data && <HooksForm item={item} hooks={hooks.data} onClose={onClose} />}
    </Dialog>
  );
}

const METHODS = [
  { value: 'POST', label: 'POST' },
  { value: 'GET', label: 'GET' },
];

function HooksForm({
  item,
  hooks,
  onClose,
}: {
  item: MyNumber;
  hooks: NumberHooks;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useCoreForm<NumberHooks>({
    initial: hooks,
    validate: (values) => validateNumberHooks(values),
  });
  const save = useMutation({
    mutationFn: (values: NumberHooks) => saveNumberHooks(item.id, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(hooksKey(item.id), saved);
      toast.success(`URLs of ${item.number} saved`);
      onClose();
    },
    onError: (error) => form.setServerErrors(fieldErrorsOf(error)),
  });
  const failure =
    save.isError && Object.keys(fieldErrorsOf(save.error)).length === 0
      ? messageOf(save.error, 'Could not save the URLs.')
      : null;
  return (
    <form noValidate className="space-y-4" onSubmit={form.submit((v) => save.mutate(v))}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">A call comes in</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <TextField
            id="hooks-voice-url"
            label="Voice URL"
            type="url"
            placeholder="https://example.com/voice"
            hint="Its TwiML answers the number's calls instead of the call routing (an IVR flow still comes first)."
            {...form.text('voiceUrl')}
          />
          <SelectField
            id="hooks-voice-method"
            label="Method"
            options={METHODS}
            {...form.text('voiceMethod')}
          />
        </div>
        <TextField
          id="hooks-voice-fallback"
          label="Fallback URL"
          type="url"
          placeholder="https://backup.example.com/voice"
          hint="Asked when the Voice URL does not answer or its TwiML cannot run."
          {...form.text('voiceFallbackUrl')}
        />
        <TextField
          id="hooks-status-callback"
          label="Call status callback"
          type="url"
          placeholder="https://example.com/call-status"
          {...form.text('statusCallback')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">A message comes in</legend>
        <TextField
          id="hooks-sms-url"
          label="SMS URL"
          type="url"
          placeholder="https://example.com/sms"
          {...form.text('smsUrl')}
        />
      </fieldset>
      {failure && <Alert>{failure}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save URLs
        </Button>
      </div>
    </form>
  );
}
