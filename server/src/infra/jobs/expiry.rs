//! Packages past their expiry (unused minutes are lost, spec section 9) and
//! deposits that were started but never paid.

use crate::notifications::notify;
use crate::settings::DAY_MS;
use crate::state::AppState;
use sqlx::Row;

/// Packages are announced this long before they expire.
const EXPIRY_NOTICE_MS: i64 = 3 * DAY_MS;

pub async fn expire_packages(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    // Claimed by the same statement that finds it: one notice per package.
    let soon = sqlx::query(
        "UPDATE user_packages SET expiry_notice_sent = 1 WHERE status = 'active' AND expiry_notice_sent = 0 \
         AND expires_at > $1 AND expires_at <= $2 AND seconds_remaining > 0 RETURNING user_id, name, seconds_remaining",
    )
    .bind(now)
    .bind(now + EXPIRY_NOTICE_MS)
    .fetch_all(&mut *tx)
    .await?;
    for r in &soon {
        let (user, name, left): (i64, String, i64) = (
            r.try_get("user_id")?,
            r.try_get("name")?,
            r.try_get("seconds_remaining")?,
        );
        let message = format!(
            "Your {name} package expires within 3 days with {} minutes unused.",
            dialtone_core::units::minutes_left(left)
        );
        notify(
            &mut *tx,
            user,
            "package_expiring",
            "Package expiring soon",
            &message,
        )
        .await?;
    }
    let rows = sqlx::query(
        "UPDATE user_packages SET status = 'expired' WHERE status = 'active' AND expires_at <= $1 RETURNING user_id, name, seconds_remaining",
    )
    .bind(now)
    .fetch_all(&mut *tx)
    .await?;
    for r in &rows {
        let (user, name, left): (i64, String, i64) = (
            r.try_get("user_id")?,
            r.try_get("name")?,
            r.try_get("seconds_remaining")?,
        );
        let message = format!(
            "Your {name} package has expired; {} unused minutes lapsed with it.",
            dialtone_core::units::minutes_left(left)
        );
        notify(
            &mut *tx,
            user,
            "package_expired",
            "Package expired",
            &message,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(rows.len() as u64)
}

/// A deposit not paid within a day is marked failed. If the provider still reports
/// it paid later, the webhook credits it all the same.
pub async fn abandon_stale_deposits(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let n = sqlx::query(
        "UPDATE payments SET status = 'failed', failure_message = 'Not paid within 24 hours', updated_at = $1 \
         WHERE status IN ('creating', 'pending') AND created_at <= $2",
    )
    .bind(now)
    .bind(now - DAY_MS)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    Ok(n)
}

/// Reservations whose call never reported back are released, so the funds they
/// held become spendable again.
pub async fn release_stale_reservations(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    let stale: Vec<String> = sqlx::query_scalar(
        "SELECT call_id FROM call_reservations WHERE expires_at <= $1 LIMIT 500",
    )
    .bind(now)
    .fetch_all(&mut *tx)
    .await?;
    let mut released = 0;
    for call_id in &stale {
        if crate::telephony::authorize::release(&mut tx, call_id)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .is_some()
        {
            released += 1;
        }
    }
    tx.commit().await?;
    Ok(released)
}
