//! The account's usage alert settings.

statements! {
    /// The account's own low-balance threshold (None inside: the platform's).
    pub fn low_balance_of(user_id: i64) -> scalar_optional(Option<i64>) =
        "SELECT low_balance_micros FROM users WHERE id = $1";

    /// Sets it; the next fall under it warns again.
    pub fn set_low_balance(user_id: i64, micros: Option<i64>) -> run() =
        "UPDATE users SET low_balance_micros = $1, low_balance_notified = 0 WHERE id = $2", (micros, user_id);
}

use crate::db::Exec;
use dialtone_core::usage::Totals;

/// Puts one direction's (count, billable seconds, price) of calls into `t`.
fn set_calls(t: &mut Totals, direction: &str, (count, seconds, price): (i64, i64, i64)) {
    if direction == "inbound" {
        (
            t.calls_inbound,
            t.calls_inbound_seconds,
            t.calls_inbound_price,
        ) = (count, seconds, price);
    } else {
        (
            t.calls_outbound,
            t.calls_outbound_seconds,
            t.calls_outbound_price,
        ) = (count, seconds, price);
    }
}

/// What `user_id` used in [from, to): calls by direction, messages, numbers (a month
/// bought or renewed; a purchase's setup fee is priced, not counted), recordings, and
/// the total price (usage debits less refunds, from the ledger).
pub async fn totals<'e>(
    ex: impl Exec<'e> + Copy,
    user_id: i64,
    from: i64,
    to: i64,
) -> sqlx::Result<Totals> {
    let calls: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "SELECT direction, COUNT(*), CAST(COALESCE(SUM(billable_seconds), 0) AS BIGINT), \
         CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) FROM calls \
         WHERE user_id = $1 AND started_at >= $2 AND started_at < $3 GROUP BY direction",
    )
    .bind(user_id)
    .bind(from)
    .bind(to)
    .fetch_all(ex)
    .await?;
    let (sms, sms_price, numbers, numbers_price, recordings, recording_ms, recordings_price, total): (i64, i64, i64, i64, i64, i64, i64, i64) =
        sqlx::query_as(
            "SELECT \
             (SELECT COUNT(*) FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification' AND created_at >= $2 AND created_at < $3), \
             (SELECT CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification' AND created_at >= $2 AND created_at < $3), \
             (SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1 AND kind IN ('number_purchase', 'number_renewal') AND description NOT LIKE 'Setup fee%' AND created_at >= $2 AND created_at < $3), \
             (SELECT CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) FROM ledger_entries WHERE user_id = $1 AND kind IN ('number_purchase', 'number_renewal') AND created_at >= $2 AND created_at < $3), \
             (SELECT COUNT(*) FROM recordings WHERE user_id = $1 AND created_at >= $2 AND created_at < $3), \
             (SELECT CAST(COALESCE(SUM(duration_ms), 0) AS BIGINT) FROM recordings WHERE user_id = $1 AND created_at >= $2 AND created_at < $3), \
             (SELECT CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) FROM ledger_entries WHERE user_id = $1 AND kind = 'recording' AND created_at >= $2 AND created_at < $3), \
             (SELECT CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) FROM ledger_entries WHERE user_id = $1 \
               AND kind IN ('call', 'sms', 'number_purchase', 'number_renewal', 'package_purchase', 'ivr_subscription', 'refund', 'recording') \
               AND created_at >= $2 AND created_at < $3)",
        )
        .bind(user_id)
        .bind(from)
        .bind(to)
        .fetch_one(ex)
        .await?;
    let mut t = Totals {
        sms,
        sms_price,
        numbers,
        numbers_price,
        recordings,
        recordings_seconds: recording_ms / 1000,
        recordings_price,
        total_price: total,
        ..Default::default()
    };
    for (direction, count, seconds, price) in calls {
        set_calls(&mut t, &direction, (count, seconds, price));
    }
    Ok(t)
}

/// What `user_id` used in [from, to) day by day (days since 1970-01-01, UTC; a day
/// without usage is absent): the same sums as `totals`, grouped, in six queries
/// whatever the number of days.
pub async fn totals_by_day<'e>(
    ex: impl Exec<'e> + Copy,
    user_id: i64,
    from: i64,
    to: i64,
) -> sqlx::Result<std::collections::BTreeMap<i64, Totals>> {
    let mut days: std::collections::BTreeMap<i64, Totals> = Default::default();
    let calls: Vec<(i64, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT CAST(started_at / 86400000 AS BIGINT) AS d, direction, COUNT(*), \
         CAST(COALESCE(SUM(billable_seconds), 0) AS BIGINT), CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) \
         FROM calls WHERE user_id = $1 AND started_at >= $2 AND started_at < $3 GROUP BY d, direction",
    )
    .bind(user_id)
    .bind(from)
    .bind(to)
    .fetch_all(ex)
    .await?;
    for (d, direction, count, seconds, price) in calls {
        set_calls(
            days.entry(d).or_default(),
            &direction,
            (count, seconds, price),
        );
    }
    let grouped = [
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS d, COUNT(*), CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) \
         FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification' AND created_at >= $2 AND created_at < $3 GROUP BY d",
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS d, \
         CAST(COALESCE(SUM(CASE WHEN description NOT LIKE 'Setup fee%' THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) FROM ledger_entries \
         WHERE user_id = $1 AND kind IN ('number_purchase', 'number_renewal') AND created_at >= $2 AND created_at < $3 GROUP BY d",
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS d, COUNT(*), CAST(COALESCE(SUM(duration_ms), 0) AS BIGINT) \
         FROM recordings WHERE user_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY d",
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS d, COUNT(*), CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) \
         FROM ledger_entries WHERE user_id = $1 AND kind = 'recording' AND created_at >= $2 AND created_at < $3 GROUP BY d",
        "SELECT CAST(created_at / 86400000 AS BIGINT) AS d, COUNT(*), CAST(COALESCE(-SUM(amount_micros), 0) AS BIGINT) \
         FROM ledger_entries WHERE user_id = $1 \
         AND kind IN ('call', 'sms', 'number_purchase', 'number_renewal', 'package_purchase', 'ivr_subscription', 'refund', 'recording') \
         AND created_at >= $2 AND created_at < $3 GROUP BY d",
    ];
    for (which, sql) in grouped.iter().enumerate() {
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as(sql)
            .bind(user_id)
            .bind(from)
            .bind(to)
            .fetch_all(ex)
            .await?;
        for (d, count, sum) in rows {
            let t = days.entry(d).or_default();
            match which {
                0 => (t.sms, t.sms_price) = (count, sum),
                1 => (t.numbers, t.numbers_price) = (count, sum),
                2 => (t.recordings, t.recordings_seconds) = (count, sum / 1000),
                3 => t.recordings_price = sum,
                _ => t.total_price = sum,
            }
        }
    }
    Ok(days)
}

/// A usage trigger as stored.
#[derive(sqlx::FromRow, Clone)]
pub struct Trigger {
    pub id: i64,
    pub user_id: i64,
    pub friendly_name: String,
    pub usage_category: String,
    pub trigger_by: String,
    pub trigger_value: String,
    pub value: i64,
    pub recurring: String,
    pub callback_url: String,
    pub callback_method: String,
    pub current_value: i64,
    pub fired_period: Option<i64>,
    pub date_fired: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

pub struct NewTrigger<'a> {
    pub friendly_name: &'a str,
    pub usage_category: &'a str,
    pub trigger_by: &'a str,
    pub trigger_value: &'a str,
    pub value: i64,
    pub recurring: &'a str,
    pub callback_url: &'a str,
    pub callback_method: &'a str,
}

const TRIGGER: &str = "SELECT id, user_id, friendly_name, usage_category, trigger_by, trigger_value, value, \
    recurring, callback_url, callback_method, current_value, fired_period, date_fired, created_at, updated_at \
    FROM usage_triggers";

pub async fn insert_trigger<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    t: &NewTrigger<'_>,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO usage_triggers (user_id, friendly_name, usage_category, trigger_by, trigger_value, value, \
         recurring, callback_url, callback_method, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) RETURNING id",
    )
    .bind(user_id)
    .bind(t.friendly_name)
    .bind(t.usage_category)
    .bind(t.trigger_by)
    .bind(t.trigger_value)
    .bind(t.value)
    .bind(t.recurring)
    .bind(t.callback_url)
    .bind(t.callback_method)
    .bind(now)
    .fetch_one(ex)
    .await
}

statements! {
    /// One of the account's triggers.
    pub fn find_trigger(user_id: i64, id: i64) -> optional(Trigger) =
        &format!("{TRIGGER} WHERE user_id = $1 AND id = $2");

    /// A page of the account's triggers, oldest first.
    pub fn triggers_of(user_id: i64, limit: i64, offset: i64) -> all(Trigger) =
        &format!("{TRIGGER} WHERE user_id = $1 ORDER BY id LIMIT $2 OFFSET $3");

    pub fn count_triggers(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM usage_triggers WHERE user_id = $1";

    pub fn delete_trigger(user_id: i64, id: i64) -> changed_one() =
        "DELETE FROM usage_triggers WHERE user_id = $1 AND id = $2";

    /// Renames a trigger or points it elsewhere (what Twilio lets change).
    pub fn update_trigger(user_id: i64, id: i64, name: &str, url: &str, method: &str, now: i64) -> changed_one() =
        "UPDATE usage_triggers SET friendly_name = $1, callback_url = $2, callback_method = $3, updated_at = $4 \
         WHERE user_id = $5 AND id = $6", (name, url, method, now, user_id, id);

    /// Every trigger, for the job (bounded).
    pub fn all_triggers() -> all(Trigger) = &format!("{TRIGGER} ORDER BY id LIMIT 5000");

    /// The current value seen by the job.
    pub fn set_current(id: i64, value: i64, now: i64) -> run() =
        "UPDATE usage_triggers SET current_value = $1, updated_at = $2 WHERE id = $3", (value, now, id);

    /// The account's API SID (None before its first API credentials).
    pub fn account_sid_of(user_id: i64) -> scalar_optional(String) =
        "SELECT account_sid FROM api_accounts WHERE user_id = $1";

    /// Fires a trigger in `period` once: whether this caller fired it.
    pub fn fire(id: i64, period: i64, value: i64, now: i64) -> changed_one() =
        "UPDATE usage_triggers SET fired_period = $1, date_fired = $2, current_value = $3, updated_at = $2 \
         WHERE id = $4 AND (fired_period IS NULL OR fired_period <> $1)", (period, now, value, id);
}
