import { Award, Globe, Lightbulb } from 'lucide-react';
import { IconCardList, type IconCardItem } from '../../../components/ui/layout/icon-card-list';
import { MarketingSection } from '../../../components/ui/layout/marketing-section';

const values: IconCardItem[] = [
  {
    title: 'Global Reach',
    description:
      'We connect businesses to customers in over 150 countries, with local numbers that make every caller feel at home.',
    icon: Globe,
  },
  {
    title: 'Excellence',
    description:
      'Clear calls, a 99.9% uptime guarantee and support that answers around the clock: the basics, done properly.',
    icon: Award,
  },
  {
    title: 'Innovation',
    description:
      'From IVR flows to APIs, we keep making business telephony simpler, faster and more affordable.',
    icon: Lightbulb,
  },
];

export function Values() {
  return (
    <MarketingSection id="values-heading" title="Our Values" className="px-4 py-16">
      <IconCardList items={values} look="value" className="mt-10 grid gap-6 md:grid-cols-3" />
    </MarketingSection>
  );
}
