//! The dashboard's reads. The dashboard owns no table: each query here reads other
//! resources' tables (phone_numbers, user_packages, sms_messages, calls,
//! ledger_entries, countries, users, notifications) in one bounded statement, and
//! belongs in the owning resource's repository once it offers the read.

use crate::db::Exec;

statements! {
    /// (active numbers, seconds left in active packages, messages not failed since
    /// `month_start`, unread notifications) of a user.
    pub fn counts(user_id: i64, now: i64, month_start: i64) -> one((i64, i64, i64, i64)) =
        "SELECT (SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1 AND status = 'active'), \
         (SELECT CAST(COALESCE(SUM(seconds_remaining), 0) AS BIGINT) FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2), \
         (SELECT COUNT(*) FROM sms_messages WHERE user_id = $1 AND status <> 'failed' AND purpose <> 'verification' AND created_at >= $3), \
         (SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL)";

    /// (available balance, destination name, its per-message rate): the destination
    /// texted most since `since`, else the country of the first active number, else
    /// the US. None when no such country exists.
    pub fn sms_destination(user_id: i64, since: i64) -> optional((i64, String, i64)) =
        "SELECT u.balance_micros - u.reserved_micros, c.name, c.sms_rate_micros FROM users u, countries c \
         WHERE u.id = $1 AND c.id = COALESCE( \
         (SELECT m.country_id FROM sms_messages m WHERE m.user_id = $1 AND m.purpose <> 'verification' AND m.created_at >= $2 AND m.country_id IS NOT NULL \
         GROUP BY m.country_id ORDER BY COUNT(*) DESC, m.country_id LIMIT 1), \
         (SELECT n.country_id FROM phone_numbers n WHERE n.owner_id = $1 AND n.status = 'active' ORDER BY n.id LIMIT 1), \
         (SELECT us.id FROM countries us WHERE us.code = 'US'))";

    /// The user's 8 latest calls: (id, direction, from, to, duration, cost, started).
    pub fn recent_calls(user_id: i64) -> all((i64, String, String, String, i64, i64, i64)) =
        "SELECT id, direction, from_number, to_number, duration_seconds, cost_micros, started_at FROM calls WHERE user_id = $1 ORDER BY started_at DESC LIMIT 8";

    /// The user's 8 latest messages: (id, to, body, cost, created).
    pub fn recent_messages(user_id: i64) -> all((i64, String, String, i64, i64)) =
        "SELECT id, to_number, body, cost_micros, created_at FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification' ORDER BY id DESC LIMIT 8";

    /// The user's 8 latest deposits and purchases: (id, kind, description, amount,
    /// created).
    pub fn recent_money_moves(user_id: i64) -> all((i64, String, String, i64, i64)) =
        "SELECT id, kind, description, amount_micros, created_at FROM ledger_entries \
         WHERE user_id = $1 AND kind IN ('deposit', 'number_purchase', 'package_purchase') ORDER BY id DESC LIMIT 8";
}

/// A series of the usage chart, per UTC day.
#[derive(Clone, Copy)]
pub enum Daily {
    /// Billable seconds of the calls started that day.
    CallSeconds,
    /// Messages not failed.
    Messages,
    /// Money spent (every debit).
    Spend,
}

impl Daily {
    // Integer division by a day's milliseconds buckets by UTC day on both backends.
    fn sql(self) -> &'static str {
        match self {
            Daily::CallSeconds => {
                "SELECT started_at / 86400000 AS d, CAST(SUM(billable_seconds) AS BIGINT) FROM calls \
                 WHERE user_id = $1 AND started_at >= $2 GROUP BY started_at / 86400000"
            }
            Daily::Messages => {
                "SELECT created_at / 86400000 AS d, COUNT(*) FROM sms_messages \
                 WHERE user_id = $1 AND created_at >= $2 AND status <> 'failed' AND purpose <> 'verification' \
                 GROUP BY created_at / 86400000"
            }
            Daily::Spend => {
                "SELECT created_at / 86400000 AS d, CAST(SUM(-amount_micros) AS BIGINT) FROM ledger_entries \
                 WHERE user_id = $1 AND created_at >= $2 AND amount_micros < 0 GROUP BY created_at / 86400000"
            }
        }
    }
}

/// A user's `series` per UTC day (days since the epoch) from `since`: (day, total).
pub async fn by_day<'e>(
    ex: impl Exec<'e>,
    series: Daily,
    user_id: i64,
    since: i64,
) -> sqlx::Result<Vec<(i64, i64)>> {
    sqlx::query_as(series.sql())
        .bind(user_id)
        .bind(since)
        .fetch_all(ex)
        .await
}
