//! Packages past their expiry (unused minutes are lost, spec section 9), announced
//! three days before; plans that renew are announced as renewing instead.

use crate::notifications::notify;
use crate::packages;
use crate::packages::repo::Lapsing;
use crate::settings::DAY_MS;
use crate::state::AppState;
use sqlx::AnyConnection;

/// Packages are announced this long before they expire, and plans before they renew.
pub const EXPIRY_NOTICE_MS: i64 = 3 * DAY_MS;

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
