import { MarketingSection } from '../../../components/ui/layout/marketing-section';

const questions = [
  {
    q: 'How are phone numbers billed?',
    a: 'Numbers renew monthly and automatically until cancelled. We send you an email 7 days before each renewal.',
  },
  {
    q: 'What happens to unused plan minutes?',
    a: 'Unused plan minutes expire at the end of the month; they do not roll over. A renewing plan starts each month with all its minutes.',
  },
  {
    q: 'Can I change my plan?',
    a: 'Yes. Cancel the renewal of your plan in My Packages and buy another: the plan you cancelled keeps its minutes until the end of its month.',
  },
  {
    q: 'Is there a free trial?',
    a: 'Yes: every new account starts with a 7-day free trial, no credit card required.',
  },
  {
    q: 'Am I charged for messages that are not delivered?',
    a: 'A message is charged per part when you send it. If the carrier refuses it outright, the charge is refunded at once. If the carrier accepts it and later reports it undelivered (a phone switched off for days, a number no longer in service), the charge stands: the carrier has carried it.',
  },
  {
    q: 'Which currency do you charge in?',
    a: 'All prices and balances are in US dollars (USD).',
  },
];

export function PricingFaq() {
  return (
    <MarketingSection
      id="pricing-faq-heading"
      title="Frequently Asked Questions"
      className="bg-slate-50 px-4 py-16"
      width="max-w-5xl"
    >
      <dl className="mt-10 grid gap-6 md:grid-cols-2">
        {questions.map((item) => (
          <div key={item.q} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="font-semibold text-slate-900">{item.q}</dt>
            <dd className="mt-2 text-slate-600">{item.a}</dd>
          </div>
        ))}
      </dl>
    </MarketingSection>
  );
}
