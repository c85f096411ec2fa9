//! Refresh tokens: an httpOnly cookie holding a random token that the server keeps
//! only as a hash. Each refresh rotates it; presenting a token that was already
//! rotated means it was copied, so the whole family (the session) is revoked.

use super::tokens::{random_token, sha256_hex};
use crate::config::Config;
use crate::db::{flag, now_ms, Db};
use crate::error::Result;
use axum::http::{header, HeaderMap, HeaderValue};
use sqlx::Row;

pub const COOKIE: &str = "dialtone_refresh";
const COOKIE_PATH: &str = "/api/auth";
const REMEMBER_TTL_MS: i64 = 30 * 24 * 3600 * 1000;
/// A session without "remember me" ends with the browser (no Max-Age); the server
/// also forgets it after a day without use.
const SESSION_TTL_MS: i64 = 24 * 3600 * 1000;

pub struct Issued {
    pub token: String,
    pub family: String,
    pub remember: bool,
}

fn ttl(remember: bool) -> i64 {
    if remember {
        REMEMBER_TTL_MS
    } else {
        SESSION_TTL_MS
    }
}

async fn insert<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    ex: E,
    user_id: i64,
    family: &str,
    remember: bool,
) -> Result<String> {
    let token = random_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO refresh_tokens (user_id, family, token_hash, remember, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(user_id)
    .bind(family)
    .bind(sha256_hex(&token))
    .bind(remember as i64)
    .bind(now)
    .bind(now + ttl(remember))
    .execute(ex)
    .await?;
    Ok(token)
}

/// Starts a new session for a user who just proved who they are.
pub async fn start(db: &Db, user_id: i64, remember: bool) -> Result<Issued> {
    let family = random_token();
    let token = insert(&db.pool, user_id, &family, remember).await?;
    Ok(Issued {
        token,
        family,
        remember,
    })
}

pub enum Rotation {
    Rotated {
        user_id: i64,
        issued: Issued,
    },
    /// Unknown, expired or revoked.
    Invalid,
    /// Already rotated: a copy is in someone else's hands. The family is now revoked.
    Reused,
}

pub async fn rotate(db: &Db, presented: &str) -> Result<Rotation> {
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(
        "SELECT id, user_id, family, remember, expires_at, rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = $1",
    )
    .bind(sha256_hex(presented))
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(Rotation::Invalid);
    };
    let (id, user_id, family): (i64, i64, String) = (
        row.try_get("id")?,
        row.try_get("user_id")?,
        row.try_get("family")?,
    );
    let remember = flag(&row, "remember")?;
    let now = now_ms();
    if row.try_get::<Option<i64>, _>("revoked_at")?.is_some()
        || row.try_get::<i64, _>("expires_at")? <= now
    {
        return Ok(Rotation::Invalid);
    }
    // Only one concurrent rotation of a token can win this update.
    let won = row.try_get::<Option<i64>, _>("rotated_at")?.is_none()
        && sqlx::query("UPDATE refresh_tokens SET rotated_at = $1 WHERE id = $2 AND rotated_at IS NULL AND revoked_at IS NULL")
            .bind(now)
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
    if !won {
        revoke_family(&mut *tx, &family).await?;
        tx.commit().await?;
        tracing::warn!(user_id, "refresh token reused; session revoked");
        return Ok(Rotation::Reused);
    }
    let token = insert(&mut *tx, user_id, &family, remember).await?;
    tx.commit().await?;
    Ok(Rotation::Rotated {
        user_id,
        issued: Issued {
            token,
            family,
            remember,
        },
    })
}

async fn revoke_family<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    ex: E,
    family: &str,
) -> Result<()> {
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family = $2 AND revoked_at IS NULL",
    )
    .bind(now_ms())
    .bind(family)
    .execute(ex)
    .await?;
    Ok(())
}

/// Logout: ends the session the presented token belongs to.
pub async fn revoke(db: &Db, presented: &str) -> Result<()> {
    let family: Option<String> =
        sqlx::query_scalar("SELECT family FROM refresh_tokens WHERE token_hash = $1")
            .bind(sha256_hex(presented))
            .fetch_optional(&db.pool)
            .await?;
    if let Some(family) = family {
        revoke_family(&db.pool, &family).await?;
    }
    Ok(())
}

/// Ends every session of a user, except `keep` (the one making the change).
pub async fn revoke_user<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    ex: E,
    user_id: i64,
    keep: Option<&str>,
) -> Result<()> {
    sqlx::query("UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL AND family <> $3")
        .bind(now_ms())
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(ex)
        .await?;
    Ok(())
}

pub fn read_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|v| !v.is_empty())
}

pub fn set_cookie(config: &Config, issued: &Issued) -> HeaderValue {
    let max_age = if issued.remember {
        format!("; Max-Age={}", REMEMBER_TTL_MS / 1000)
    } else {
        String::new()
    };
    let secure = if config.secure_cookies() {
        "; Secure"
    } else {
        ""
    };
    let value = format!(
        "{COOKIE}={}; Path={COOKIE_PATH}; HttpOnly; SameSite=Strict{max_age}{secure}",
        issued.token
    );
    HeaderValue::from_str(&value).expect("cookie is ASCII")
}

pub fn clear_cookie(config: &Config) -> HeaderValue {
    let secure = if config.secure_cookies() {
        "; Secure"
    } else {
        ""
    };
    let value =
        format!("{COOKIE}=; Path={COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0{secure}");
    HeaderValue::from_str(&value).expect("cookie is ASCII")
}
