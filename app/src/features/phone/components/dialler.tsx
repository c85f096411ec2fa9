import { Phone } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/basics/button';
import { validateForwardTo } from '../../../lib/core';
import { DialPad } from './dial-pad';
import { NumberEntry } from './number-entry';

interface DiallerProps {
  ready: boolean;
  onCall: (number: string) => void;
}

/** The number to call, typed or keyed in, checked as E.164 by core when Call is pressed. */
export function Dialler({ ready, onCall }: DiallerProps) {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validateForwardTo(number, '');
    if ('error' in checked) return setError(checked.error);
    if (!checked.ok) return setError('Enter the number to call.');
    setError(undefined);
    onCall(checked.ok);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <NumberEntry value={number} onChange={setNumber} error={error} />
      <DialPad label="Dial pad" onKey={(k) => setNumber((n) => n + k)} />
      <Button type="submit" disabled={!ready}>
        <Phone className="h-4 w-4" />
        Call
      </Button>
    </form>
  );
}
