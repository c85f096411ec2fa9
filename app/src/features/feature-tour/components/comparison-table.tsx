import { ScrollBox } from '../../../components/ui/layout/scroll-box';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { ListStates } from '../../../components/ui/tables/list-panel';
import { usePlans, type Plan } from '../../pricing/api/get-plans';
import { comparisonRows } from './comparison-rows';

function Cell({ value }: { value: string | null }) {
  return (
    <td className="px-4 py-3 text-center text-slate-600">
      {value ?? (
        <>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not included</span>
        </>
      )}
    </td>
  );
}

function Table({ plans }: { plans: Plan[] }) {
  return (
    <ScrollBox
      label="Feature comparison"
      className="mx-auto mt-10 max-w-4xl rounded-2xl border border-slate-200"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Feature
            </th>
            {plans.map((plan) => (
              <th key={plan.id} scope="col" className="px-4 py-3 text-center font-semibold">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {comparisonRows(plans).map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-4 py-3 font-medium text-slate-700">
                {row.feature}
              </th>
              {row.values.map((value, index) => (
                <Cell key={plans[index].id} value={value} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** The plans side by side: their columns and figures are the catalogue API's. */
export function ComparisonTable() {
  const plans = usePlans();
  return (
    <section aria-labelledby="comparison-heading" className="bg-white px-4 py-16">
      <h2
        id="comparison-heading"
        className="text-center text-3xl font-bold tracking-tight text-slate-900"
      >
        Feature Comparison
      </h2>
      <div className="mx-auto max-w-4xl" aria-busy={plans.isFetching}>
        <ListStates
          cards
          query={plans}
          loading={<LoadingStatus label="Loading plans..." />}
          error="We could not load the plans."
          empty="No plans are on sale right now."
        >
          {(items) => <Table plans={items} />}
        </ListStates>
      </div>
    </section>
  );
}
