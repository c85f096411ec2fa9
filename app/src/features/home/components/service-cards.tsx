import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { SectionHeading } from '../../../components/ui/layout/section-heading';
import { products } from '../../products/components/products-data';

// The home page's one line on each product; names and icons are the products page's.
const pitches: Record<string, string> = {
  numbers: 'Local, mobile and toll-free numbers that ring wherever your team works.',
  inbound: 'Crystal-clear inbound calling with forwarding, recording and call history.',
  outbound: 'Call customers worldwide at transparent per-minute rates.',
  sms: 'Send notifications, reminders and one-time codes to any mobile.',
  ivr: 'Greet callers and route them with menus you build in minutes.',
  global: 'One account, one balance and numbers in over 150 countries.',
};

const services = products.map((product) => ({
  title: product.name,
  description: pitches[product.id],
  icon: product.icon,
}));

export function ServiceCards() {
  return (
    <section className="bg-slate-50 px-4 py-20">
      <SectionHeading
        eyebrow="Services"
        title="Everything you need to talk to customers"
        description="Pick the pieces you need today and add more as you grow. No contracts."
      />
      <ul className="mx-auto mt-12 grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li key={service.title}>
            <Link
              to={paths.products}
              className="group block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <service.icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-brand-700">
                {service.title}
              </h3>
              <p className="mt-2 text-slate-600">{service.description}</p>
              <span className="mt-4 inline-block text-sm font-semibold text-brand-600">
                Learn more <span aria-hidden="true">&rarr;</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
