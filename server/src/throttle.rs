//! Sliding-window rate limits kept in the database, so every server instance sees
//! the same counts.

use crate::db::{now_ms, Db};
use crate::error::{Error, Result};
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use sqlx::Row;
use std::net::SocketAddr;

#[derive(Clone, Copy)]
pub struct Limit {
    pub max: i64,
    pub window_ms: i64,
    pub message: &'static str,
}

/// Refuses with 429 (and when to retry) once `bucket` has `max` events in the window.
pub async fn check(db: &Db, bucket: &str, limit: Limit) -> Result<()> {
    let since = now_ms() - limit.window_ms;
    let row = sqlx::query(
        "SELECT COUNT(*) AS n, MIN(at) AS oldest FROM rate_events WHERE bucket = $1 AND at > $2",
    )
    .bind(bucket)
    .bind(since)
    .fetch_one(&db.pool)
    .await?;
    let count: i64 = row.try_get("n")?;
    if count >= limit.max {
        let oldest: Option<i64> = row.try_get("oldest")?;
        let wait_ms = oldest.unwrap_or(since) + limit.window_ms - now_ms();
        return Err(Error::TooManyRequests {
            message: limit.message.into(),
            retry_after_secs: (wait_ms.max(1000) as u64).div_ceil(1000),
        });
    }
    Ok(())
}

pub async fn record(db: &Db, bucket: &str, limit: Limit) -> Result<()> {
    let now = now_ms();
    sqlx::query("DELETE FROM rate_events WHERE bucket = $1 AND at <= $2")
        .bind(bucket)
        .bind(now - limit.window_ms)
        .execute(&db.pool)
        .await?;
    sqlx::query("INSERT INTO rate_events (bucket, at) VALUES ($1, $2)")
        .bind(bucket)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Counts one event and refuses it when over the limit.
pub async fn hit(db: &Db, bucket: &str, limit: Limit) -> Result<()> {
    check(db, bucket, limit).await?;
    record(db, bucket, limit).await
}

pub async fn clear(db: &Db, bucket: &str) -> Result<()> {
    sqlx::query("DELETE FROM rate_events WHERE bucket = $1")
        .bind(bucket)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The client's address: the socket peer, or the first X-Forwarded-For entry when
/// DIALTONE_TRUST_PROXY says a proxy of ours sets it.
pub struct ClientIp(pub String);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        if state.config.trust_proxy {
            if let Some(ip) = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
            {
                return Ok(ClientIp(ip.trim().to_string()));
            }
        }
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string());
        Ok(ClientIp(peer.unwrap_or_else(|| "local".into())))
    }
}
