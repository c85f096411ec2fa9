import { paths } from '../../../app/paths';
import { SelectField } from '../../../components/ui/forms/select-field';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { messageOf } from '../../../lib/api-client';
import { usd } from '../../../lib/core';
import { useIvrFlows } from '../../ivr/api/get-flows';
import { NothingToRouteTo } from './nothing-to-route-to';

interface RouteIvrFieldProps {
  /** The chosen flow's id, as the select's text ('' none yet). */
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

/** One of the customer's IVR flows to answer the number's calls, with what a flow in
 * use costs each month. */
export function RouteIvrField({ value, error, onChange }: RouteIvrFieldProps) {
  const flows = useIvrFlows();
  if (flows.isPending) return <LoadingStatus label="Loading IVR flows..." className="py-2" />;
  if (flows.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(flows.error, 'Could not load your IVR flows.')}
      </p>
    );
  }
  const { items, monthlyPrice } = flows.data;
  if (items.length === 0) {
    return (
      <NothingToRouteTo
        message="You have no IVR flows yet."
        to={paths.client.ivrNew}
        action="Build an IVR flow"
      />
    );
  }
  return (
    <div className="space-y-2">
      <SelectField
        label="IVR flow"
        error={error}
        options={[
          { value: '', label: 'Choose a flow' },
          ...items.map((f) => ({ value: String(f.id), label: f.name })),
        ]}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="text-sm text-slate-600" data-testid="ivr-price">
        A flow in use costs {usd(monthlyPrice)}/month, charged to your balance when a number is
        first routed to it and renewed monthly while one is.
      </p>
    </div>
  );
}
