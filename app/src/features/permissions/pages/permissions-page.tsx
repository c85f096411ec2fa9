import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  CountrySearch,
  matchesCountry,
  NoCountryMatches,
} from '../../../components/ui/forms/country-search';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { messageOf } from '../../../lib/api-client';
import {
  permissionsKey,
  setPermission,
  usePermissions,
  type Channel,
  type CountryPermission,
} from '../api/get-permissions';
import { PermissionsTable } from '../components/permissions-table';
import { RequestCountryDialog } from '../components/request-country-dialog';
import { useLimits } from '../api/limits';
import { LimitsForm } from '../components/limits-form';
import { AskCountryForm } from '../components/ask-country-form';

type Change = { country: CountryPermission; channel: Channel; allowed: boolean };

export function PermissionsPage() {
  const permissions = usePermissions();
  const limits = useLimits();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<{ country: CountryPermission; channel: Channel } | null>(
    null,
  );
  const change = useMutation({
    mutationFn: ({ country, channel, allowed }: Change) =>
      setPermission(channel, country.iso, allowed),
    onSuccess: (page, { country, channel, allowed }) => {
      queryClient.setQueryData(permissionsKey, page);
      const what = channel === 'voice' ? 'Calls' : 'SMS';
      toast.success(`${what} to ${country.name} turned ${allowed ? 'on' : 'off'}`);
    },
    onError: (error) => toast.error(messageOf(error, 'Could not change the permission.')),
  });
  const saving = change.isPending
    ? `${change.variables.channel}:${change.variables.country.iso}`
    : null;
  return (
    <AppPage
      title="Permissions"
      meta="The countries your account may call and text."
      description="Calls and messages go only to the countries turned on here, so a stolen password or a hijacked phone cannot run up charges to far-away premium ranges. Turn off what you never use; ask for a country outside the default set and an administrator reviews it. Premium-rate, shared-cost and satellite numbers are never reachable."
    >
      <QueryList
        label="Countries"
        query={permissions}
        loading={<TableSkeleton label="Loading countries..." rows={6} columns={5} />}
        error="Could not load your permissions."
        empty="No countries are on sale yet."
        isEmpty={(data) => data.countries.length === 0}
        header={
          <div className="border-b border-slate-200 p-4">
            <CountrySearch value={search} onChange={setSearch} />
          </div>
        }
      >
        {(data) => {
          const shown = data.countries.filter((country) => matchesCountry(country, search));
          return shown.length === 0 ? (
            <NoCountryMatches />
          ) : (
            <PermissionsTable
              items={shown}
              saving={saving}
              onToggle={(country, channel, allowed) => change.mutate({ country, channel, allowed })}
              onAsk={(country, channel) => setAsking({ country, channel })}
            />
          );
        }}
      </QueryList>
      <AskCountryForm />
      {limits.data && <LimitsForm limits={limits.data} />}
      {asking && <RequestCountryDialog {...asking} onClose={() => setAsking(null)} />}
    </AppPage>
  );
}
