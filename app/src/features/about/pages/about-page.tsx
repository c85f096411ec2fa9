import { PageHero } from '../../../components/ui/layout/page-hero';
import { StatList } from '../../../components/ui/tables/stat-list';
import { usePageMeta } from '../../../lib/use-page-meta';
import { Team } from '../components/team';
import { Values } from '../components/values';

const stats = [
  { label: 'Founded', value: '2020' },
  { label: 'Active users', value: '10k+' },
  { label: 'Satisfaction', value: '4.8/5' },
  { label: 'Countries', value: '150+' },
];

export function AboutPage() {
  usePageMeta(
    'About',
    'Dialtone was founded in 2020 to make global business telephony simple. Meet the team and our values.',
  );
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Connecting businesses worldwide"
        description="We make it simple for any business to have a local voice in every market it serves."
      />
      <section aria-label="Dialtone at a glance" className="border-b border-slate-200 px-4 py-12">
        <StatList stats={stats} columns="grid-cols-2 gap-8 md:grid-cols-4" size="text-3xl" />
      </section>
      <section aria-labelledby="story-heading" className="px-4 py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Our Story
          </h2>
          <div className="mt-6 space-y-4 text-lg text-slate-600">
            <p>
              Dialtone was founded in 2020 by a small team of telecom engineers who were tired of
              watching businesses wait weeks for a phone number and sign year-long contracts for the
              privilege.
            </p>
            <p>
              We built a platform where a number in a new country takes minutes, calls and messages
              are billed from one prepaid balance, and every rate is published up front.
            </p>
            <p>
              Today more than 10,000 businesses, from solo consultants to international support
              teams, use Dialtone in over 150 countries, and rate us 4.8 out of 5.
            </p>
          </div>
        </div>
      </section>
      <Values />
      <Team />
    </>
  );
}
