//! What closing an account changes, each in the closing transaction: the account's
//! services end, its credentials go, its personal data is blanked; the ledger, its
//! calls' and messages' records (the ledger's references) and issued documents stay.

use crate::db::Exec;

statements! {
    /// The numbers the account owns (released one by one by the caller).
    pub fn owned_numbers(user_id: i64) -> scalar_all(i64) =
        "SELECT id FROM phone_numbers WHERE owner_id = $1";

    /// Routes of the account's numbers to IVR flows.
    pub fn drop_ivr_routes(user_id: i64) -> run() =
        "DELETE FROM number_ivr WHERE number_id IN (SELECT id FROM phone_numbers WHERE owner_id = $1)";

    /// Packages end now (unused minutes are not refundable: the refund policy), and
    /// plans renew no more.
    pub fn end_packages(user_id: i64) -> run() =
        "UPDATE user_packages SET status = 'expired', renews = 0 WHERE user_id = $1 AND status IN ('active', 'used')";

    /// IVR flows are deleted (their subscriptions end with them).
    pub fn delete_flows(user_id: i64, now: i64) -> run() =
        "UPDATE ivr_flows SET deleted_at = $1 WHERE user_id = $2 AND deleted_at IS NULL", (now, user_id);

    pub fn end_ivr_subscriptions(user_id: i64, now: i64) -> run() =
        "UPDATE ivr_subscriptions SET status = 'ended', ended_at = $1 WHERE user_id = $2 AND status = 'active'",
        (now, user_id);

    pub fn delete_card(user_id: i64) -> run() = "DELETE FROM saved_cards WHERE user_id = $1";
    pub fn delete_auto_recharge(user_id: i64) -> run() = "DELETE FROM auto_recharges WHERE user_id = $1";
    pub fn delete_triggers(user_id: i64) -> run() = "DELETE FROM usage_triggers WHERE user_id = $1";
    pub fn delete_profile(user_id: i64) -> run() = "DELETE FROM billing_profiles WHERE user_id = $1";
    pub fn delete_voicemails(user_id: i64) -> run() = "DELETE FROM ivr_voicemails WHERE user_id = $1";
    pub fn delete_recordings(user_id: i64) -> run() = "DELETE FROM recordings WHERE user_id = $1";
    pub fn delete_notifications(user_id: i64) -> run() = "DELETE FROM notifications WHERE user_id = $1";
    pub fn delete_refresh_tokens(user_id: i64) -> run() = "DELETE FROM refresh_tokens WHERE user_id = $1";
    pub fn delete_recovery_codes(user_id: i64) -> run() = "DELETE FROM recovery_codes WHERE user_id = $1";

    /// What people wrote is personal; who and when stays for the ledger's references.
    pub fn blank_messages(user_id: i64) -> run() =
        "UPDATE sms_messages SET body = '' WHERE user_id = $1";

    /// The account itself: no name, no address, no way in, closed.
    pub fn anonymise(user_id: i64, email: &str, password_hash: &str, now: i64) -> changed_one() =
        "UPDATE users SET name = 'Closed account', email = $1, email_lower = $1, password_hash = $2, \
         status = 'suspended', closed_at = $3, session_version = session_version + 1, totp_secret = NULL, \
         totp_pending = NULL, stripe_customer_id = NULL WHERE id = $4 AND closed_at IS NULL",
        (email, password_hash, now, user_id);
}

/// Money held by calls in progress (a call must end before its account closes).
pub async fn held<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT reserved_micros FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(ex)
        .await
}
