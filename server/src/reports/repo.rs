//! The reports' reads. Reports own no table: these read the daily totals the
//! ledger (ledger_daily) and the call records (call_daily) keep, with country
//! names, and belong in those resources' repositories once they offer the reads.

use super::stats::REVENUE_KINDS;
use crate::db::Exec;

pub async fn active_numbers<'e>(ex: impl Exec<'e>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM phone_numbers WHERE status = 'active'")
        .fetch_one(ex)
        .await
}

/// Seconds of every call ever.
pub async fn call_seconds<'e>(ex: impl Exec<'e>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT CAST(COALESCE(SUM(seconds), 0) AS BIGINT) FROM call_daily")
        .fetch_one(ex)
        .await
}

/// The sum of every revenue kind's amounts (negative: what customers spent).
pub async fn revenue_total<'e>(ex: impl Exec<'e>) -> sqlx::Result<i64> {
    sqlx::query_scalar(&format!(
        "SELECT CAST(COALESCE(SUM(amount_micros), 0) AS BIGINT) FROM ledger_daily WHERE kind IN ({REVENUE_KINDS})"
    ))
    .fetch_one(ex)
    .await
}

/// Call revenue per country: (id, name, after `split`, from `since` to `split`),
/// both bounds in days since the epoch.
pub async fn call_revenue_by_country<'e>(
    ex: impl Exec<'e>,
    split: i64,
    since: i64,
) -> sqlx::Result<Vec<(i64, String, i64, i64)>> {
    sqlx::query_as(
        "SELECT c.id, c.name, \
           CAST(COALESCE(SUM(CASE WHEN d.day > $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT), \
           CAST(COALESCE(SUM(CASE WHEN d.day <= $1 THEN d.cost_micros ELSE 0 END), 0) AS BIGINT) \
         FROM call_daily d JOIN countries c ON c.id = d.country_id WHERE d.day > $2 GROUP BY c.id, c.name",
    )
    .bind(split)
    .bind(since)
    .fetch_all(ex)
    .await
}

/// (day, kind, amount) of deposits and revenue kinds between two days, inclusive.
pub async fn money_by_day<'e>(
    ex: impl Exec<'e>,
    from: i64,
    to: i64,
) -> sqlx::Result<Vec<(i64, String, i64)>> {
    sqlx::query_as(&format!(
        "SELECT day, kind, amount_micros FROM ledger_daily WHERE day BETWEEN $1 AND $2 AND kind IN ('deposit', {REVENUE_KINDS})"
    ))
    .bind(from)
    .bind(to)
    .fetch_all(ex)
    .await
}

/// (day, calls, answered, seconds) between two days, inclusive.
pub async fn calls_by_day<'e>(
    ex: impl Exec<'e>,
    from: i64,
    to: i64,
) -> sqlx::Result<Vec<(i64, i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT day, CAST(SUM(calls) AS BIGINT), CAST(SUM(answered) AS BIGINT), CAST(SUM(seconds) AS BIGINT) \
         FROM call_daily WHERE day BETWEEN $1 AND $2 GROUP BY day",
    )
    .bind(from)
    .bind(to)
    .fetch_all(ex)
    .await
}

/// The ten destinations with the most call cost between two days: (name or
/// "Unrated", calls, seconds, cost).
pub async fn top_destinations<'e>(
    ex: impl Exec<'e>,
    from: i64,
    to: i64,
) -> sqlx::Result<Vec<(String, i64, i64, i64)>> {
    sqlx::query_as(
        "SELECT COALESCE(c.name, 'Unrated'), CAST(SUM(d.calls) AS BIGINT), CAST(SUM(d.seconds) AS BIGINT), CAST(SUM(d.cost_micros) AS BIGINT) \
         FROM call_daily d LEFT JOIN countries c ON c.id = d.country_id WHERE d.day BETWEEN $1 AND $2 \
         GROUP BY COALESCE(c.name, 'Unrated') ORDER BY 4 DESC, 2 DESC LIMIT 10",
    )
    .bind(from)
    .bind(to)
    .fetch_all(ex)
    .await
}
