import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/basics/button';
import {
  ActionConfirmDialog,
  dangerConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { Alert } from '../../../components/ui/feedback/alert';
import { CodeVerifyForm } from '../../../components/ui/forms/code-verify-form';
import {
  confirmCallerId,
  forgetCallerId,
  sendCallerIdCode,
  useVerifiedCallerIds,
  verifiedCallerIdsKey,
} from '../api/verified-caller-ids';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

function forgetConfirm(number: string) {
  return dangerConfirm('remove the number', () => forgetCallerId(number), verifiedCallerIdsKey, {
    title: 'Remove Verified Number',
    success: `${number} removed`,
    children: (
      <p>
        Remove {number}? Your phones can no longer show it: their calls sending it are refused or
        replaced, as your rule above says.
      </p>
    ),
  });
}

/**
 * Outside numbers the account proved it holds, with a code texted to them: a phone may
 * show one (signed for the carrier with attestation B), the call billed as the device's
 * caller ID.
 */
export function VerifiedCallerIds() {
  const verified = useVerifiedCallerIds();
  const queryClient = useQueryClient();
  const [forgetting, setForgetting] = useState<string | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        A number of yours elsewhere, such as your mobile, can be shown by your phones once you prove
        it is yours with a code we text to it. Those calls are billed as the device&apos;s caller
        ID.
      </p>
      {verified.isPending && <p role="status">Loading verified numbers...</p>}
      {verified.isError && <Alert>Could not load your verified numbers.</Alert>}
      {verified.data &&
        (verified.data.numbers.length === 0 ? (
          <p className="text-sm text-slate-600">No verified numbers yet.</p>
        ) : (
          <ul aria-label="Verified numbers" className="divide-y divide-slate-200 text-sm">
            {verified.data.numbers.map((n) => (
              <li key={n.number} className="flex items-center justify-between py-2">
                <span className="font-medium text-slate-900">{n.number}</span>
                <Button variant="secondary" onClick={() => setForgetting(n.number)}>
                  Remove <span className="sr-only">{n.number}</span>
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <div className="max-w-md">
        <CodeVerifyForm
          name="Verify a number to show"
          idPrefix="caller-id"
          send={sendCallerIdCode}
          verify={confirmCallerId}
          onVerified={() => void refreshAfterWrite(queryClient, { queryKey: verifiedCallerIdsKey })}
        />
      </div>
      {forgetting && (
        <ActionConfirmDialog {...forgetConfirm(forgetting)} onClose={() => setForgetting(null)} />
      )}
    </div>
  );
}
