//! The auth tables: `refresh_tokens` (sessions) and `password_resets`.

use crate::db::list::bind_all;
use crate::db::list::Value::{self, Int, Text};
use crate::db::{now_ms, Flag};
use crate::db::{one_row, Exec};

/// A stored refresh token, as rotation reads it.
#[derive(sqlx::FromRow)]
pub struct RefreshToken {
    pub id: i64,
    pub user_id: i64,
    pub family: String,
    #[sqlx(try_from = "Flag")]
    pub remember: bool,
    pub expires_at: i64,
    pub rotated_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

const TOKEN_COLUMNS: &str = "id, user_id, family, remember, expires_at, rotated_at, revoked_at";

statements! {
    pub fn insert_refresh_token(
        user_id: i64,
        family: &str,
        token_hash: &str,
        remember: bool,
        created_at: i64,
        expires_at: i64,
    ) -> run() =
        "INSERT INTO refresh_tokens (user_id, family, token_hash, remember, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        (user_id, family, token_hash, remember as i64, created_at, expires_at);

    pub fn find_refresh_token(token_hash: &str) -> optional(RefreshToken) =
        &format!("SELECT {TOKEN_COLUMNS} FROM refresh_tokens WHERE token_hash = $1");

    pub fn refresh_token_by_id(id: i64) -> one(RefreshToken) =
        &format!("SELECT {TOKEN_COLUMNS} FROM refresh_tokens WHERE id = $1");
}

/// Marks a live token rotated; true for the one caller that wins the race.
pub async fn mark_rotated<'e>(ex: impl Exec<'e>, id: i64, at: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE refresh_tokens SET rotated_at = $1 WHERE id = $2 AND rotated_at IS NULL AND revoked_at IS NULL")
        .bind(at)
        .bind(id)
        .execute(ex)
        .await?;
    Ok(one_row(done))
}

statements! {
    pub fn family_of(token_hash: &str) -> scalar_optional(String) =
        "SELECT family FROM refresh_tokens WHERE token_hash = $1";
}

/// Revokes the live tokens that `condition` (its values from `$2` on) names.
async fn revoke_where<'e>(
    ex: impl Exec<'e>,
    condition: &str,
    values: &[Value<'_>],
) -> sqlx::Result<()> {
    let sql = format!(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE {condition} AND revoked_at IS NULL"
    );
    bind_all(sqlx::query(&sql).bind(now_ms()), values)
        .execute(ex)
        .await?;
    Ok(())
}

pub async fn revoke_family<'e>(ex: impl Exec<'e>, family: &str) -> sqlx::Result<()> {
    revoke_where(ex, "family = $2", &[Text(family)]).await
}

pub async fn revoke_user_family<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    family: &str,
) -> sqlx::Result<()> {
    let values = [Int(user_id), Text(family)];
    revoke_where(ex, "user_id = $2 AND family = $3", &values).await
}

/// Revokes every live session of a user except the family `keep` ("" for none).
pub async fn revoke_user_families<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    keep: &str,
) -> sqlx::Result<()> {
    let values = [Int(user_id), Text(keep)];
    revoke_where(ex, "user_id = $2 AND family <> $3", &values).await
}

statements! {
    pub fn insert_password_reset(
        user_id: i64,
        token_hash: &str,
        created_at: i64,
        expires_at: i64,
    ) -> run() =
        "INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)";

    /// Spends a live reset token and returns its user: checking and spending are one
    /// statement, so a token works exactly once.
    pub fn spend_password_reset(token_hash: &str, now: i64) -> scalar_optional(i64) =
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id",
        (now, token_hash);

    /// Spends every unused reset link of a user.
    pub fn spend_password_resets_of(user_id: i64, now: i64) -> run() =
        "UPDATE password_resets SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL",
        (now, user_id);
}
