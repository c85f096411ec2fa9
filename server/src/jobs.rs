//! Background jobs, run by every server instance on a timer. Each job claims its
//! work with a conditional UPDATE (or FOR UPDATE SKIP LOCKED on PostgreSQL), so two
//! instances, or two runs in a row, never do the same work twice. This list is the
//! composition root's; each job's work belongs to its resource.

use crate::db::now_ms;
use crate::numbers::renewals;
use crate::state::AppState;
use serde::Serialize;
use std::time::Duration;

#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct Report {
    pub notices_sent: u64,
    pub renewed: u64,
    pub expired: u64,
    pub released: u64,
    pub packages_expired: u64,
    pub plans_renewed: u64,
    pub deposits_abandoned: u64,
    pub reservations_released: u64,
    pub trials_ended: u64,
    pub ivr_renewed: u64,
    pub ivr_ended: u64,
    pub fraud_alerts: u64,
    pub debugger_purged: u64,
    pub recordings_purged: u64,
    pub recordings_charged: u64,
    pub auto_recharges: u64,
    pub statements_issued: u64,
    pub documents_mailed: u64,
    pub usage_triggers_fired: u64,
}

/// Runs every job once as of `now` (tests pass a moment in the future).
pub async fn run_once(state: &AppState, now: i64) -> anyhow::Result<Report> {
    let mut report = Report {
        notices_sent: renewals::send_notices(state, now).await?,
        ..Default::default()
    };
    report.notices_sent += crate::packages::renewals::send_notices(state, now).await?;
    // Plans first: a plan renewed now keeps paying for its numbers renewing now.
    report.plans_renewed = crate::packages::renewals::renew_due(state, now).await?;
    let (renewed, expired) = renewals::renew_due(state, now).await?;
    report.renewed = renewed;
    report.expired = expired;
    report.released = renewals::release_after_grace(state, now).await?;
    report.packages_expired = crate::packages::expiry::expire_packages(state, now).await?;
    report.deposits_abandoned = crate::payments::abandon_stale_deposits(state, now).await?;
    report.auto_recharges = crate::payments::recharge::run_due(state, now).await?;
    report.statements_issued = crate::documents::issue_statements(state, now).await?;
    report.documents_mailed = crate::documents::mail_documents(state, now).await?;
    report.usage_triggers_fired = crate::usage::triggers::fire_due(state, now).await?;
    report.reservations_released =
        crate::voice::release::release_stale_reservations(state, now).await?;
    report.trials_ended = crate::trial::expire_due(state, now).await?;
    // IVR flows in use renew on the numbers' cycle, after the numbers (a number that
    // just ended no longer keeps its flow in use).
    report.notices_sent += crate::ivr::billing::send_notices(state, now).await?;
    (report.ivr_renewed, report.ivr_ended) = crate::ivr::billing::renew_due(state, now).await?;
    report.fraud_alerts = crate::fraud::detect_due(state, now).await?;
    report.debugger_purged = crate::debugger::purge(state, now).await?;
    report.recordings_purged = crate::voice::twiml::retention::purge_expired(state, now).await?;
    report.recordings_charged =
        crate::voice::twiml::recording_charges::charge_due(state, now).await?;
    Ok(report)
}

/// Starts the timer loop. DIALTONE_JOB_INTERVAL_SECS sets the period (default 30).
/// Webhooks have a loop of their own: they are due within seconds, not minutes.
pub fn spawn(state: AppState) {
    crate::webhooks::spawn(state.clone());
    crate::sms::smpp::spawn(state.clone());
    crate::voice::ivr_endpoint::spawn(state.clone());
    let secs = std::env::var("DIALTONE_JOB_INTERVAL_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(30u64);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(secs.max(1)));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match run_once(&state, now_ms()).await {
                Ok(r) if r != Report::default() => {
                    tracing::info!(report = ?r, "background jobs ran")
                }
                Ok(_) => {}
                Err(e) => tracing::error!(error = ?e, "background jobs failed"),
            }
        }
    });
}
