import { PageHero } from '../../../components/ui/layout/page-hero';
import { usePageMeta } from '../../../lib/use-page-meta';
import { ContactForm } from '../components/contact-form';
import { ContactInfo } from '../components/contact-info';

export function ContactPage() {
  usePageMeta(
    'Contact',
    'Contact Dialtone sales and support by form, email or phone. Support hours and the support inbox.',
  );
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        description="Questions about numbers, rates or a custom plan? Send us a message and we will get back to you within one business day."
      />
      <section className="bg-slate-50 px-4 py-16">
        <div className="mx-auto grid max-w-6xl gap-8 lg:grid-cols-3">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
            <h2 className="text-2xl font-bold text-slate-900">Send us a message</h2>
            <p className="mt-1 text-sm text-slate-600">All fields are required.</p>
            <div className="mt-6">
              <ContactForm />
            </div>
          </div>
          <ContactInfo />
        </div>
      </section>
    </>
  );
}
