import { Smartphone } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-date';
import { useDemoPhone } from '../api/get-demo-phone';

/**
 * On a server whose SMS carrier is the built-in loopback (`make run`), the codes sent for
 * this account, as the phone would show them; nothing with a real carrier.
 */
export function DemoPhonePanel() {
  const phone = useDemoPhone();
  if (!phone.data?.available) return null;
  return (
    <section
      aria-labelledby="demo-phone-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      <h3 id="demo-phone-heading" className="flex items-center gap-2 font-semibold text-slate-900">
        <Smartphone className="h-4 w-4 text-brand-600" aria-hidden="true" />
        Demo phone
      </h3>
      <p className="mt-1 text-slate-600">
        This server sends SMS through its built-in test carrier, so no real phone receives them. The
        codes sent for you arrive here instead.
      </p>
      {phone.data.messages.length === 0 ? (
        <p className="mt-3 text-slate-500">No messages yet. Send a code and it appears here.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Demo phone messages">
          {phone.data.messages.map((m, i) => (
            <li key={`${m.sentAt ?? ''}-${i}`} className="rounded-lg bg-slate-100 px-3 py-2">
              <span className="block text-xs text-slate-500">
                To {m.to}
                {m.sentAt ? `, ${formatDateTime(m.sentAt)}` : ''}
              </span>
              <span className="text-slate-900">{m.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
