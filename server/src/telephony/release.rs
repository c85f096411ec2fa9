//! Giving back what a call's reservation held: when its CDR arrives, or when it
//! outlived its expiry without one.

use super::repo;
use crate::error::{Error, Result};
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
    )
    .await?;
    Ok(Some(Released {
        user_id: held.user_id,
        amount: held.amount_micros,
    }))
}
