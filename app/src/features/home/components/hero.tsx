import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';

export function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 px-4 pt-32 pb-20 text-white sm:pt-40 sm:pb-28">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 h-96 w-96 rounded-full bg-brand-500/30 blur-3xl"
      />
      <div className="relative mx-auto max-w-4xl text-center">
        <p className="inline-block rounded-full bg-white/10 px-4 py-1 text-sm font-medium text-brand-100">
          7-day free trial, no credit card required
        </p>
        <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
          Global phone numbers, calls and SMS for your business
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-brand-100 sm:text-xl">
          Get local, mobile and toll-free numbers in over 150 countries within minutes. Answer and
          place calls, send SMS and build IVR menus from one prepaid account.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.signup} variant="inverse" size="lg">
            Get Started
          </ButtonLink>
          <ButtonLink to={paths.pricing} variant="outline-inverse" size="lg">
            View Pricing
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
