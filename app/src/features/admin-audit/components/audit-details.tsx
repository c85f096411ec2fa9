import type { AuditEntry } from '../api/get-audit';
import { changedKeys } from './audit-diff';
import { ScrollBox } from '../../../components/ui/layout/scroll-box';

/** Before -> after for the keys that changed. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  const rows = changedKeys(entry.before ?? null, entry.after ?? null);
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">No recorded changes.</p>;
  }
  return (
    <ScrollBox label="Changes">
      <table className="text-left text-sm">
        <caption className="sr-only">Changes</caption>
        <thead className="text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Before
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              <span className="sr-only">changed to</span>
            </th>
            <th scope="col" className="py-1 font-semibold">
              After
            </th>
          </tr>
        </thead>
        <tbody className="font-mono text-xs">
          {rows.map((row) => (
            <tr key={row.key} className="align-top">
              <th scope="row" className="py-1 pr-4 font-medium text-slate-700">
                {row.key}
              </th>
              <td className="py-1 pr-4 wrap-anywhere text-red-700">{row.before}</td>
              <td aria-hidden="true" className="py-1 pr-4 text-slate-400">
                →
              </td>
              <td className="py-1 wrap-anywhere text-green-800">{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
