//! auto_recharges, and the payments that are auto-recharges (purpose `auto_recharge`).

use crate::db::{one_row, Exec};
use dialtone_core::recharge::{Phase, Settings};

/// One account's auto-recharge as stored, with what the decision reads about it.
#[derive(sqlx::FromRow)]
pub struct Row {
    pub user_id: i64,
    pub enabled: i64,
    pub threshold_micros: i64,
    pub amount_micros: i64,
    pub monthly_max_micros: i64,
    pub phase: String,
    pub retry_at: Option<i64>,
    pub failures: i64,
    pub claims: i64,
    pub off_reason: Option<String>,
    pub available: i64,
    /// Auto-recharges charged or under way since the month's first moment.
    pub recharged: i64,
    pub in_flight: i64,
}

impl Row {
    pub fn settings(&self) -> Settings {
        Settings {
            threshold: self.threshold_micros,
            amount: self.amount_micros,
            monthly_max: self.monthly_max_micros,
        }
    }

    pub fn phase(&self) -> Phase {
        let at = self.retry_at.unwrap_or(0);
        match self.phase.as_str() {
            "spent" => Phase::Spent,
            "retry" => Phase::RetryAt(at),
            "capped" => Phase::Capped(at),
            _ => Phase::Armed,
        }
    }
}

const ROW: &str = "SELECT a.user_id, a.enabled, a.threshold_micros, a.amount_micros, \
    a.monthly_max_micros, a.phase, a.retry_at, a.failures, a.claims, a.off_reason, \
    u.balance_micros - u.reserved_micros AS available, \
    CAST((SELECT COALESCE(SUM(p.amount_micros), 0) FROM payments p WHERE p.user_id = a.user_id \
      AND p.purpose = 'auto_recharge' AND p.status <> 'failed' AND p.created_at >= $1) AS BIGINT) AS recharged, \
    (SELECT COUNT(*) FROM payments p WHERE p.user_id = a.user_id AND p.purpose = 'auto_recharge' \
      AND p.status IN ('creating', 'pending')) AS in_flight \
    FROM auto_recharges a JOIN users u ON u.id = a.user_id";

/// The accounts whose auto-recharge may have something to do: armed and below the
/// threshold, or disarmed and back above it, or with a retry or a new month due.
/// A coarse filter so the job reads few rows; core decides on each.
pub async fn due<'e>(ex: impl Exec<'e>, month_start: i64, now: i64) -> sqlx::Result<Vec<Row>> {
    sqlx::query_as(&format!(
        "{ROW} WHERE a.enabled = 1 AND ( \
           (a.phase = 'armed' AND u.balance_micros - u.reserved_micros < a.threshold_micros) \
           OR (a.phase <> 'armed' AND u.balance_micros - u.reserved_micros >= a.threshold_micros) \
           OR (a.phase = 'retry' AND a.retry_at <= $2) \
           OR (a.phase = 'capped' AND a.retry_at < $1)) \
         ORDER BY a.user_id LIMIT 500"
    ))
    .bind(month_start)
    .bind(now)
    .fetch_all(ex)
    .await
}

/// One account's auto-recharge.
pub async fn find<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    month_start: i64,
) -> sqlx::Result<Option<Row>> {
    sqlx::query_as(&format!("{ROW} WHERE a.user_id = $2"))
        .bind(month_start)
        .bind(user_id)
        .fetch_optional(ex)
        .await
}

/// Saves the customer's settings. Turning it on (again) arms it and forgets earlier
/// declines and the reason it was turned off.
pub async fn save<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    enabled: bool,
    s: &Settings,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auto_recharges (user_id, enabled, threshold_micros, amount_micros, \
           monthly_max_micros, updated_at) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled, \
           threshold_micros = excluded.threshold_micros, amount_micros = excluded.amount_micros, \
           monthly_max_micros = excluded.monthly_max_micros, updated_at = excluded.updated_at, \
           phase = CASE WHEN excluded.enabled = 1 AND auto_recharges.enabled = 0 THEN 'armed' ELSE auto_recharges.phase END, \
           failures = CASE WHEN excluded.enabled = 1 AND auto_recharges.enabled = 0 THEN 0 ELSE auto_recharges.failures END, \
           off_reason = CASE WHEN excluded.enabled = 1 THEN NULL ELSE auto_recharges.off_reason END",
    )
    .bind(user_id)
    .bind(enabled as i64)
    .bind(s.threshold)
    .bind(s.amount)
    .bind(s.monthly_max)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

statements! {
    /// Turns the account's auto-recharge off, saying why.
    pub fn turn_off(user_id: i64, reason: &str, now: i64) -> changed_one() =
        "UPDATE auto_recharges SET enabled = 0, phase = 'armed', retry_at = NULL, off_reason = $1, updated_at = $2 \
         WHERE user_id = $3 AND enabled = 1", (reason, now, user_id);

    /// The balance is back above the threshold: the next crossing may recharge.
    /// Conditional on the claim read, so a decision on stale facts changes nothing.
    pub fn rearm(user_id: i64, claims: i64, now: i64) -> changed_one() =
        "UPDATE auto_recharges SET phase = 'armed', retry_at = NULL, failures = 0, updated_at = $1 \
         WHERE user_id = $2 AND claims = $3 AND phase <> 'armed'", (now, user_id, claims);

    /// The month's maximum stops this crossing until `month_start`'s month is over.
    pub fn cap(user_id: i64, claims: i64, phase: &str, month_start: i64, now: i64) -> changed_one() =
        "UPDATE auto_recharges SET phase = 'capped', retry_at = $1, claims = claims + 1, updated_at = $2 \
         WHERE user_id = $3 AND enabled = 1 AND claims = $4 AND phase = $5",
        (month_start, now, user_id, claims, phase);

    /// Claims this crossing's recharge: exactly one of any number of concurrent
    /// claimants (several instances, a retried job) sees true. A fresh crossing
    /// forgets the last one's declines.
    pub fn claim(user_id: i64, claims: i64, phase: &str, now: i64) -> changed_one() =
        "UPDATE auto_recharges SET phase = 'spent', retry_at = NULL, claims = claims + 1, \
           failures = CASE WHEN phase = 'retry' THEN failures ELSE 0 END, updated_at = $1 \
         WHERE user_id = $2 AND enabled = 1 AND claims = $3 AND phase = $4",
        (now, user_id, claims, phase);

    /// The payment of a claim, `creating` until the provider answers. Its key is
    /// unique: a second insert for one claim fails rather than charging twice.
    pub fn insert_payment(user_id: i64, provider: &str, amount: i64, key: &str, now: i64) -> scalar_one(i64) =
        "INSERT INTO payments (user_id, provider, amount_micros, status, purpose, recharge_key, created_at, updated_at) \
         VALUES ($1, $2, $3, 'creating', 'auto_recharge', $4, $5, $5) RETURNING id";

    /// Declines of the claim so far (None once a later claim replaced it).
    pub fn failures_of(user_id: i64, claims: i64) -> scalar_optional(i64) =
        "SELECT failures FROM auto_recharges WHERE user_id = $1 AND claims = $2";

    /// After a decline: try again at `retry_at`.
    pub fn retry_later(user_id: i64, claims: i64, retry_at: i64, now: i64) -> changed_one() =
        "UPDATE auto_recharges SET phase = 'retry', retry_at = $1, failures = failures + 1, updated_at = $2 \
         WHERE user_id = $3 AND claims = $4", (retry_at, now, user_id, claims);

    /// Auto-recharges stuck in `creating` since before `before` (the instance charging
    /// them stopped mid-request): charged again with the same key.
    pub fn stuck(before: i64) -> all((i64, i64, i64, String)) =
        "SELECT id, user_id, amount_micros, recharge_key FROM payments \
         WHERE purpose = 'auto_recharge' AND status = 'creating' AND updated_at < $1 ORDER BY id LIMIT 100";

    /// The auto-recharge waiting for the customer's authentication, if any.
    pub fn awaiting(user_id: i64) -> optional((i64, String)) =
        "SELECT amount_micros, client_secret FROM payments WHERE user_id = $1 \
         AND purpose = 'auto_recharge' AND status = 'pending' AND client_secret IS NOT NULL ORDER BY id DESC LIMIT 1";
}

/// Takes a stuck payment for one more attempt: whether this caller got it.
pub async fn touch_stuck<'e>(
    ex: impl Exec<'e>,
    id: i64,
    before: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE payments SET updated_at = $1 WHERE id = $2 AND status = 'creating' AND updated_at < $3",
    )
    .bind(now)
    .bind(id)
    .bind(before)
    .execute(ex)
    .await?;
    Ok(one_row(done))
}
