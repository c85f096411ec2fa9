//! The webhook_deliveries queue and its webhook_attempts log.

use crate::db::claim::Lease;

const COLUMNS: &str = "id, event, url, status, attempts, next_attempt_at, last_status_code, \
    last_error, created_at, delivered_at";

/// A delivery as its owner sees it.
#[derive(sqlx::FromRow)]
pub struct Stored {
    pub id: i64,
    pub event: String,
    pub url: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: Option<i64>,
    pub last_status_code: Option<i64>,
    pub last_error: Option<String>,
    pub created_at: i64,
    pub delivered_at: Option<i64>,
}

/// A delivery this instance holds the lease of (`lease` is its claimed_until).
#[derive(sqlx::FromRow)]
pub struct Claimed {
    pub id: i64,
    pub user_id: i64,
    pub url: String,
    /// GET or POST.
    pub method: String,
    pub body: String,
    pub attempts: i64,
    pub give_up_at: i64,
    #[sqlx(rename = "claimed_until")]
    pub lease: i64,
}

/// How an attempt ended for the delivery.
pub enum Outcome {
    Delivered,
    RetryAt(i64),
    Failed,
}

statements! {
    pub fn insert(
        user_id: i64,
        event: &str,
        // The URL and the method it is asked with.
        target: (&str, &str),
        body: &str,
        now: i64,
        give_up_at: i64,
    ) -> scalar_one(i64) =
        "INSERT INTO webhook_deliveries (user_id, event, url, method, body, status, attempts, \
         next_attempt_at, give_up_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $7, $6, $6) RETURNING id",
        (user_id, event, target.0, target.1, body, now, give_up_at);
}

/// The deliveries due, as the sender leases them (see `Lease::take`).
/// Fair between accounts: turns in each batch, at most ACCOUNT_SHARE of an account's
/// deliveries in flight on all instances (a claimed, pending delivery is in flight),
/// none to a parked endpoint.
pub const DUE: Lease<'static> = Lease {
    table: "webhook_deliveries",
    due: "status = 'pending' AND next_attempt_at <= $1 \
          AND (claimed_until IS NULL OR claimed_until <= $1) \
          AND (SELECT COUNT(*) FROM webhook_deliveries f WHERE f.user_id = webhook_deliveries.user_id \
               AND f.status = 'pending' AND f.claimed_until > $1) < 16 \
          AND NOT EXISTS (SELECT 1 FROM webhook_parked p WHERE p.url = webhook_deliveries.url \
               AND p.parked_until > $1)",
    order: "next_attempt_at, id",
    also_set: "",
    returning: "id, user_id, url, method, body, attempts, give_up_at, claimed_until",
    fair: Some(("user_id", ACCOUNT_SHARE)),
};

/// Deliveries of one account in flight at once (of the sender's 128 per instance):
/// written into DUE's condition as its literal 16.
pub const ACCOUNT_SHARE: i64 = 16;

/// How long an endpoint that failed 3 times in a row (endpoint_failed's literal 3, core's
/// breaker::FAILURES_TO_PARK) is left alone: its deliveries wait, their day of retries
/// running on.
pub const PARK_MS: i64 = dialtone_core::breaker::PARK_MS;

statements! {
    /// An attempt at `url` got no answer: one more failure in a row, and from the
    /// PARK_AFTER-th the endpoint is parked until `until`.
    pub fn endpoint_failed(url: &str, until: i64, now: i64) -> run() =
        "INSERT INTO webhook_parked (url, failures, parked_until) VALUES ($1, 1, $3) \
         ON CONFLICT (url) DO UPDATE SET failures = webhook_parked.failures + 1, \
         parked_until = CASE WHEN webhook_parked.failures + 1 >= 3 THEN $2 ELSE $3 END",
        (url, until, now);

    /// `url` answered: it is not parked any more.
    pub fn endpoint_answered(url: &str) -> run() =
        "DELETE FROM webhook_parked WHERE url = $1", (url);
}

statements! {
    /// Logs one attempt: the answer's status code or why there was none.
    pub fn record_attempt(
        delivery_id: i64,
        at: i64,
        status_code: Option<i64>,
        error: Option<&str>,
        duration_ms: i64,
    ) -> run() =
        "INSERT INTO webhook_attempts (delivery_id, attempted_at, status_code, error, duration_ms) \
         VALUES ($1, $2, $3, $4, $5)";
}

impl Outcome {
    fn status(&self) -> &'static str {
        match self {
            Outcome::Delivered => "delivered",
            Outcome::RetryAt(_) => "pending",
            Outcome::Failed => "failed",
        }
    }

    fn next_attempt_at(&self) -> Option<i64> {
        match self {
            Outcome::RetryAt(at) => Some(*at),
            _ => None,
        }
    }

    /// When it was delivered, if this attempt at `now` delivered it.
    fn delivered_at(&self, now: i64) -> Option<i64> {
        matches!(self, Outcome::Delivered).then_some(now)
    }
}

statements! {
    /// Ends the lease `lease` with the attempt's outcome; false when the lease was lost.
    pub fn finish(
        claimed: &Claimed,
        now: i64,
        status_code: Option<i64>,
        error: Option<&str>,
        outcome: Outcome,
    ) -> changed_one() =
        "UPDATE webhook_deliveries SET status = $1, next_attempt_at = $2, \
         delivered_at = COALESCE($3, delivered_at), attempts = attempts + 1, \
         last_status_code = $4, last_error = $5, claimed_until = NULL, updated_at = $6 \
         WHERE id = $7 AND claimed_until = $8",
        (
            outcome.status(),
            outcome.next_attempt_at(),
            outcome.delivered_at(now),
            status_code,
            error,
            now,
            claimed.id,
            claimed.lease,
        );
}

statements! {
    /// A user's latest deliveries, newest first.
    pub fn recent(user_id: i64, limit: i64) -> all(Stored) =
        &format!(
            "SELECT {COLUMNS} FROM webhook_deliveries WHERE user_id = $1 ORDER BY id DESC LIMIT $2"
        );

    /// One of a user's deliveries.
    pub fn find(user_id: i64, id: i64) -> optional(Stored) =
        &format!(
            "SELECT {COLUMNS} FROM webhook_deliveries WHERE id = $1 AND user_id = $2"
        ), (id, user_id);
}

statements! {
    /// Queues one of a user's deliveries again at `now`, retried until `give_up_at`;
    /// false when the user has no such delivery. A lease in progress is left alone, so
    /// the attempt in flight is never sent twice at once.
    pub fn requeue(user_id: i64, id: i64, now: i64, give_up_at: i64) -> changed_one() =
        "UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $1, \
         give_up_at = $2, updated_at = $1 WHERE id = $3 AND user_id = $4",
        (now, give_up_at, id, user_id);
}

statements! {
    /// Where a number's owner wants its calls reported: (VoiceUrl, StatusCallback), and the
    /// owner's account SID when they have one.
    pub fn call_hooks(number_id: i64) -> optional((Option<String>, Option<String>, String)) =
        "SELECT n.voice_url, n.status_callback, a.account_sid FROM phone_numbers n \
         JOIN api_accounts a ON a.user_id = n.owner_id \
         WHERE n.id = $1 AND (n.voice_url IS NOT NULL OR n.status_callback IS NOT NULL)";

    /// What a message's status callback names: its sender, recipient and status.
    pub fn message_parties(user_id: i64, id: i64) -> optional((Option<String>, String, String)) =
        "SELECT from_number, to_number, status FROM sms_messages WHERE user_id = $1 AND id = $2";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_in_flight_cap_in_sql_is_the_accounts_share() {
        assert!(DUE.due.contains(&format!(") < {ACCOUNT_SHARE}")));
        assert_eq!(DUE.fair, Some(("user_id", ACCOUNT_SHARE)));
    }

    #[test]
    fn the_queue_parks_after_as_many_misses_as_cores_breaker() {
        let literal = format!(">= {} THEN", dialtone_core::breaker::FAILURES_TO_PARK);
        let source = include_str!("repo.rs");
        assert!(
            source.contains(&literal),
            "endpoint_failed parks at {literal}"
        );
    }
}
