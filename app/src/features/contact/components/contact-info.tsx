import { Clock, Inbox, Mail, MapPin, Phone } from 'lucide-react';
import { Section } from '../../../components/ui/layout/section';
import { supportHourLines } from './support-hours';

export function ContactInfo() {
  return (
    <aside className="space-y-6">
      <Section id="contact-info-heading" title="Contact Information" className="p-6">
        <ul className="mt-4 space-y-4 text-sm text-slate-700">
          <li className="flex gap-3">
            <Mail className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <a href="mailto:support@dialtone.test" className="hover:text-brand-700">
              support@dialtone.test
            </a>
          </li>
          <li className="flex gap-3">
            <Phone className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <a href="tel:+15550102030" className="hover:text-brand-700">
              +1 (555) 010-2030
            </a>
          </li>
          <li className="flex gap-3">
            <MapPin className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <address className="not-italic">
              100 Market Street, Suite 300
              <br />
              San Francisco, CA 94105, USA
            </address>
          </li>
        </ul>
      </Section>
      <section
        aria-labelledby="support-hours-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2
          id="support-hours-heading"
          className="flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
          <Clock className="h-5 w-5 text-brand-600" aria-hidden="true" />
          Support Hours
        </h2>
        <ul className="mt-4 space-y-1 text-sm text-slate-700">
          {supportHourLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="rounded-2xl bg-brand-50 p-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-brand-900">
          <Inbox className="h-5 w-5" aria-hidden="true" />
          Support Inbox
        </h2>
        <p className="mt-2 text-sm text-brand-900">
          Messages sent with this form reach our support inbox. We answer them by email during
          support hours.
        </p>
      </section>
    </aside>
  );
}
