import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { AddButton } from '../../../components/ui/basics/add-button';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import type { NewApiKey } from '../api/create-api-key';
import { useApiKeys, type ApiKey } from '../api/get-api-keys';
import { ApiKeysTable } from './api-keys-table';
import { CreateKeyDialog } from './create-key-dialog';
import { NewKeyDialog } from './new-key-dialog';
import { revokeKeyConfirm } from './revoke-key-confirm';

/** The account's API keys: create one (its secret shown once), revoke one. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <>
      <QueryList
        heading={{
          id: 'api-keys-heading',
          title: 'API keys',
          description: 'One key per application or service: revoke it without touching the others.',
          action: <AddButton onClick={() => setCreating(true)}>Create key</AddButton>,
        }}
        query={keys}
        loading={<TableSkeleton label="Loading API keys..." rows={3} columns={4} />}
        error="Could not load your API keys."
        isEmpty={(data) => data.keys.length === 0}
        empty="No API keys yet. Create one for each application that uses the API."
      >
        {(data) => <ApiKeysTable items={data.keys} onRevoke={setRevoking} />}
      </QueryList>
      {creating && <CreateKeyDialog onCreated={setCreated} onClose={() => setCreating(false)} />}
      {created && <NewKeyDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ActionConfirmDialog {...revokeKeyConfirm(revoking)} onClose={() => setRevoking(null)} />
      )}
    </>
  );
}
