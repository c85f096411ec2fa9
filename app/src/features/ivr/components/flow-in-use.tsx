import { Alert } from '../../../components/ui/feedback/alert';
import { Time } from '../../../components/ui/tables/table-cells';
import { usd } from '../../../lib/core';
import type { IvrFlowDetail } from '../api/get-flow';

/** Which numbers a saved flow answers, and its monthly charge while it does. */
export function FlowInUse({ flow }: { flow: IvrFlowDetail }) {
  if (flow.numbers.length === 0) {
    return (
      <Alert tone="info">
        No number routes its calls here yet: choose this flow in a number's Call Routing in My
        Numbers.
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      Answers calls to <span className="font-mono">{flow.numbers.join(', ')}</span>.
      {flow.subscription && (
        <>
          {' '}
          {usd(flow.subscription.monthlyPrice)}/month, renews on{' '}
          <Time value={flow.subscription.renewsAt} />.
        </>
      )}
    </Alert>
  );
}
