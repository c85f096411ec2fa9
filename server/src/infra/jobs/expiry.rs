//! Packages past their expiry (unused minutes are lost, spec section 9) and
//! deposits that were started but never paid.

use crate::notifications::notify;
use crate::packages;
use crate::settings::DAY_MS;
use crate::state::AppState;

/// Packages are announced this long before they expire.
const EXPIRY_NOTICE_MS: i64 = 3 * DAY_MS;

pub async fn expire_packages(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    // Claimed by the same statement that finds it: one notice per package.
    let soon = packages::repo::claim_expiry_notices(&mut tx, now, now + EXPIRY_NOTICE_MS).await?;
    for r in &soon {
        let (user, name, left) = (r.user_id, &r.name, r.seconds_left);
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
    let rows = packages::repo::expire_due(&mut tx, now).await?;
    for r in &rows {
        let (user, name, left) = (r.user_id, &r.name, r.seconds_left);
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
    Ok(crate::payments::repo::abandon_unpaid(&state.db.pool, now, now - DAY_MS).await?)
}

/// Reservations whose call never reported back are released, so the funds they
/// held become spendable again.
pub async fn release_stale_reservations(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    let stale = crate::telephony::repo::stale_reservations(&mut *tx, now, 500).await?;
    let mut released = 0;
    for call_id in &stale {
        let held = crate::telephony::release::release(&mut tx, call_id)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        if let Some(held) = held {
            // No CDR came (a switch lost the call): the admin sees whose money was
            // held for which call, in the audit log.
            tracing::warn!(%call_id, user_id = held.user_id, "reservation released without a CDR");
            let entry = crate::audit::Entry {
                actor_id: None,
                action: "call.reservation_released",
                target_type: "call",
                target_id: call_id.clone(),
                before: Some(serde_json::json!({
                    "userId": held.user_id,
                    "heldMicros": held.amount,
                })),
                after: None,
            };
            crate::audit::record(&mut *tx, entry).await?;
            released += 1;
        }
    }
    tx.commit().await?;
    Ok(released)
}
