//! Refresh tokens: an httpOnly cookie holding a random token that the server keeps
//! only as a hash. Each refresh rotates it; presenting a token that was already
//! rotated means it was copied, so the whole family (the session) is revoked, unless
//! the rotation happened moments ago: two tabs waking up together both send the
//! cookie they had, and the late one must not end the session.

use super::repo;
use super::tokens::{random_token, sha256_hex};
use crate::config::Config;
use crate::db::{now_ms, Db};
use crate::error::Result;
use axum::http::{header, HeaderMap, HeaderValue};

pub const COOKIE: &str = "dialtone_refresh";
const COOKIE_PATH: &str = "/api/auth";
const REMEMBER_TTL_MS: i64 = 30 * 24 * 3600 * 1000;
/// A session without "remember me" ends with the browser (no Max-Age); the server
/// also forgets it after a day without use.
const SESSION_TTL_MS: i64 = 24 * 3600 * 1000;
/// How long a just-rotated token still buys an access token (but no new cookie).
pub const REUSE_GRACE_MS: i64 = 30 * 1000;

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
    let hash = sha256_hex(&token);
    repo::insert_refresh_token(
        ex,
        user_id,
        family,
        &hash,
        remember,
        now,
        now + ttl(remember),
    )
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
    /// Rotated by a concurrent refresh moments ago: the session goes on with the
    /// cookie that refresh set, and this caller gets an access token only.
    Grace {
        user_id: i64,
        family: String,
    },
    /// Unknown, expired or revoked.
    Invalid,
    /// Already rotated: a copy is in someone else's hands. The family is now revoked.
    Reused,
}

pub async fn rotate(db: &Db, presented: &str) -> Result<Rotation> {
    let mut tx = db.begin_write().await?;
    let Some(token) = repo::find_refresh_token(&mut *tx, &sha256_hex(presented)).await? else {
        return Ok(Rotation::Invalid);
    };
    let (user_id, family, remember) = (token.user_id, token.family, token.remember);
    let now = now_ms();
    if token.revoked_at.is_some() || token.expires_at <= now {
        return Ok(Rotation::Invalid);
    }
    // Only one concurrent rotation of a token can win this update.
    let mut rotated_at = token.rotated_at;
    if rotated_at.is_none() && !repo::mark_rotated(&mut *tx, token.id, now).await? {
        // PostgreSQL: a concurrent refresh committed first. See what it left.
        let again = repo::refresh_token_by_id(&mut *tx, token.id).await?;
        if again.revoked_at.is_some() {
            return Ok(Rotation::Invalid);
        }
        rotated_at = Some(again.rotated_at.unwrap_or(now));
    }
    if let Some(at) = rotated_at {
        // Revoking a family marks each of its rows, so this row, not revoked, belongs
        // to a live session.
        if now - at < REUSE_GRACE_MS {
            return Ok(Rotation::Grace { user_id, family });
        }
        repo::revoke_family(&mut *tx, &family).await?;
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

/// Logout: ends the session the presented token belongs to.
pub async fn revoke(db: &Db, presented: &str) -> Result<()> {
    if let Some(family) = repo::family_of(&db.pool, &sha256_hex(presented)).await? {
        repo::revoke_family(&db.pool, &family).await?;
    }
    Ok(())
}

/// Ends one session of a user by its family (the `sid` of its access tokens).
pub async fn revoke_session(db: &Db, user_id: i64, family: &str) -> Result<()> {
    repo::revoke_user_family(&db.pool, user_id, family).await?;
    Ok(())
}

/// Ends every session of a user, except `keep` (the one making the change).
pub async fn revoke_user<'e, E: sqlx::Executor<'e, Database = sqlx::Any>>(
    ex: E,
    user_id: i64,
    keep: Option<&str>,
) -> Result<()> {
    repo::revoke_user_families(ex, user_id, keep.unwrap_or("")).await?;
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
