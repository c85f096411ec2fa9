import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { Dialog } from '../../../components/ui/dialogs/dialog';
import { DialogForm } from '../../../components/ui/dialogs/dialog-form';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { SelectField } from '../../../components/ui/forms/select-field';
import { TextField } from '../../../components/ui/forms/text-field';
import { fieldErrorsOf, generalFailureOf, messageOf } from '../../../lib/api-client';
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

type UrlName = 'voiceUrl' | 'voiceFallbackUrl' | 'statusCallback' | 'smsUrl';

// Each URL field's id, label, example and hint.
const urls: Record<UrlName, { id: string; label: string; placeholder: string; hint?: string }> = {
  voiceUrl: {
    id: 'hooks-voice-url',
    label: 'Voice URL',
    placeholder: 'https://example.com/voice',
    hint: "Its TwiML answers the number's calls instead of the call routing (an IVR flow still comes first).",
  },
  voiceFallbackUrl: {
    id: 'hooks-voice-fallback',
    label: 'Fallback URL',
    placeholder: 'https://backup.example.com/voice',
    hint: 'Asked when the Voice URL does not answer or its TwiML cannot run.',
  },
  statusCallback: {
    id: 'hooks-status-callback',
    label: 'Call status callback',
    placeholder: 'https://example.com/call-status',
  },
  smsUrl: { id: 'hooks-sms-url', label: 'SMS URL', placeholder: 'https://example.com/sms' },
};

interface HookFieldsetProps {
  legend: string;
  url: ReactNode;
  method: ReactNode;
  children?: ReactNode;
}

/** What Dialtone asks on one kind of event: the URL beside its HTTP method, then the rest. */
function HookFieldset({ legend, url, method, children }: HookFieldsetProps) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
        {url}
        {method}
      </div>
      {children}
    </fieldset>
  );
}

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
  const url = (name: UrlName) => <TextField type="url" {...urls[name]} {...form.text(name)} />;
  const method = (kind: 'voice' | 'sms') => (
    <SelectField
      id={`hooks-${kind}-method`}
      label={kind === 'voice' ? 'Method' : 'SMS method'}
      options={METHODS}
      {...form.text(`${kind}Method`)}
    />
  );
  return (
    <DialogForm
      onClose={onClose}
      onSubmit={form.submit((v) => save.mutate(v))}
      pending={save.isPending}
      failure={generalFailureOf(save, 'Could not save the URLs.')}
      submitLabel="Save URLs"
    >
      <HookFieldset legend="A call comes in" url={url('voiceUrl')} method={method('voice')}>
        {url('voiceFallbackUrl')}
        {url('statusCallback')}
      </HookFieldset>
      <HookFieldset legend="A message comes in" url={url('smsUrl')} method={method('sms')} />
    </DialogForm>
  );
}
