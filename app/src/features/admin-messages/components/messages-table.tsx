import { Button } from '../../../components/ui/button';
import type { ContactMessage } from '../api/get-messages';
import { ScrollBox } from '../../../components/ui/scroll-box';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface MessagesTableProps {
  items: ContactMessage[];
  onMarkHandled: (id: number) => void;
  pendingId: number | null;
}

export function MessagesTable({ items, onMarkHandled, pendingId }: MessagesTableProps) {
  return (
    <ScrollBox label="Contact form messages">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Contact form messages</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Received
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              From
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Subject and message
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
              </td>
              <td className="px-4 py-3">
                <p className="font-medium text-slate-900">{item.name}</p>
                <a href={`mailto:${item.email}`} className="text-brand-700 hover:underline">
                  {item.email}
                </a>
              </td>
              <td className="max-w-md px-4 py-3">
                <p className="font-medium text-slate-900">{item.subject}</p>
                <p className="mt-1 whitespace-pre-line text-slate-600">{item.message}</p>
              </td>
              <td className="px-4 py-3">
                <span
                  className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                    item.handled ? 'bg-green-100 text-green-800' : 'bg-yellow-100 text-yellow-800'
                  }`}
                >
                  {item.handled ? 'Handled' : 'Open'}
                </span>
              </td>
              <td className="px-4 py-3 text-right">
                {!item.handled && (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={pendingId === item.id}
                    onClick={() => onMarkHandled(item.id)}
                    aria-label={`Mark handled: ${item.subject}`}
                  >
                    Mark handled
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
