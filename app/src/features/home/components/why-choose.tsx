import { Check, Clock, Shield, Wallet, Zap, Headphones } from 'lucide-react';
import { supportDays } from '../../contact/components/support-hours';
import { SectionHeading } from '../../../components/ui/layout/section-heading';

const reasons = [
  {
    title: 'Live in minutes',
    description: 'Pick a number, top up and take your first call before your coffee cools.',
    icon: Zap,
  },
  {
    title: 'Prepaid and predictable',
    description: 'Pay as you go from one balance in USD. No contracts and no surprise bills.',
    icon: Wallet,
  },
  {
    title: '99.9% uptime guarantee',
    description: 'Redundant carriers and data centres keep your lines open.',
    icon: Shield,
  },
  {
    title: 'Real people on support',
    description: `People who know telephony answer your messages by email, ${supportDays}.`,
    icon: Headphones,
  },
  {
    title: 'Transparent rates',
    description: 'Per-minute and per-message prices are published for every country.',
    icon: Check,
  },
  {
    title: 'Free 7-day trial',
    description: 'Try everything for a week. No credit card required.',
    icon: Clock,
  },
];

export function WhyChoose() {
  return (
    <section className="bg-white px-4 py-20">
      <SectionHeading
        eyebrow="Why Dialtone"
        title="Why choose Dialtone"
        description="Carrier-grade voice and messaging without the carrier-grade paperwork."
      />
      <dl className="mx-auto mt-12 grid max-w-6xl gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {reasons.map((reason) => (
          <div key={reason.title} className="relative pl-10">
            <dt className="font-semibold text-slate-900">
              <reason.icon
                className="absolute top-0 left-0 h-6 w-6 text-brand-600"
                aria-hidden="true"
              />
              {reason.title}
            </dt>
            <dd className="mt-1 text-slate-600">{reason.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
