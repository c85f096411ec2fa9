//! Plans bought: their renewal each period, their cancellation, and the numbers and
//! IVR flows whose monthly fees the plans in force pay.

use sqlx::AnyConnection;

/// A plan on sale as buying or renewing it needs it.
#[derive(sqlx::FromRow)]
pub struct OnSale {
    pub name: String,
    pub minutes: i64,
    pub price_micros: i64,
    pub validity_days: i64,
    pub included_numbers: i64,
    pub ivr_flows: i64,
    pub ivr_level: String,
}

/// A bought plan whose period has ended and that renews.
#[derive(sqlx::FromRow)]
pub struct DueRenewal {
    pub id: i64,
    pub user_id: i64,
    pub package_id: Option<i64>,
    pub name: String,
    pub expires_at: i64,
}

/// A plan that renews soon, as its notice names it: the price is the plan's as sold
/// now (what the renewal will charge), None when it is no longer on sale.
#[derive(sqlx::FromRow)]
pub struct Renewing {
    pub user_id: i64,
    pub name: String,
    pub expires_at: i64,
    pub price_micros: Option<i64>,
}

statements! {
    /// Claims the notices of plans that renew in (`now`, `until`]: the statement that
    /// finds one marks it, and a new period clears the mark (`start_period`).
    pub fn claim_renewal_notices(now: i64, until: i64) -> all(Renewing) =
        "UPDATE user_packages SET expiry_notice_sent = 1 WHERE renews = 1 AND status IN ('active', 'used') \
         AND expiry_notice_sent = 0 AND expires_at > $1 AND expires_at <= $2 \
         RETURNING user_id, name, expires_at, \
         (SELECT p.price_micros FROM packages p WHERE p.id = user_packages.package_id AND p.status = 'active') AS price_micros";

    /// What buying or renewing package `id` needs, while it is on sale.
    pub fn find_on_sale(id: i64) -> optional(OnSale) =
        "SELECT name, minutes, price_micros, validity_days, included_numbers, ivr_flows, ivr_level \
         FROM packages WHERE id = $1 AND status = 'active'";

    /// Plans bought that renew and whose period ended by `now` (a batch).
    pub fn due_renewals(now: i64) -> all(DueRenewal) =
        "SELECT id, user_id, package_id, name, expires_at FROM user_packages \
         WHERE renews = 1 AND status IN ('active', 'used') AND expires_at <= $1 ORDER BY expires_at, id LIMIT 200";

    /// Stops a bought plan renewing; true when it did renew until now.
    pub fn cancel(id: i64, user_id: i64) -> changed_one() =
        "UPDATE user_packages SET renews = 0 WHERE id = $1 AND user_id = $2 AND renews = 1";

    /// A plan that could not renew: it expires with the others.
    pub fn stop_renewing(id: i64) -> run() =
        "UPDATE user_packages SET renews = 0 WHERE id = $1";

    /// The numbers and IVR flows the user's plans in force pay for.
    pub fn allowance(user_id: i64, now: i64) -> one((i64, i64)) =
        "SELECT CAST(COALESCE(SUM(included_numbers), 0) AS BIGINT), CAST(COALESCE(SUM(ivr_flows), 0) AS BIGINT) \
         FROM user_packages WHERE user_id = $1 AND status <> 'expired' AND expires_at > $2";

    /// The user's numbers a plan pays for now.
    pub fn included_numbers(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1 AND included = 1 AND status = 'active'";

    /// The user's IVR flows a plan pays for now.
    pub fn included_flows(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM ivr_subscriptions WHERE user_id = $1 AND included = 1 AND status = 'active'";

    /// Marks a number as paid by a plan (or no longer).
    pub fn set_number_included(id: i64, included: bool) -> run() =
        "UPDATE phone_numbers SET included = $1 WHERE id = $2", (i64::from(included), id);

    /// Marks an IVR flow's subscription as paid by a plan (or no longer).
    pub fn set_flow_included(flow_id: i64, included: bool) -> run() =
        "UPDATE ivr_subscriptions SET included = $1 WHERE flow_id = $2", (i64::from(included), flow_id);
}

/// Starts the plan's next period from `from` as the plan is sold now: its minutes
/// afresh (the unused ones lapse), its inclusions, its price. Only if the period is
/// still the one that ended, so a renewal runs once however often the job does.
pub async fn start_period(
    conn: &mut AnyConnection,
    id: i64,
    from: i64,
    plan: &OnSale,
    until: i64,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE user_packages SET name = $1, minutes = $2, seconds_remaining = $3, price_micros = $4, \
         included_numbers = $5, ivr_flows = $6, expires_at = $7, status = 'active', expiry_notice_sent = 0, \
         ivr_level = $10 WHERE id = $8 AND expires_at = $9",
    )
    .bind(&plan.name)
    .bind(plan.minutes)
    .bind(plan.minutes * 60)
    .bind(plan.price_micros)
    .bind(plan.included_numbers)
    .bind(plan.ivr_flows)
    .bind(until)
    .bind(id)
    .bind(from)
    .bind(&plan.ivr_level)
    .execute(conn)
    .await?;
    Ok(changed.rows_affected() == 1)
}
