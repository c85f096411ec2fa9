//! The detection job: each account whose outbound calls were recorded since the last
//! look is compared with its own history (core's `fraud::detect`); a new alert is
//! opened for the admin's Fraud page and the customer is told.

use super::repo;
use crate::state::AppState;
use dialtone_core::fraud::{self, Counts, Range, Traffic};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::Ordering;

/// Looks at accounts with calls recorded since the last run (the whole window on
/// the first); how many alerts it opened.
pub async fn detect_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let since = state.fraud_checked_at.swap(now, Ordering::Relaxed);
    let window_start = now - fraud::WINDOW_MS;
    let recent = repo::active(
        &state.db.pool,
        window_start,
        now + 1,
        since.max(window_start),
    )
    .await?;
    let mut opened = 0;
    for totals in recent {
        let traffic = traffic_of(state, &totals, now).await?;
        for alert in fraud::detect(&traffic) {
            if open(state, totals.user_id, &alert).await? {
                opened += 1;
            }
        }
    }
    Ok(opened)
}

fn counts(t: &repo::Totals) -> Counts {
    Counts {
        calls: t.calls,
        answered: t.answered,
        cost: t.cost,
    }
}

/// The account's window and history, with its new countries and busiest range.
async fn traffic_of(state: &AppState, recent: &repo::Totals, now: i64) -> anyhow::Result<Traffic> {
    let pool = &state.db.pool;
    let (user, start) = (recent.user_id, now - fraud::WINDOW_MS);
    let history_start = start - fraud::HISTORY_HOURS * 3600 * 1000;
    let history = repo::totals_of(pool, user, history_start, start).await?;
    let numbers = repo::numbers_of(pool, user, start, now + 1).await?;
    let known: BTreeSet<String> = repo::history_numbers(pool, user, history_start, start)
        .await?
        .iter()
        .filter_map(|n| crate::infra::numbering::country(n))
        .collect();
    let mut countries: BTreeMap<String, i64> = BTreeMap::new();
    let mut ranges: BTreeMap<String, Range> = BTreeMap::new();
    for n in &numbers {
        let country = crate::infra::numbering::country(&n.key).unwrap_or_else(|| "??".into());
        if !known.contains(&country) {
            *countries.entry(country).or_default() += n.calls;
        }
        let prefix = fraud::range_of(&n.key).to_string();
        let r = ranges.entry(prefix.clone()).or_insert_with(|| Range {
            prefix,
            ..Range::default()
        });
        (r.calls, r.answered, r.seconds) = (
            r.calls + n.calls,
            r.answered + n.answered,
            r.seconds + n.seconds,
        );
    }
    Ok(Traffic {
        recent: counts(recent),
        history: history.as_ref().map(counts).unwrap_or_default(),
        new_countries: countries.into_iter().collect(),
        busiest_range: ranges.into_values().max_by_key(|r| r.calls),
    })
}

/// Opens the alert unless one of its kind is open; tells the customer when it does.
async fn open(state: &AppState, user_id: i64, alert: &fraud::Alert) -> anyhow::Result<bool> {
    let now = crate::db::now_ms();
    let kind = alert.kind.code();
    if !repo::open(&state.db.pool, user_id, kind, &alert.evidence, now).await? {
        return Ok(false);
    }
    tracing::warn!(user_id, kind, evidence = %alert.evidence, "fraud alert opened");
    metrics::counter!("dialtone_fraud_alerts_total", "kind" => kind).increment(1);
    let title = "Unusual activity on your account";
    let message = format!(
        "{} {} We are looking into it; if this was not you, change your password and \
         lower your limits on the Permissions page.",
        alert.kind.title(),
        alert.evidence
    );
    crate::notifications::notify(&state.db.pool, user_id, "security", title, &message).await?;
    if let Some(user) = crate::users::repo::find_by_id(&state.db.pool, user_id).await? {
        let body = format!("Hello {},\n\n{message}\n\nDialtone", user.name);
        state.mailer.send(&user.email, title, &body).await?;
    }
    Ok(true)
}
