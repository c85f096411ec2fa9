import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Alert } from '../../../components/ui/feedback/alert';
import { messageOf } from '../../../lib/api-client';
import { callerIdRuleKey, saveCallerIdRule, useCallerIdRule } from '../api/caller-id-rule';

const choices = [
  {
    replace: false,
    label: 'Refuse the call',
    hint: 'The phone hears 403 Caller ID not allowed and nobody is rung.',
  },
  {
    replace: true,
    label: "Send it with the device's caller ID",
    hint: 'The call goes out showing the caller ID chosen for the device.',
  },
];

/** Saved as soon as it is chosen; a failed save leaves the rule as it was. */
export function CallerIdRuleForm() {
  const rule = useCallerIdRule();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (replace: boolean) => saveCallerIdRule({ replace }),
    onSuccess: (next) => {
      queryClient.setQueryData(callerIdRuleKey, next);
      toast.success('Caller ID rule saved');
    },
    onError: (error) => toast.error(messageOf(error, 'Could not save the caller ID rule.')),
  });
  if (rule.isPending) return <p role="status">Loading the caller ID rule...</p>;
  if (rule.isError) return <Alert>Could not load your caller ID rule.</Alert>;
  const chosen = save.isPending ? save.variables : rule.data.replace;
  return (
    <fieldset disabled={save.isPending} className="space-y-3">
      <legend className="text-sm text-slate-600">
        Calls always show one of your active numbers or a number you verified below. When a phone
        sends a caller ID that is neither:
      </legend>
      {choices.map((c) => (
        <label key={c.label} className="flex items-start gap-3 text-sm">
          <input
            type="radio"
            name="caller-id-rule"
            className="mt-1"
            checked={chosen === c.replace}
            onChange={() => save.mutate(c.replace)}
          />
          <span>
            <span className="font-medium text-slate-900">{c.label}</span>
            <span className="block text-slate-600">{c.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
