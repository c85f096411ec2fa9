import { Dialog } from '../../../components/ui/dialogs/dialog';
import { EmptyStatus } from '../../../components/ui/feedback/empty-status';
import { ListStates } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { usePaging } from '../../../lib/use-paging';
import { DocumentsList } from '../../billing/components/documents-list';
import type { BalanceItem } from '../api/get-balances';
import { USER_DOCUMENTS_PAGE_SIZE, useUserDocuments } from '../api/get-user-documents';

/** An account's receipts and statements, as issued to it, for support and accounting. */
export function UserDocumentsDialog({ user, onClose }: { user: BalanceItem; onClose: () => void }) {
  const { page, paging } = usePaging(USER_DOCUMENTS_PAGE_SIZE, { label: 'Documents pages' });
  const documents = useUserDocuments(user.id, page);
  return (
    <Dialog
      open
      size="xl"
      onClose={onClose}
      title={`Documents of ${user.name}`}
      description={`${user.email}: receipts and monthly statements, newest first`}
    >
      <div aria-busy={documents.isFetching}>
        <ListStates
          query={documents}
          loading={<TableSkeleton label="Loading documents..." />}
          error="Could not load the documents."
          empty={<EmptyStatus>No receipts or statements yet</EmptyStatus>}
          paging={paging}
        >
          {(data) => (
            <DocumentsList
              items={data.items}
              base="/admin/documents"
              caption={`Documents of ${user.name}`}
            />
          )}
        </ListStates>
      </div>
    </Dialog>
  );
}
