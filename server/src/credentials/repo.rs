//! The api_accounts and api_keys tables.

#[derive(sqlx::FromRow)]
pub struct Account {
    pub user_id: i64,
    pub account_sid: String,
    pub token_hash: String,
    pub token_sealed: String,
    pub previous_token_hash: Option<String>,
    pub previous_valid_until: Option<i64>,
}

const ACCOUNT_COLUMNS: &str = "user_id, account_sid, token_hash, token_sealed, \
    previous_token_hash, previous_valid_until";

statements! {
    pub fn account_of(user_id: i64) -> optional(Account) =
        &format!("SELECT {ACCOUNT_COLUMNS} FROM api_accounts WHERE user_id = $1");

    pub fn account_by_sid(sid: &str) -> optional(Account) =
        &format!("SELECT {ACCOUNT_COLUMNS} FROM api_accounts WHERE account_sid = $1");

    /// Creates the user's credentials unless another request just did (then nothing).
    pub fn insert_account(
        user_id: i64,
        sid: &str,
        token_hash: &str,
        token_sealed: &str,
        now: i64,
    ) -> run() =
        "INSERT INTO api_accounts (user_id, account_sid, token_hash, token_sealed, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING";

    /// Replaces the token; the one it replaces stays valid until `grace_until`.
    pub fn rotate(
        user_id: i64,
        token_hash: &str,
        token_sealed: &str,
        grace_until: i64,
        now: i64,
    ) -> run() =
        "UPDATE api_accounts SET previous_token_hash = token_hash, previous_valid_until = $1, \
         token_hash = $2, token_sealed = $3, rotated_at = $4 WHERE user_id = $5",
        (grace_until, token_hash, token_sealed, now, user_id);

    /// The replaced token stops working now.
    pub fn end_previous(user_id: i64) -> run() =
        "UPDATE api_accounts SET previous_token_hash = NULL, previous_valid_until = NULL \
         WHERE user_id = $1",
        (user_id);
}

#[derive(sqlx::FromRow)]
pub struct Key {
    pub sid: String,
    pub user_id: i64,
    pub name: String,
    pub secret_hash: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
}

const KEY_COLUMNS: &str = "sid, user_id, name, secret_hash, created_at, last_used_at";

statements! {
    /// A key that has not been revoked.
    pub fn active_key(sid: &str) -> optional(Key) =
        &format!("SELECT {KEY_COLUMNS} FROM api_keys WHERE sid = $1 AND revoked_at IS NULL");

    /// A user's active keys, newest first (at most core's quota of keys exist).
    pub fn active_keys(user_id: i64) -> all(Key) =
        &format!(
            "SELECT {KEY_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL \
             ORDER BY id DESC LIMIT 100"
        );

    pub fn count_active(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL";

    pub fn insert_key(user_id: i64, sid: &str, name: &str, secret_hash: &str, now: i64) -> run() =
        "INSERT INTO api_keys (user_id, sid, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5)";

    /// Revokes one of the user's keys; whether it was active.
    pub fn revoke(user_id: i64, sid: &str, now: i64) -> changed_one() =
        "UPDATE api_keys SET revoked_at = $1 WHERE user_id = $2 AND sid = $3 AND revoked_at IS NULL",
        (now, user_id, sid);

    /// Revokes every active key of the user; whether there was any.
    pub fn revoke_all(user_id: i64, now: i64) -> changed_any() =
        "UPDATE api_keys SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
        (now, user_id);

    /// Records a key's use, at most once a minute per key: a write on every API request
    /// would serialise them on SQLite for a "last used" that only needs the day.
    pub fn touch(sid: &str, now: i64) -> run() =
        "UPDATE api_keys SET last_used_at = $1 WHERE sid = $2 \
         AND (last_used_at IS NULL OR last_used_at < $3)", (now, sid, now - 60_000);
}
