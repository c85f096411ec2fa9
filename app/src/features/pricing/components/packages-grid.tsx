import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { CheckList } from '../../../components/ui/layout/check-list';

const packages = [
  {
    name: 'Starter',
    price: '$29',
    features: ['500 outbound minutes', '1 phone number', 'Basic IVR', 'Email support'],
  },
  {
    name: 'Professional',
    price: '$79',
    popular: true,
    features: [
      '2000 outbound minutes',
      '3 phone numbers',
      'Advanced IVR',
      'Priority email and chat support',
      'Call analytics',
    ],
  },
  {
    name: 'Enterprise',
    price: '$199',
    features: [
      '10,000 outbound minutes',
      '10 phone numbers',
      'Premium IVR',
      '24/7 dedicated support',
      'Advanced analytics',
    ],
  },
];

export function PackagesGrid() {
  return (
    <ul className="grid gap-6 p-4 sm:p-6 lg:grid-cols-3">
      {packages.map((pkg) => (
        <li
          key={pkg.name}
          className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
            pkg.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
          }`}
        >
          {pkg.popular && (
            <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
              MOST POPULAR
            </span>
          )}
          <h3 className="text-xl font-semibold text-slate-900">{pkg.name}</h3>
          <p className="mt-4">
            <span className="text-4xl font-extrabold text-slate-900">{pkg.price}</span>
            <span className="text-slate-500">/month</span>
          </p>
          <CheckList items={pkg.features} className="mt-6" />
          <ButtonLink
            to={paths.signup}
            variant={pkg.popular ? 'primary' : 'secondary'}
            className="mt-6 w-full"
          >
            Get Started
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
