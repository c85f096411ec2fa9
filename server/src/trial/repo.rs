//! The verified_numbers table: numbers a trial account proved it holds, by code.
//! (The trial's own columns are on users: see `crate::users::repo`.)

use crate::db::Exec;

statements! {
    /// Verified numbers of a user, oldest first, at most 50.
    pub fn verified(user_id: i64) -> scalar_all(String) =
        "SELECT number FROM verified_numbers WHERE user_id = $1 AND verified_at IS NOT NULL ORDER BY verified_at LIMIT 50";
}

pub async fn is_verified<'e>(ex: impl Exec<'e>, user_id: i64, number: &str) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM verified_numbers WHERE user_id = $1 AND number = $2 AND verified_at IS NOT NULL",
    )
    .bind(user_id)
    .bind(number)
    .fetch_one(ex)
    .await?;
    Ok(n > 0)
}

statements! {
    /// When the last code to a number the user has not verified yet was sent.
    pub fn code_sent_at(user_id: i64, number: &str) -> scalar_optional(i64) =
        "SELECT created_at FROM verified_numbers WHERE user_id = $1 AND number = $2 AND verified_at IS NULL";

    /// Stores a new code for a number (replacing any earlier one, attempts reset)
    /// unless the earlier one was sent after `resend_from`; whether it was stored. One
    /// statement, so two requests at once store (and send) one code.
    pub fn put_code(
        user_id: i64,
        number: &str,
        code_hash: &str,
        now: i64,
        expires_at: i64,
        resend_from: i64,
    ) -> changed_one() =
        "INSERT INTO verified_numbers (user_id, number, code_hash, attempts, created_at, expires_at) VALUES ($1, $2, $3, 0, $4, $5) \
         ON CONFLICT (user_id, number) DO UPDATE SET code_hash = excluded.code_hash, attempts = 0, \
         created_at = excluded.created_at, expires_at = excluded.expires_at \
         WHERE verified_numbers.created_at <= $6";
}

/// Checks a code and counts the attempt in one statement (at most `max_attempts`
/// guesses per code, however many arrive at once); true when the number is now
/// verified.
pub async fn confirm<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    number: &str,
    code_hash: &str,
    now: i64,
    max_attempts: i64,
) -> sqlx::Result<bool> {
    let verified_at: Option<Option<i64>> = sqlx::query_scalar(
        "UPDATE verified_numbers SET attempts = attempts + 1, \
         verified_at = CASE WHEN code_hash = $1 THEN $2 ELSE verified_at END \
         WHERE user_id = $3 AND number = $4 AND expires_at > $2 AND attempts < $5 AND verified_at IS NULL \
         RETURNING verified_at",
    )
    .bind(code_hash)
    .bind(now)
    .bind(user_id)
    .bind(number)
    .bind(max_attempts)
    .fetch_optional(ex)
    .await?;
    Ok(matches!(verified_at, Some(Some(_))))
}

statements! {
    /// The account whose trial a phone number belongs to, if any.
    pub fn phone_owner(number: &str) -> scalar_optional(i64) =
        "SELECT user_id FROM trial_phones WHERE number = $1";

    /// Binds a phone number to the user's trial unless another account's trial has it
    /// (the primary key decides between concurrent claims).
    pub fn claim_phone(number: &str, user_id: i64, now: i64) -> run() =
        "INSERT INTO trial_phones (number, user_id, granted_at) VALUES ($1, $2, $3) \
         ON CONFLICT (number) DO NOTHING";
}

statements! {
    /// The user's active free trial number, if they have one now.
    pub fn trial_number(user_id: i64) -> scalar_optional(String) =
        "SELECT number FROM phone_numbers WHERE owner_id = $1 AND status = 'active' \
         AND trial_until IS NOT NULL ORDER BY id LIMIT 1";
}

statements! {
    /// The numbers a user verified, with when, oldest first, at most 50 (the trial's
    /// and the caller IDs' alike).
    pub fn verified_since(user_id: i64) -> all((String, i64)) =
        "SELECT number, verified_at FROM verified_numbers WHERE user_id = $1 AND verified_at IS NOT NULL \
         ORDER BY verified_at LIMIT 50";

    /// Forgets a verified number: a device may no longer show it, a trial no longer
    /// call it. Whether there was one.
    pub fn forget(user_id: i64, number: &str) -> changed_one() =
        "DELETE FROM verified_numbers WHERE user_id = $1 AND number = $2 AND verified_at IS NOT NULL";
}
