import { PhoneIncoming, PhoneOff } from 'lucide-react';
import { Button } from '../../../components/ui/basics/button';

interface IncomingCallProps {
  from: string;
  onAnswer: () => void;
  onDecline: () => void;
}

/** A call ringing this page: answer or decline. */
export function IncomingCall({ from, onAnswer, onDecline }: IncomingCallProps) {
  return (
    <div role="alertdialog" aria-labelledby="incoming-call-title" className="space-y-4">
      <p id="incoming-call-title" className="text-lg font-semibold text-slate-900">
        Incoming call from {from}
      </p>
      <div className="flex gap-2">
        <Button onClick={onAnswer}>
          <PhoneIncoming className="h-4 w-4" />
          Answer
        </Button>
        <Button variant="danger" onClick={onDecline}>
          <PhoneOff className="h-4 w-4" />
          Decline
        </Button>
      </div>
    </div>
  );
}
