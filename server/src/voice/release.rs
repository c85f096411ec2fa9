//! Giving back what a call's reservation held: when its CDR arrives, or when it
//! outlived its expiry without one.

use super::repo;
use crate::error::{Error, Result};
use crate::state::AppState;
use sqlx::AnyConnection;

/// What a reservation held for a call, once released.
pub struct Released {
    pub user_id: i64,
    pub amount: i64,
}

/// Gives back what a reservation held (the CDR arrived, or it timed out).
pub async fn release(conn: &mut AnyConnection, call_id: &str) -> Result<Option<Released>> {
    release_matching(conn, call_id, None).await
}

/// Releases the reservation of `call_id` only if it was made for the same call:
/// `call` is (direction, from, to). A CDR that names another call's id gets 409 and
/// cannot charge or free another customer's reservation.
pub async fn release_matching(
    conn: &mut AnyConnection,
    call_id: &str,
    call: Option<(&str, &str, &str)>,
) -> Result<Option<Released>> {
    let Some(held) = repo::take(&mut *conn, call_id).await? else {
        return Ok(None);
    };
    if let Some((direction, from, to)) = call {
        let reserved_for = (&held.direction, &held.from, &held.to);
        // Reservations made before these columns existed have them empty.
        if !reserved_for.0.is_empty()
            && (reserved_for.0 != direction || reserved_for.1 != from || reserved_for.2 != to)
        {
            tracing::warn!(%call_id, ?reserved_for, direction, from, to, "CDR does not match its authorization; refused");
            return Err(Error::Conflict(
                "This CDR does not match the call that was authorized with this callId".into(),
            ));
        }
    }
    repo::unhold(
        &mut *conn,
        held.user_id,
        held.amount_micros,
        held.package_seconds,
        i64::from(held.direction == "outbound"),
    )
    .await?;
    Ok(Some(Released {
        user_id: held.user_id,
        amount: held.amount_micros,
    }))
}

/// Reservations whose call never reported back are released, so the funds they
/// held become spendable again.
pub async fn release_stale_reservations(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    // Not beside the call path's batch on PostgreSQL: both lock several customers'
    // rows, in no common order.
    super::batch::lock_call_path(&mut tx, state.db.backend).await?;
    let stale = repo::stale_reservations(&mut *tx, now, 500).await?;
    let mut released = 0;
    for call_id in &stale {
        let held = release(&mut tx, call_id)
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
