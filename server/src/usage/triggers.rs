//! The job that fires usage triggers: each trigger's category is read for its period
//! (core decides the period and whether it fires); a trigger fires once per period,
//! claimed by a conditional UPDATE, with a signed callback, a notification and a mail.

use super::repo::{self, Trigger};
use crate::state::AppState;
use crate::webhooks::{sid, API_VERSION};
use dialtone_core::usage::{self, TriggerBy};

/// A time as Twilio's parameters write it.
fn rfc2822(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%a, %d %b %Y %H:%M:%S +0000")
        .to_string()
}

/// The URI of a trigger's usage record, as Twilio gives it in the callback.
pub fn record_uri(account_sid: &str, category: &str) -> String {
    format!("/{API_VERSION}/Accounts/{account_sid}/Usage/Records.json?Category={category}")
}

/// Fires the triggers that are due; the number fired.
pub async fn fire_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut fired = 0;
    for t in repo::all_triggers(&state.db.pool).await? {
        let Some(period) = usage::period_start(&t.recurring, now) else {
            continue;
        };
        let by = TriggerBy::parse(&t.trigger_by).unwrap_or(TriggerBy::Usage);
        let totals = repo::totals(&state.db.pool, t.user_id, period, i64::MAX).await?;
        let Some(record) = usage::record(&t.usage_category, &totals) else {
            continue;
        };
        let value = usage::current(by, &record);
        if !usage::fires(t.value, value, t.fired_period, period) {
            if value != t.current_value {
                repo::set_current(&state.db.pool, t.id, value, now).await?;
            }
            continue;
        }
        if fire(state, &t, period, value, now).await? {
            fired += 1;
        }
    }
    Ok(fired)
}

fn shown(by: TriggerBy, value: i64) -> String {
    match by {
        TriggerBy::Price => dialtone_core::money::format_micros(value),
        _ => value.to_string(),
    }
}

async fn fire(
    state: &AppState,
    t: &Trigger,
    period: i64,
    value: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    if !repo::fire(&mut *tx, t.id, period, value, now).await? {
        return Ok(false);
    }
    let by = TriggerBy::parse(&t.trigger_by).unwrap_or(TriggerBy::Usage);
    let account_sid = repo::account_sid_of(&mut *tx, t.user_id)
        .await?
        .unwrap_or_default();
    let trigger_sid = sid("UT", t.id);
    let params = [
        ("AccountSid", account_sid.clone()),
        ("UsageTriggerSid", trigger_sid.clone()),
        ("DateFired", rfc2822(now)),
        ("Recurring", t.recurring.clone()),
        ("UsageCategory", t.usage_category.clone()),
        ("TriggerBy", t.trigger_by.clone()),
        ("TriggerValue", t.trigger_value.clone()),
        ("CurrentValue", shown_plain(by, value)),
        (
            "UsageRecordUri",
            record_uri(&account_sid, &t.usage_category),
        ),
        ("IdempotencyToken", format!("{trigger_sid}-{period}")),
    ];
    crate::webhooks::enqueue(
        &mut *tx,
        t.user_id,
        "usage.trigger",
        &t.callback_url,
        &params,
    )
    .await?;
    let name = if t.friendly_name.is_empty() {
        &t.usage_category
    } else {
        &t.friendly_name
    };
    let message = format!(
        "Your usage trigger \"{name}\" fired: {} reached {} (its value is {}).",
        t.usage_category,
        shown(by, value),
        shown(by, t.value)
    );
    crate::notifications::notify(
        &mut *tx,
        t.user_id,
        "usage",
        "Usage trigger fired",
        &message,
    )
    .await?;
    tx.commit().await?;
    crate::notifications::mail_if_opted_in(state, t.user_id, "Usage trigger fired", &message)
        .await?;
    Ok(true)
}

/// A value as Twilio's callback sends it: dollars for a price, else the number.
fn shown_plain(by: TriggerBy, value: i64) -> String {
    match by {
        TriggerBy::Price => dialtone_core::money::from_micros(value).to_string(),
        _ => value.to_string(),
    }
}
