//! The users table's two-factor columns and the recovery_codes table.

statements! {
    /// (secret sealed, pending secret sealed, last accepted step) of the user.
    pub fn secrets(id: i64) -> one((Option<String>, Option<String>, Option<i64>)) =
        "SELECT totp_secret, totp_pending, totp_last_step FROM users WHERE id = $1";

    /// Starts an enrolment: the secret waits for its first code.
    pub fn set_pending(id: i64, sealed: &str) -> run() =
        "UPDATE users SET totp_pending = $1 WHERE id = $2", (sealed, id);

    /// The pending secret becomes the user's, with the step its first code was in.
    pub fn enable(id: i64, sealed: &str, step: i64) -> changed_one() =
        "UPDATE users SET totp_secret = $1, totp_pending = NULL, totp_last_step = $2 \
         WHERE id = $3 AND totp_pending = $1 AND totp_secret IS NULL", (sealed, step, id);

    /// Accepts a code's time step once: false when it (or a later one) was used.
    pub fn use_step(id: i64, step: i64) -> changed_one() =
        "UPDATE users SET totp_last_step = $1 WHERE id = $2 \
         AND (totp_last_step IS NULL OR totp_last_step < $1)", (step, id);

    pub fn disable(id: i64) -> run() =
        "UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE id = $1";

    pub fn forget_recovery_codes(user_id: i64) -> run() =
        "DELETE FROM recovery_codes WHERE user_id = $1";

    pub fn add_recovery_code(user_id: i64, code_hash: &str) -> run() =
        "INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)";

    /// Spends a recovery code: true for the one request that used it.
    pub fn use_recovery_code(user_id: i64, code_hash: &str, now: i64) -> changed_one() =
        "UPDATE recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL",
        (now, user_id, code_hash);

    pub fn recovery_codes_left(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL";
}
