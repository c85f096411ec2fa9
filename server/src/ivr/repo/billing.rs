//! ivr_subscriptions: a flow in use, billed monthly like a number (the first charge,
//! the notice before renewal, the renewal, the end).

use crate::db::claim::Renewals;

/// A subscription whose renewal is near or due (the flow's name for messages).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Due {
    pub flow_id: i64,
    #[sqlx(rename = "user_id")]
    pub owner: i64,
    pub name: String,
    pub renews_at: i64,
    #[sqlx(rename = "monthly_micros")]
    pub monthly: i64,
    /// Its monthly fee is paid by one of its owner's plans.
    #[sqlx(try_from = "crate::db::Flag")]
    pub included: bool,
}

statements! {
    /// (renews_at, monthly_micros) of a flow's active subscription.
    pub fn active(flow_id: i64) -> optional((i64, i64)) =
        "SELECT renews_at, monthly_micros FROM ivr_subscriptions WHERE flow_id = $1 AND status = 'active'";

    /// Starts (or restarts) a flow's subscription, paid until `renews_at`.
    pub fn start(flow_id: i64, owner: i64, monthly: i64, now: i64, renews_at: i64) -> run() =
        "INSERT INTO ivr_subscriptions (flow_id, user_id, status, monthly_micros, started_at, renews_at, updated_at) \
         VALUES ($1, $2, 'active', $3, $4, $5, $4) \
         ON CONFLICT (flow_id) DO UPDATE SET status = 'active', user_id = excluded.user_id, \
         monthly_micros = excluded.monthly_micros, started_at = excluded.started_at, \
         renews_at = excluded.renews_at, notice_sent_for = NULL, ended_at = NULL, included = 0, updated_at = excluded.updated_at";
}

/// The renewal job's statements over subscriptions: notices only of flows a number
/// still routes to, one per period, as numbers' notices are.
pub const RENEWALS: Renewals<'static> = Renewals {
    notices: "UPDATE ivr_subscriptions SET notice_sent_for = renews_at \
         WHERE status = 'active' AND renews_at > $1 AND renews_at <= $2 \
           AND (notice_sent_for IS NULL OR notice_sent_for <> renews_at) \
           AND EXISTS (SELECT 1 FROM number_ivr r JOIN phone_numbers p ON p.id = r.number_id \
                       WHERE r.flow_id = ivr_subscriptions.flow_id AND r.owner_id = ivr_subscriptions.user_id \
                         AND p.owner_id = r.owner_id AND p.status = 'active') \
         RETURNING flow_id, user_id, renews_at, monthly_micros, included, \
           (SELECT name FROM ivr_flows f WHERE f.id = ivr_subscriptions.flow_id) AS name",
    batch: "SELECT s.flow_id, s.user_id, f.name, s.renews_at, s.monthly_micros, s.included \
         FROM ivr_subscriptions s JOIN ivr_flows f ON f.id = s.flow_id \
         WHERE s.status = 'active' AND s.renews_at <= $1 ORDER BY s.renews_at, s.flow_id LIMIT $2",
    lock_of: Some("s"),
};

statements! {
    pub fn renewed(flow_id: i64, next: i64, now: i64) -> run() =
        "UPDATE ivr_subscriptions SET renews_at = $1, updated_at = $2 WHERE flow_id = $3",
        (next, now, flow_id);

    /// Ends a subscription: its flow no longer answers calls until routed (and paid) again.
    pub fn end(flow_id: i64, now: i64) -> run() =
        "UPDATE ivr_subscriptions SET status = 'ended', ended_at = $1, updated_at = $1 WHERE flow_id = $2 AND status = 'active'",
        (now, flow_id);
}
