//! Numbers: the notice before renewal, the monthly renewal, expiry for want of
//! funds, and the return to inventory after the grace period.

use crate::db::Backend;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::settings::{self, add_months, DAY_MS};
use crate::state::AppState;
use dialtone_core::money::format_micros;
use sqlx::Row;

/// The notice N days before renewal, once per period: claiming it sets
/// notice_sent_for to the renewal date in the same statement that finds it.
pub async fn send_notices(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let s = settings::load(&state.db.pool).await?;
    let mut tx = state.db.begin_write().await?;
    let rows = sqlx::query(
        "UPDATE phone_numbers SET notice_sent_for = renews_at \
         WHERE status = 'active' AND auto_renew = 1 AND renews_at > $1 AND renews_at <= $2 \
           AND (notice_sent_for IS NULL OR notice_sent_for <> renews_at) \
         RETURNING owner_id, number, renews_at, monthly_micros",
    )
    .bind(now)
    .bind(now + s.renewal_notice_days * DAY_MS)
    .fetch_all(&mut *tx)
    .await?;
    let mut mails = Vec::new();
    for r in &rows {
        let (owner, number, renews_at, monthly): (i64, String, i64, i64) = (
            r.try_get("owner_id")?,
            r.try_get("number")?,
            r.try_get("renews_at")?,
            r.try_get("monthly_micros")?,
        );
        let date = chrono::DateTime::from_timestamp_millis(renews_at)
            .unwrap_or_default()
            .format("%B %-d, %Y");
        let message = format!(
            "{number} renews on {date} for {}. Keep your balance topped up to keep it.",
            format_micros(monthly)
        );
        notify(
            &mut *tx,
            owner,
            "renewal_notice",
            "Number renews soon",
            &message,
        )
        .await?;
        mails.push((owner, message));
    }
    tx.commit().await?;
    for (owner, message) in mails {
        let user = crate::users::repo::find_by_id(&state.db.pool, owner).await?;
        // Only to those who asked for e-mail notifications; the notification stays.
        if let Some(user) = user.filter(|u| u.email_notifications) {
            state
                .mailer
                .send(
                    &user.email,
                    "Your Dialtone number renews soon",
                    &format!("Hello {},\n\n{message}\n\nDialtone", user.name),
                )
                .await?;
        }
    }
    Ok(rows.len() as u64)
}

fn skip_locked(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        // SQLite has one writer at a time: BEGIN IMMEDIATE already serialises runs.
        Backend::Sqlite => "",
    }
}

/// Renews every number due, in batches. Returns (renewed, expired or released).
pub async fn renew_due(state: &AppState, now: i64) -> anyhow::Result<(u64, u64)> {
    let (mut renewed, mut ended) = (0, 0);
    loop {
        let mut tx = state.db.begin_write().await?;
        let due = sqlx::query(&format!(
            "SELECT id, owner_id, number, renews_at, monthly_micros, auto_renew FROM phone_numbers \
             WHERE status = 'active' AND renews_at <= $1 ORDER BY renews_at, id LIMIT 50{}",
            skip_locked(state.db.backend)
        ))
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        if due.is_empty() {
            return Ok((renewed, ended));
        }
        for r in &due {
            let (id, owner, number, renews_at, monthly, auto): (i64, i64, String, i64, i64, i64) = (
                r.try_get("id")?,
                r.try_get("owner_id")?,
                r.try_get("number")?,
                r.try_get("renews_at")?,
                r.try_get("monthly_micros")?,
                r.try_get("auto_renew")?,
            );
            if auto == 0 {
                // Cancelled by its owner: it ends at expiry and goes back on sale.
                crate::numbers::repo::release(&mut *tx, id, now).await?;
                notify(
                    &mut *tx,
                    owner,
                    "number_expired",
                    "Number ended",
                    &format!("{number} has ended as you asked."),
                )
                .await?;
                ended += 1;
                continue;
            }
            let description = format!("Monthly renewal of {number}");
            // One charge per number and period, whatever runs this and however often.
            let posting = Posting {
                user_id: owner,
                amount: -monthly,
                kind: Kind::NumberRenewal,
                description: &description,
                reference: Some(format!("renewal:{id}:{renews_at}")),
                actor_id: None,
            };
            match ledger::post(&mut tx, posting).await {
                Ok(_) => {
                    sqlx::query(
                        "UPDATE phone_numbers SET renews_at = $1, updated_at = $2 WHERE id = $3",
                    )
                    .bind(add_months(renews_at, 1))
                    .bind(now)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                    renewed += 1;
                }
                Err(PostError::InsufficientFunds { .. }) => {
                    sqlx::query("UPDATE phone_numbers SET status = 'expired', expired_at = $1, updated_at = $1 WHERE id = $2")
                        .bind(now)
                        .bind(id)
                        .execute(&mut *tx)
                        .await?;
                    let message = format!(
                        "{number} could not renew: the balance did not cover {}. Add funds and renew it within the grace period to keep it.",
                        format_micros(monthly)
                    );
                    notify(
                        &mut *tx,
                        owner,
                        "number_expired",
                        "Number expired",
                        &message,
                    )
                    .await?;
                    ended += 1;
                }
                Err(e) => return Err(anyhow::anyhow!("renewal of {number}: {e:?}")),
            }
        }
        tx.commit().await?;
    }
}

/// Expired numbers not renewed within the grace period go back on sale.
pub async fn release_after_grace(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let grace = settings::load(&state.db.pool).await?.grace_period_days;
    let released = sqlx::query(
        "UPDATE phone_numbers SET status = 'available', owner_id = NULL, monthly_micros = NULL, purchased_at = NULL, \
         renews_at = NULL, notice_sent_for = NULL, expired_at = NULL, auto_renew = 1, updated_at = $1 \
         WHERE status = 'expired' AND expired_at <= $2",
    )
    .bind(now)
    .bind(now - grace * DAY_MS)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    Ok(released)
}
