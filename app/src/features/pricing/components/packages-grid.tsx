import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/ui/basics/button-link';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { ListStates } from '../../../components/ui/tables/list-panel';
import { usePlans, type Plan } from '../api/get-plans';
import { PlanDetails } from './plan-details';

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white">
          MOST POPULAR
        </span>
      )}
      <h3 id={headingId} className="text-xl font-semibold text-slate-900">
        {plan.name}
      </h3>
      <PlanDetails plan={plan} />
      <ButtonLink
        to={paths.signup}
        variant={plan.popular ? 'primary' : 'secondary'}
        className="mt-6 w-full"
      >
        Get Started
      </ButtonLink>
    </li>
  );
}

/** The monthly plans on sale, as the catalogue API lists them. */
export function PackagesGrid() {
  const plans = usePlans();
  return (
    <div className="p-4 sm:p-6" aria-busy={plans.isFetching}>
      <ListStates
        query={plans}
        loading={<LoadingStatus label="Loading plans..." />}
        error="We could not load the plans."
        empty="No plans are on sale right now."
      >
        {(items) => (
          <ul className="grid gap-6 pt-3 lg:grid-cols-3">
            {items.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
