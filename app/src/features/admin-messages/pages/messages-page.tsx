import { useState } from 'react';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { SelectField } from '../../../components/ui/forms/select-field';
import { LoadingStatus } from '../../../components/ui/feedback/spinner';
import { PAGE_SIZE, useMessages, type MessageStatus } from '../api/get-messages';
import { useMarkHandled } from '../api/mark-handled';
import { MessagesTable } from '../components/messages-table';

const statuses: { value: MessageStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

export function MessagesPage() {
  const [status, setStatus] = useState<MessageStatus>('open');
  const [page, setPage] = useState(1);
  const messages = useMessages(status, page);
  const markHandled = useMarkHandled();
  const total = messages.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  // Handling the last message of the last page shrinks the list under our feet.
  if (total !== undefined && !messages.isPlaceholderData && page > lastPage) setPage(lastPage);

  return (
    <AppPage
      title="Messages"
      meta="Messages sent through the Dialtone contact form."
      description="Questions sent through the contact form."
      actions={
        <SelectField
          id="message-status"
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as MessageStatus);
            setPage(1);
          }}
          options={statuses}
        />
      }
    >
      <QueryList
        label="Messages"
        query={messages}
        loading={<LoadingStatus label="Loading messages..." className="justify-center p-10" />}
        error="Could not load messages."
        empty="No messages"
        paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
      >
        {(data) => <MessagesTable items={data.items} markHandled={markHandled} />}
      </QueryList>
    </AppPage>
  );
}
