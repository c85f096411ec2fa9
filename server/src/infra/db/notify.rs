//! Words between the instances on one PostgreSQL database: NOTIFY on a channel, and a
//! task per listening instance that hands each payload to a callback. Used where one
//! instance holds something in memory another instance's request is about (a live
//! TwiML call's control channel). SQLite has one instance, so nothing to tell.

use super::{Backend, Db};
use sqlx::postgres::PgListener;
use std::time::Duration;

/// Tells every instance listening on `channel` (this one included) `payload`, once
/// the statement has run. A no-op on SQLite.
pub async fn notify(db: &Db, channel: &str, payload: &str) -> sqlx::Result<()> {
    if db.backend != Backend::Postgres {
        return Ok(());
    }
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(channel)
        .bind(payload)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Calls `heard` with each payload NOTIFYed on `channel` until it answers false, on a
/// connection of its own (reconnected after a loss: what was said meanwhile is lost,
/// which the callers accept). Nothing on SQLite.
pub fn listen(db: &Db, channel: &'static str, heard: impl Fn(String) -> bool + Send + 'static) {
    if db.backend != Backend::Postgres {
        return;
    }
    let url = db.url.to_string();
    tokio::spawn(async move {
        loop {
            match PgListener::connect(&url).await {
                Ok(mut listener) => match listener.listen(channel).await {
                    Ok(()) => {
                        while let Ok(n) = listener.recv().await {
                            if !heard(n.payload().to_string()) {
                                return;
                            }
                        }
                    }
                    Err(e) => tracing::error!(channel, error = %e, "LISTEN failed"),
                },
                Err(e) => tracing::error!(channel, error = %e, "no connection to LISTEN on"),
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}
