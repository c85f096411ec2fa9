import { Button } from '../../../components/ui/basics/button';
import { actionsColumn } from '../../../components/ui/tables/data-table';
import { listTable } from '../../../components/ui/tables/list-table';
import { dateColumn, statusColumn, TwoLineCell } from '../../../components/ui/tables/table-cells';
import { sendingFor, type RowRequest } from '../../../lib/row-request';
import type { ContactMessage } from '../api/get-messages';

interface MessagesTableProps {
  markHandled: RowRequest;
}

export const MessagesTable = listTable<ContactMessage, MessagesTableProps>({
  caption: 'Contact form messages',
  minWidth: 'min-w-[48rem]',
  rowClassName: 'align-top',
  columns: ({ markHandled }) => [
    dateColumn('Received', (item: ContactMessage) => item.createdAt, {
      withTime: true,
      muted: true,
    }),
    {
      header: 'From',
      cell: (item) => (
        <>
          <p className="font-medium text-slate-900">
            {item.name}
            {item.priority && (
              <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                Priority
              </span>
            )}
          </p>
          <a href={`mailto:${item.email}`} className="text-brand-700 hover:underline">
            {item.email}
          </a>
        </>
      ),
    },
    {
      header: 'Subject and message',
      className: 'max-w-md',
      cell: (item) => (
        <TwoLineCell
          title={item.subject}
          detail={item.message}
          detailClassName="mt-1 whitespace-pre-line text-slate-600"
        />
      ),
    },
    statusColumn(
      (item: ContactMessage) => (item.handled ? 'Handled' : 'Open'),
      (item) => (item.handled ? 'green' : 'yellow'),
    ),
    actionsColumn(
      (item: ContactMessage) =>
        !item.handled && (
          <Button
            size="sm"
            variant="secondary"
            loading={sendingFor(markHandled, item.id)}
            onClick={() => markHandled.mutate(item.id)}
            aria-label={`Mark handled: ${item.subject}`}
          >
            Mark handled
          </Button>
        ),
      { tight: false },
    ),
  ],
});
