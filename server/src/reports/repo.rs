//! The reports' reads. Reports own no table: these read the daily totals the
//! ledger (ledger_daily) and the call records (call_daily) keep, with country
//! names, and belong in those resources' repositories once they offer the reads.

use super::stats::REVENUE_KINDS;
use crate::db::Exec;

statements! {
    pub fn active_numbers() -> scalar_one(i64) =
        "SELECT COUNT(*) FROM phone_numbers WHERE status = 'active'";

    /// Seconds of every call ever.
    pub fn call_seconds() -> scalar_one(i64) =
        "SELECT CAST(COALESCE(SUM(seconds), 0) AS BIGINT) FROM call_daily";
}

/// The sum of every revenue kind's amounts (negative: what customers spent).
pub async fn revenue_total<'e>(ex: impl Exec<'e>) -> sqlx::Result<i64> {
    sqlx::query_scalar(&format!(
        "SELECT CAST(COALESCE(SUM(amount_micros), 0) AS BIGINT) FROM ledger_daily WHERE kind IN ({REVENUE_KINDS})"
    ))
    .fetch_one(ex)
    .await
}

statements! {
    /// Call revenue per country: (id, name, after `split`, from `since` to `split`),
    /// both bounds in days since the epoch.
    pub fn call_revenue_by_country(split: i64, since: i64) -> all((i64, String, i64, i64)) =
        "SELECT c.id, c.name, \
         CAST(COALESCE(SUM(CASE WHEN d.day > $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN d.day <= $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT) \
         FROM call_daily d JOIN countries c ON c.id = d.country_id WHERE d.day > $2 GROUP BY c.id, c.name";

    /// (day, kind, amount) of deposits and revenue kinds between two days, inclusive.
    pub fn money_by_day(from: i64, to: i64) -> all((i64, String, i64)) =
        &format!(
            "SELECT day, kind, amount_micros FROM ledger_daily WHERE day BETWEEN $1 AND $2 AND kind IN ('deposit', {REVENUE_KINDS})"
        );

    /// (day, calls, answered, seconds) between two days, inclusive.
    pub fn calls_by_day(from: i64, to: i64) -> all((i64, i64, i64, i64)) =
        "SELECT day, CAST(SUM(calls) AS BIGINT), CAST(SUM(answered) AS BIGINT), CAST(SUM(seconds) AS BIGINT) \
         FROM call_daily WHERE day BETWEEN $1 AND $2 GROUP BY day";

    /// The ten destinations with the most call cost between two days: (name or
    /// "Unrated", calls, seconds, cost).
    pub fn top_destinations(from: i64, to: i64) -> all((String, i64, i64, i64)) =
        "SELECT COALESCE(c.name, 'Unrated'), CAST(SUM(d.calls) AS BIGINT), CAST(SUM(d.seconds) AS BIGINT), CAST(SUM(d.cost_micros) AS BIGINT) \
         FROM call_daily d LEFT JOIN countries c ON c.id = d.country_id WHERE d.day BETWEEN $1 AND $2 \
         GROUP BY COALESCE(c.name, 'Unrated') ORDER BY 4 DESC, 2 DESC LIMIT 10";
}
