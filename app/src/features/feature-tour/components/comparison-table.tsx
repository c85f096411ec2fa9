import { comparison, plans } from './feature-data';
import { ScrollBox } from '../../../components/ui/layout/scroll-box';

export function ComparisonTable() {
  return (
    <section aria-labelledby="comparison-heading" className="bg-white px-4 py-16">
      <h2
        id="comparison-heading"
        className="text-center text-3xl font-bold tracking-tight text-slate-900"
      >
        Feature Comparison
      </h2>
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
                <th key={plan} scope="col" className="px-4 py-3 text-center font-semibold">
                  {plan}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {comparison.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-700">
                  {row.feature}
                </th>
                {row.values.map((value, index) => (
                  <td key={plans[index]} className="px-4 py-3 text-center text-slate-600">
                    {value === '—' ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not included</span>
                      </>
                    ) : (
                      value
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
