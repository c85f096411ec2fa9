//! The renewal cycle's statements over phone_numbers: the notice, the numbers due,
//! their next period or expiry, and the return to inventory after the grace period.

use crate::db::claim::Renewals;
use crate::db::{Exec, Flag};

/// A number whose renewal is near or due.
#[derive(sqlx::FromRow)]
pub struct Due {
    pub id: i64,
    #[sqlx(rename = "owner_id")]
    pub owner: i64,
    pub number: String,
    pub renews_at: i64,
    #[sqlx(rename = "monthly_micros")]
    pub monthly: i64,
    #[sqlx(try_from = "Flag")]
    pub auto_renew: bool,
    /// Set while it is a free trial number: it ends with the trial.
    pub trial_until: Option<i64>,
    /// Its monthly fee is paid by one of its owner's plans.
    #[sqlx(try_from = "Flag")]
    pub included: bool,
}

/// The renewal job's statements over numbers. The notice: the same statement that
/// finds a number sets notice_sent_for to its renewal date, so one notice per period.
pub const RENEWALS: Renewals<'static> = Renewals {
    notices: "UPDATE phone_numbers SET notice_sent_for = renews_at \
         WHERE status = 'active' AND auto_renew = 1 AND renews_at > $1 AND renews_at <= $2 \
           AND (notice_sent_for IS NULL OR notice_sent_for <> renews_at) \
         RETURNING id, owner_id, number, renews_at, monthly_micros, auto_renew, trial_until, included",
    batch: "SELECT id, owner_id, number, renews_at, monthly_micros, auto_renew, trial_until, included FROM phone_numbers \
         WHERE status = 'active' AND renews_at <= $1 ORDER BY renews_at, id LIMIT $2",
    lock_of: None,
};

statements! {
    /// Makes `owner`'s trial number an ordinary monthly number, due now: the renewal
    /// job bills its first month (or ends it for want of funds) at its next run.
    pub fn convert_trial_number(owner: i64, now: i64) -> changed_any() =
        "UPDATE phone_numbers SET auto_renew = 1, renews_at = $1, trial_until = NULL, notice_sent_for = NULL, \
         updated_at = $1 WHERE owner_id = $2 AND status = 'active' AND trial_until IS NOT NULL",
        (now, owner);

    /// Moves a renewed number to its next period.
    pub fn renewed(id: i64, next: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET renews_at = $1, updated_at = $2 WHERE id = $3", (next, now, id);

    /// A number its owner could not pay for: expired, kept for the grace period.
    pub fn expire(id: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET status = 'expired', expired_at = $1, updated_at = $1 WHERE id = $2",
        (now, id);
}

/// Expired numbers that were not renewed since `expired_before` go back on sale.
pub async fn release_expired<'e>(
    ex: impl Exec<'e>,
    now: i64,
    expired_before: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE phone_numbers SET status = 'available', owner_id = NULL, monthly_micros = NULL, purchased_at = NULL, \
         renews_at = NULL, notice_sent_for = NULL, expired_at = NULL, auto_renew = 1, updated_at = $1, \
         friendly_name = NULL, sms_url = NULL, voice_url = NULL, voice_method = 'POST', sms_method = 'POST', voice_fallback_url = NULL, \
         status_callback = NULL, trial_until = NULL \
         WHERE status = 'expired' AND expired_at <= $2",
    )
    .bind(now)
    .bind(expired_before)
    .execute(ex)
    .await?
    .rows_affected())
}
