import { Phone } from 'lucide-react';
import { useRef, useState } from 'react';
import { useEscapeCloses } from '../../../components/layouts/use-escape-closes';
import { usePhone } from '../lib/phone-context';
import { Dialler } from './dialler';

/**
 * The shell's dialer, on every client page: a number and Call, without leaving the page.
 * The call then shows in the call dock.
 */
export function CompactDialer() {
  const { phone } = usePhone();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  useEscapeCloses(open, () => setOpen(false), toggle);
  const busy = phone.call !== null;
  return (
    <div className="relative shrink-0">
      <button
        ref={toggle}
        type="button"
        aria-label="Dialer"
        title="Dialer"
        aria-expanded={open}
        aria-controls="compact-dialer"
        onClick={() => setOpen((o) => !o)}
        className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      >
        <Phone className="h-5 w-5" aria-hidden="true" />
      </button>
      {open && (
        <section
          id="compact-dialer"
          aria-label="Dialer"
          className="absolute right-0 z-40 mt-2 w-72 rounded-2xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          {busy ? (
            <p className="text-sm text-slate-600">A call is in progress.</p>
          ) : (
            <Dialler
              ready={phone.status === 'ready'}
              onCall={(n) => {
                setOpen(false);
                void phone.dial(n);
              }}
            />
          )}
          {phone.notice && !busy && <p className="mt-2 text-sm text-red-700">{phone.notice}</p>}
        </section>
      )}
    </div>
  );
}
