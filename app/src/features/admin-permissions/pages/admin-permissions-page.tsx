import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import {
  adminPermissionsKey,
  decide,
  useAdminPermissions,
  useDefaultLimits,
  type WaitingRequest,
} from '../api/admin-permissions';
import { DefaultLimitsForm } from '../components/default-limits-form';
import { ListsForm } from '../components/lists-form';
import { RequestsTable } from '../components/requests-table';
import { refreshAfterWrite } from '../../../lib/refresh-after-write';

export function AdminPermissionsPage() {
  const permissions = useAdminPermissions();
  const limits = useDefaultLimits();
  const queryClient = useQueryClient();
  const answer = useMutation({
    mutationFn: ({ request, approve }: { request: WaitingRequest; approve: boolean }) =>
      decide(request.id, approve),
    onSuccess: (_, { request, approve }) => {
      toast.success(`${approve ? 'Granted' : 'Declined'}: ${request.country} for ${request.email}`);
      void refreshAfterWrite(queryClient, { queryKey: adminPermissionsKey });
    },
    onError: (error) => toast.error(messageOf(error, 'Could not answer the request.')),
  });
  return (
    <AppPage
      title="Permissions"
      meta="Where accounts may call and text, and how much."
      description="Each account reaches only the countries of its set: new accounts get the defaults below, customers turn countries off and ask for others, and you grant or decline. Numbers under a high-risk prefix are refused for everyone, as premium-rate, shared-cost and satellite numbers always are."
    >
      <QueryList
        label="Requests waiting"
        query={permissions}
        loading={<TableSkeleton label="Loading requests..." rows={3} columns={5} />}
        error="Could not load the permission requests."
        empty="No requests are waiting."
        isEmpty={(data) => data.requests.length === 0}
      >
        {(data) => (
          <RequestsTable
            items={data.requests}
            answering={answer.isPending ? answer.variables.request.id : null}
            onDecide={(request, approve) => answer.mutate({ request, approve })}
          />
        )}
      </QueryList>
      {permissions.data && (
        <ListsForm
          key={JSON.stringify([
            permissions.data.voiceCountries,
            permissions.data.smsCountries,
            permissions.data.highRiskPrefixes,
          ])}
          saved={{
            voiceCountries: permissions.data.voiceCountries,
            smsCountries: permissions.data.smsCountries,
            highRiskPrefixes: permissions.data.highRiskPrefixes,
          }}
        />
      )}
      {limits.data && <DefaultLimitsForm saved={limits.data} />}
    </AppPage>
  );
}
