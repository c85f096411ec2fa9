import { dangerConfirm } from '../../../components/ui/dialogs/action-confirm-dialog';
import { deleteIvrFlow } from '../api/delete-flow';
import { ivrFlowsKey, type IvrFlowSummary } from '../api/get-flows';

/** Deleting asks first; the server refuses (409, its message shown in the dialog) while a
 * number routes its calls to the flow. */
export function deleteFlowConfirm(flow: IvrFlowSummary) {
  return dangerConfirm('delete the flow', () => deleteIvrFlow(flow.id), ivrFlowsKey, {
    title: 'Delete IVR flow',
    confirmLabel: 'Delete flow',
    success: `${flow.name} deleted`,
    children: (
      <>
        <p>Delete {flow.name}? Its voicemails stay in your list.</p>
        {flow.numbers.length > 0 && (
          <p className="mt-2">
            {flow.numbers.join(', ')} {flow.numbers.length === 1 ? 'routes' : 'route'} calls to it:
            route {flow.numbers.length === 1 ? 'that number' : 'those numbers'} elsewhere in My
            Numbers first.
          </p>
        )}
      </>
    ),
  });
}
