import { useState } from 'react';
import {
  ActionConfirmDialog,
  type ActionConfirm,
} from '../../../components/ui/dialogs/action-confirm-dialog';
import { AppPage } from '../../../components/ui/layout/app-page';
import { QueryList } from '../../../components/ui/tables/list-panel';
import { TableSkeleton } from '../../../components/ui/tables/table-skeleton';
import { useFraudAlerts, type FraudAlert } from '../api/fraud-alerts';
import { dismissConfirm, suspendConfirm } from '../components/alert-confirms';
import { AlertsTable } from '../components/alerts-table';

export function FraudPage() {
  const alerts = useFraudAlerts();
  const [confirm, setConfirm] = useState<ActionConfirm<FraudAlert> | null>(null);
  return (
    <AppPage
      title="Fraud"
      meta="Unusual traffic on customers' accounts."
      description="A job compares each account's calls of the last hour with its own week: spending far above usual, calls to countries it never called, bursts of short calls to one range, an answer rate that collapses. An alert moves no money and suspends nobody by itself: read the evidence, then suspend the account (its calls in progress are hung up) or dismiss the alert."
    >
      <QueryList
        label="Fraud alerts"
        query={alerts}
        loading={<TableSkeleton label="Loading alerts..." rows={3} columns={5} />}
        error="Could not load the fraud alerts."
        empty="No alerts. Unusual traffic shows here within a minute of being seen."
        isEmpty={(data) => data.alerts.length === 0}
      >
        {(data) => (
          <AlertsTable
            items={data.alerts}
            onSuspend={(a) => setConfirm(suspendConfirm(a))}
            onDismiss={(a) => setConfirm(dismissConfirm(a))}
          />
        )}
      </QueryList>
      {confirm && <ActionConfirmDialog {...confirm} onClose={() => setConfirm(null)} />}
    </AppPage>
  );
}
