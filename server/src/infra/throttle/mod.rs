//! Fixed-window rate limits kept in the database, so every server instance sees the
//! same counts. A request takes its slot in one atomic upsert before any expensive
//! work (an argon2 check, a mail): a burst of concurrent requests cannot all pass a
//! check before any of them is counted.

use crate::db::{now_ms, Db};
use crate::error::{Error, Result};
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::net::SocketAddr;

mod repo;

#[derive(Clone, Copy)]
pub struct Limit {
    pub max: i64,
    pub window_ms: i64,
    pub message: &'static str,
}

impl Limit {
    /// `max` requests an hour: the window of the sign-up, reset, contact and trial
    /// code limits.
    pub const fn per_hour(max: i64, message: &'static str) -> Limit {
        Limit {
            max,
            window_ms: 3600 * 1000,
            message,
        }
    }

    /// `max` requests a minute: an account's messages.
    pub const fn per_minute(max: i64, message: &'static str) -> Limit {
        Limit {
            max,
            window_ms: 60 * 1000,
            message,
        }
    }
}

/// No window is longer than this; rows older than it are swept.
const LONGEST_WINDOW_MS: i64 = 24 * 3600 * 1000;

/// Takes one slot of `bucket`, or refuses with 429 (and when to retry) when its
/// window already holds `max`. The insert, the window roll-over and the limit are
/// one statement, atomic on SQLite and PostgreSQL alike: no row back means full.
pub async fn hit(db: &Db, bucket: &str, limit: Limit) -> Result<()> {
    let now = now_ms();
    let taken = repo::take_slot(&db.pool, bucket, now, limit.window_ms, limit.max).await?;
    if taken.is_some() {
        if rand::random::<u8>() == 0 {
            sweep(db, now).await?;
        }
        return Ok(());
    }
    let start = repo::window_start(&db.pool, bucket).await?;
    let wait_ms = start.unwrap_or(now) + limit.window_ms - now;
    Err(Error::TooManyRequests {
        message: limit.message.into(),
        retry_after_secs: (wait_ms.max(1000) as u64).div_ceil(1000),
    })
}

/// Refuses with 429 when `bucket`'s window is already full, without taking a slot: for
/// limits that count only failures (checked first, `hit` after a failure), so that
/// successful requests never use the budget up.
pub async fn check_not_full(db: &Db, bucket: &str, limit: Limit) -> Result<()> {
    let now = now_ms();
    let Some((start, hits)) = repo::window(&db.pool, bucket).await? else {
        return Ok(());
    };
    if start <= now - limit.window_ms || hits < limit.max {
        return Ok(());
    }
    Err(Error::TooManyRequests {
        message: limit.message.into(),
        retry_after_secs: ((start + limit.window_ms - now).max(1000) as u64).div_ceil(1000),
    })
}

/// Gives a slot back: the attempt turned out to be one that should not count (a
/// successful sign-in, say).
pub async fn release(db: &Db, bucket: &str) -> Result<()> {
    repo::give_back(&db.pool, bucket).await?;
    Ok(())
}

/// Forgets a bucket's count.
pub async fn clear(db: &Db, bucket: &str) -> Result<()> {
    repo::delete(&db.pool, bucket).await?;
    Ok(())
}

async fn sweep(db: &Db, now: i64) -> Result<()> {
    repo::delete_older_than(&db.pool, now - LONGEST_WINDOW_MS).await?;
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
