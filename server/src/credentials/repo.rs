//! The api_accounts and api_keys tables.

use crate::db::Exec;

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

pub async fn account_of<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<Option<Account>> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM api_accounts WHERE user_id = $1"
    ))
    .bind(user_id)
    .fetch_optional(ex)
    .await
}

pub async fn account_by_sid<'e>(ex: impl Exec<'e>, sid: &str) -> sqlx::Result<Option<Account>> {
    sqlx::query_as(&format!(
        "SELECT {ACCOUNT_COLUMNS} FROM api_accounts WHERE account_sid = $1"
    ))
    .bind(sid)
    .fetch_optional(ex)
    .await
}

/// Creates the user's credentials unless another request just did (then nothing).
pub async fn insert_account<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    sid: &str,
    token_hash: &str,
    token_sealed: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO api_accounts (user_id, account_sid, token_hash, token_sealed, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(sid)
    .bind(token_hash)
    .bind(token_sealed)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

/// Replaces the token; the one it replaces stays valid until `grace_until`.
pub async fn rotate<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    token_hash: &str,
    token_sealed: &str,
    grace_until: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE api_accounts SET previous_token_hash = token_hash, previous_valid_until = $1, \
         token_hash = $2, token_sealed = $3, rotated_at = $4 WHERE user_id = $5",
    )
    .bind(grace_until)
    .bind(token_hash)
    .bind(token_sealed)
    .bind(now)
    .bind(user_id)
    .execute(ex)
    .await?;
    Ok(())
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

/// A key that has not been revoked.
pub async fn active_key<'e>(ex: impl Exec<'e>, sid: &str) -> sqlx::Result<Option<Key>> {
    sqlx::query_as(&format!(
        "SELECT {KEY_COLUMNS} FROM api_keys WHERE sid = $1 AND revoked_at IS NULL"
    ))
    .bind(sid)
    .fetch_optional(ex)
    .await
}

/// A user's active keys, newest first (at most core's MAX_KEYS exist).
pub async fn active_keys<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<Vec<Key>> {
    sqlx::query_as(&format!(
        "SELECT {KEY_COLUMNS} FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL \
         ORDER BY id DESC LIMIT 100"
    ))
    .bind(user_id)
    .fetch_all(ex)
    .await
}

pub async fn count_active<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL")
        .bind(user_id)
        .fetch_one(ex)
        .await
}

pub async fn insert_key<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    sid: &str,
    name: &str,
    secret_hash: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO api_keys (user_id, sid, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(user_id)
    .bind(sid)
    .bind(name)
    .bind(secret_hash)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

/// Revokes one of the user's keys; whether it was active.
pub async fn revoke<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    sid: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE api_keys SET revoked_at = $1 WHERE user_id = $2 AND sid = $3 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(user_id)
    .bind(sid)
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a key's use, at most once a minute per key: a write on every API request
/// would serialise them on SQLite for a "last used" that only needs the day.
pub async fn touch<'e>(ex: impl Exec<'e>, sid: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE api_keys SET last_used_at = $1 WHERE sid = $2 \
         AND (last_used_at IS NULL OR last_used_at < $3)",
    )
    .bind(now)
    .bind(sid)
    .bind(now - 60_000)
    .execute(ex)
    .await?;
    Ok(())
}
