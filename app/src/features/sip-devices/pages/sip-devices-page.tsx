import { ActionConfirmDialog } from '../../../components/ui/dialogs/action-confirm-dialog';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import type { NewSipDevice } from '../api/create-device';
import { useSipDevices, type SipDevice } from '../api/get-devices';
import { deleteDeviceConfirm } from '../components/delete-device-confirm';
import { DevicesTable } from '../components/devices-table';
import { NewDeviceForm } from '../components/new-device-form';
import { NewPasswordPanel } from '../components/new-password-panel';
import { Section } from '../../../components/ui/layout/section';
import { ServerSettings } from '../components/server-settings';
import { CallerIdRuleForm } from '../components/caller-id-rule';
import { VerifiedCallerIds } from '../components/verified-caller-ids';
import { SoftphoneGuide } from '../components/softphone-guide';

export function SipDevicesPage() {
  const devices = useSipDevices();
  const [created, setCreated] = useState<NewSipDevice | null>(null);
  const [deleting, setDeleting] = useState<SipDevice | null>(null);
  return (
    <AppPage
      title="SIP Devices"
      meta="SIP credentials for your phones and softphones."
      description="Credentials for desk phones and softphones: they register with Dialtone's SIP switch and call out with one of your numbers as caller ID."
    >
      <Section id="new-device-heading" title="New device" className="space-y-4 p-6">
        {created ? (
          <NewPasswordPanel created={created} onDone={() => setCreated(null)} />
        ) : devices.data ? (
          <NewDeviceForm callerIds={devices.data.callerIds} onCreated={setCreated} />
        ) : null}
      </Section>
      <QueryList
        label="My SIP devices"
        query={devices}
        loading={<TableSkeleton label="Loading devices..." rows={3} columns={4} />}
        error="Could not load your devices."
        empty="No SIP devices yet. Create one above and enter its credentials in your phone."
      >
        {(data) => <DevicesTable items={data.items} onDelete={setDeleting} />}
      </QueryList>
      <Section
        id="caller-id-rule-heading"
        title="Numbers your phones show"
        className="space-y-4 p-6"
      >
        <CallerIdRuleForm />
      </Section>
      <Section id="verified-caller-ids-heading" title="Verified numbers" className="space-y-4 p-6">
        <VerifiedCallerIds />
      </Section>
      {devices.data && (
        <Section id="sip-settings-heading" title="Connection settings" className="space-y-4 p-6">
          <p className="text-sm text-slate-600">
            Enter these in your phone or softphone with a device&apos;s username and password.
          </p>
          <ServerSettings server={devices.data.server} />
          <SoftphoneGuide server={devices.data.server} />
          <p className="text-sm text-slate-600">
            No softphone at hand? The{' '}
            <Link to={paths.client.phone} className="font-semibold text-brand-700 underline">
              Phone
            </Link>{' '}
            page calls from this browser with your number, with nothing to install or type.
          </p>
        </Section>
      )}
      {deleting && (
        <ActionConfirmDialog {...deleteDeviceConfirm(deleting)} onClose={() => setDeleting(null)} />
      )}
    </AppPage>
  );
}
