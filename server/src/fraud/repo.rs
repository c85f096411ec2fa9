//! The fraud job's reads of the calls table (bounded: accounts active in the window)
//! and the fraud_alerts table.

/// One account's outbound calls over a period, grouped.
#[derive(sqlx::FromRow)]
pub struct Totals {
    pub user_id: i64,
    pub calls: i64,
    pub answered: i64,
    pub cost: i64,
}

/// One account's calls to one range or country over a period.
#[derive(sqlx::FromRow)]
pub struct Group {
    pub user_id: i64,
    pub key: String,
    pub calls: i64,
    pub answered: i64,
    pub seconds: i64,
}

statements! {
    /// Accounts with outbound calls in [from, to) of which one was recorded after
    /// `recorded_after`, with their totals over [from, to) (at most 1000, the busiest
    /// first). The accounts are found once, materialized: as `user_id IN (subquery)`,
    /// PostgreSQL planned a semi join that scanned an account's calls again for each of
    /// its calls (stale statistics of the day's newest rows make it look like one row),
    /// and with 16,000 calls of one account the job ran for over a minute on a core.
    pub fn active(from: i64, to: i64, recorded_after: i64) -> all(Totals) =
        "WITH recent AS MATERIALIZED (SELECT DISTINCT user_id FROM calls WHERE direction = 'outbound' \
           AND started_at >= $1 AND created_at > $3) \
         SELECT c.user_id, COUNT(*) AS calls, \
           CAST(SUM(CASE WHEN c.answered_at IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS answered, \
           CAST(SUM(c.cost_micros) AS BIGINT) AS cost \
         FROM recent r JOIN calls c ON c.user_id = r.user_id \
         WHERE c.direction = 'outbound' AND c.started_at >= $1 AND c.started_at < $2 \
         GROUP BY c.user_id ORDER BY COUNT(*) DESC LIMIT 1000";

    /// The same totals of one account over its history [from, to).
    pub fn totals_of(user_id: i64, from: i64, to: i64) -> optional(Totals) =
        "SELECT user_id, COUNT(*) AS calls, \
          CAST(SUM(CASE WHEN answered_at IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS answered, \
          CAST(SUM(cost_micros) AS BIGINT) AS cost FROM calls \
          WHERE user_id = $1 AND direction = 'outbound' AND started_at >= $2 AND started_at < $3 \
          GROUP BY user_id";

    /// An account's outbound calls in [from, to) by the number called (at most 2000:
    /// the job groups them by range and country itself).
    pub fn numbers_of(user_id: i64, from: i64, to: i64) -> all(Group) =
        "SELECT user_id, to_number AS key, COUNT(*) AS calls, \
         CAST(SUM(CASE WHEN answered_at IS NOT NULL THEN 1 ELSE 0 END) AS BIGINT) AS answered, \
         CAST(SUM(billable_seconds) AS BIGINT) AS seconds FROM calls \
         WHERE user_id = $1 AND direction = 'outbound' AND started_at >= $2 AND started_at < $3 \
         GROUP BY user_id, to_number ORDER BY COUNT(*) DESC LIMIT 2000";

    /// The distinct numbers an account called in [from, to), at most 5000 (its
    /// history's countries are read from them).
    pub fn history_numbers(user_id: i64, from: i64, to: i64) -> scalar_all(String) =
        "SELECT DISTINCT to_number FROM calls \
         WHERE user_id = $1 AND direction = 'outbound' AND started_at >= $2 AND started_at < $3 LIMIT 5000";
}

/// An alert as the admin page lists it.
#[derive(sqlx::FromRow)]
pub struct AlertRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub evidence: String,
    pub status: String,
    pub created_at: i64,
    pub email: String,
    pub name: String,
    pub user_status: String,
}

const ALERT_COLUMNS: &str = "a.id, a.user_id, a.kind, a.evidence, a.status, a.created_at, \
    u.email, u.name, u.status AS user_status";

statements! {
    /// Opens an alert unless one of this kind is open for the account; whether it did.
    pub fn open(user_id: i64, kind: &str, evidence: &str, now: i64) -> changed_one() =
        "INSERT INTO fraud_alerts (user_id, kind, evidence, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, kind) WHERE status = 'open' DO NOTHING";

    /// Open alerts first, then the latest answered ones; at most 200.
    pub fn list() -> all(AlertRow) =
        &format!("SELECT {ALERT_COLUMNS} FROM fraud_alerts a JOIN users u ON u.id = a.user_id \
         ORDER BY CASE WHEN a.status = 'open' THEN 0 ELSE 1 END, a.id DESC LIMIT 200");

    pub fn find(id: i64) -> optional(AlertRow) =
        &format!("SELECT {ALERT_COLUMNS} FROM fraud_alerts a JOIN users u ON u.id = a.user_id WHERE a.id = $1");

    /// Answers an open alert; false when it was answered already.
    pub fn close(id: i64, status: &str, admin: i64, now: i64) -> changed_one() =
        "UPDATE fraud_alerts SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND status = 'open'";

    /// Closes the account's other open alerts with the same answer.
    pub fn close_all_of(user_id: i64, status: &str, admin: i64, now: i64) -> run() =
        "UPDATE fraud_alerts SET status = $2, decided_by = $3, decided_at = $4 WHERE user_id = $1 AND status = 'open'";
}
