//! Packages past their expiry (unused minutes are lost, spec section 9) and
//! deposits that were started but never paid.

use crate::notifications::notify;
use crate::packages;
use crate::packages::repo::Lapsing;
use crate::settings::DAY_MS;
use crate::state::AppState;
use sqlx::AnyConnection;

/// Packages are announced this long before they expire.
const EXPIRY_NOTICE_MS: i64 = 3 * DAY_MS;

pub async fn expire_packages(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut tx = state.db.begin_write().await?;
    // Claimed by the same statement that finds it: one notice per package.
    let soon = packages::repo::claim_expiry_notices(&mut tx, now, now + EXPIRY_NOTICE_MS).await?;
    let (kind, title) = ("package_expiring", "Package expiring soon");
    tell_owners(&mut tx, &soon, kind, title, |name, minutes| {
        format!("Your {name} package expires within 3 days with {minutes} minutes unused.")
    })
    .await?;
    let rows = packages::repo::expire_due(&mut *tx, now).await?;
    let (kind, title) = ("package_expired", "Package expired");
    tell_owners(&mut tx, &rows, kind, title, |name, minutes| {
        format!("Your {name} package has expired; {minutes} unused minutes lapsed with it.")
    })
    .await?;
    tx.commit().await?;
    Ok(rows.len() as u64)
}

/// A notification of `kind` and `title` to each package's owner, saying what `message`
/// makes of the package's name and its unused minutes.
async fn tell_owners(
    conn: &mut AnyConnection,
    packages: &[Lapsing],
    kind: &str,
    title: &str,
    message: impl Fn(&str, i64) -> String,
) -> anyhow::Result<()> {
    for p in packages {
        let minutes = dialtone_core::units::minutes_left(p.seconds_left);
        notify(
            &mut *conn,
            p.user_id,
            kind,
            title,
            &message(&p.name, minutes),
        )
        .await?;
    }
    Ok(())
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
    // Not beside the call path's batch on PostgreSQL: both lock several customers'
    // rows, in no common order.
    crate::telephony::batch::lock_call_path(&mut tx, state.db.backend).await?;
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
