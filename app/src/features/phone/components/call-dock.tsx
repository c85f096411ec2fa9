import { PhoneOff } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/ui/basics/button';
import { formatDuration } from '../../../lib/core';
import { usePhone } from '../lib/phone-context';
import { useSecondsSince } from '../lib/use-running-cost';
import { IncomingCall } from './incoming-call';

/**
 * The phone on every client page but its own: a call ringing (Answer, Decline) or in
 * progress (who, how long, Hang up, and the way back to the full phone).
 */
export function CallDock() {
  const { phone } = usePhone();
  const { pathname } = useLocation();
  const { call } = phone;
  const seconds = useSecondsSince(call?.answeredAt ?? null);
  if (!call || pathname === paths.client.phone) return null;
  return (
    <aside
      aria-label="Call in progress"
      className="fixed right-4 bottom-4 z-40 w-72 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg"
    >
      {call.incoming && !call.connected ? (
        <IncomingCall from={call.number} onAnswer={phone.answer} onDecline={phone.decline} />
      ) : (
        <div className="space-y-3">
          <p className="font-semibold text-slate-900">{call.number}</p>
          <p className="text-sm text-slate-600">
            {call.connected ? formatDuration(seconds) : 'Calling...'}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="danger" size="sm" onClick={phone.hangUp}>
              <PhoneOff className="h-4 w-4" />
              Hang up
            </Button>
            <Link
              to={paths.client.phone}
              className="text-sm font-semibold text-brand-700 underline"
            >
              Open phone
            </Link>
          </div>
        </div>
      )}
    </aside>
  );
}
