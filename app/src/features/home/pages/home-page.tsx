import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CtaPanel } from '../../../components/ui/layout/cta-panel';
import { usePageMeta } from '../../../lib/use-page-meta';
import { Hero } from '../components/hero';
import { ServiceCards } from '../components/service-cards';
import { Stats } from '../components/stats';
import { WhyChoose } from '../components/why-choose';

export function HomePage() {
  usePageMeta(
    'Dialtone',
    'Virtual phone numbers, inbound and outbound calls, SMS and IVR in over 150 countries. Prepaid, with a 7-day free trial.',
  );
  return (
    <>
      <Hero />
      <Stats />
      <ServiceCards />
      <WhyChoose />
      <CtaPanel
        title="Ready to get started?"
        description="Start your 7-day free trial today. No credit card required, cancel any time."
      >
        <ButtonLink to={paths.signup} variant="inverse" size="lg">
          Start Free Trial
        </ButtonLink>
        <ButtonLink to={paths.contact} variant="outline-inverse" size="lg">
          Contact Sales
        </ButtonLink>
      </CtaPanel>
    </>
  );
}
