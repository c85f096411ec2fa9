//! Plans renew each period until cancelled, like numbers: the price as the plan is
//! sold then, charged once per period through the ledger; the minutes afresh (unused
//! ones lapse, spec section 9). A plan off sale, or a balance that does not cover it,
//! ends it at the period's end with a notification.

use super::repo::plans::{self, DueRenewal};
use super::shop::OwnedPackage;
use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::{Path, With};
use crate::ledger::{self, Kind, Posting};
use crate::notifications::notify;
use crate::numbers::renewals::renewal_date;
use crate::openapi::responses::{NotFound, SignedIn};
use crate::settings::DAY_MS;
use crate::state::AppState;
use dialtone_core::money::format_micros;
use sqlx::AnyConnection;

/// Renews the plans whose period ended by `now`; those that cannot renew stop
/// renewing and expire with the package expiry that follows. How many renewed.
pub async fn renew_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut renewed = 0;
    loop {
        let due = plans::due_renewals(&state.db.pool, now).await?;
        if due.is_empty() {
            return Ok(renewed);
        }
        for plan in &due {
            let mut tx = state.db.begin_write().await?;
            if renew_one(&mut tx, plan).await? {
                renewed += 1;
            }
            tx.commit().await?;
        }
    }
}

/// The notice before a plan renews, once per period, as numbers and IVR flows have
/// theirs: a notification, and a mail to owners who asked for them. How many were sent.
pub async fn send_notices(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let until = now + super::expiry::EXPIRY_NOTICE_MS;
    let mut tx = state.db.begin_write().await?;
    let soon = plans::claim_renewal_notices(&mut *tx, now, until).await?;
    let notices: Vec<(i64, String)> = soon.iter().map(|p| (p.user_id, notice(p))).collect();
    for (owner, message) in &notices {
        notify(
            &mut *tx,
            *owner,
            "renewal_notice",
            "Plan renews soon",
            message,
        )
        .await?;
    }
    tx.commit().await?;
    for (owner, message) in &notices {
        let subject = "Your Dialtone plan renews soon";
        crate::notifications::mail_if_opted_in(state, *owner, subject, message).await?;
    }
    Ok(notices.len() as u64)
}

fn notice(p: &plans::Renewing) -> String {
    let (name, date) = (&p.name, renewal_date(p.expires_at));
    match p.price_micros {
        Some(price) => format!(
            "Your {name} plan renews on {date} for {}. Keep your balance topped up to keep its minutes coming.",
            format_micros(price)
        ),
        None => format!("Your {name} plan is no longer sold, so it ends on {date}."),
    }
}

/// One plan due: its next period started and paid (true), or its renewal stopped
/// with a word to its owner (false).
async fn renew_one(conn: &mut AnyConnection, due: &DueRenewal) -> anyhow::Result<bool> {
    let on_sale = match due.package_id {
        Some(id) => plans::find_on_sale(&mut *conn, id).await?,
        None => None,
    };
    let Some(plan) = on_sale else {
        let message = format!(
            "Your {} plan is no longer sold, so it ends with this period.",
            due.name
        );
        return stop(conn, due, &message).await;
    };
    let description = format!("{} plan: renewal ({} minutes)", plan.name, plan.minutes);
    let posting = Posting {
        user_id: due.user_id,
        amount: -plan.price_micros,
        kind: Kind::PackagePurchase,
        description: &description,
        // One charge per plan and period, however often the job runs.
        reference: Some(format!("plan:{}:{}", due.id, due.expires_at)),
        actor_id: None,
    };
    if !ledger::charge(&mut *conn, posting).await? {
        let message = format!(
            "Your {} plan could not renew: the balance did not cover {}. Add funds and buy it again to continue.",
            plan.name,
            format_micros(plan.price_micros)
        );
        return stop(conn, due, &message).await;
    }
    let until = due.expires_at + plan.validity_days * DAY_MS;
    if !plans::start_period(&mut *conn, due.id, due.expires_at, &plan, until).await? {
        anyhow::bail!("plan {} changed while it renewed", due.id);
    }
    let message = format!(
        "Your {} plan renewed for {}: {} minutes until {}.",
        plan.name,
        format_micros(plan.price_micros),
        plan.minutes,
        renewal_date(until)
    );
    notify(
        &mut *conn,
        due.user_id,
        "purchase",
        "Plan renewed",
        &message,
    )
    .await?;
    Ok(true)
}

async fn stop(conn: &mut AnyConnection, due: &DueRenewal, message: &str) -> anyhow::Result<bool> {
    plans::stop_renewing(&mut *conn, due.id).await?;
    notify(
        &mut *conn,
        due.user_id,
        "package_expired",
        "Plan not renewed",
        message,
    )
    .await?;
    Ok(false)
}

/// Stops a plan renewing: its minutes and inclusions stay until the period ends.
#[utoipa::path(post, path = "/packages/mine/{id}/cancel", tag = "packages",
    params(("id" = i64, Path, description = "The purchase's id")),
    responses((status = 200, description = "The plan, no longer renewing", body = OwnedPackage),
        SignedIn, NotFound))]
pub async fn post_cancel(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<OwnedPackage>> {
    let pool = &state.db.pool;
    if !plans::cancel(pool, id, auth.user.id).await? {
        return Err(Error::NotFound(
            "No plan of yours renews with this id".into(),
        ));
    }
    let mine = super::repo::list_owned(pool, auth.user.id).await?;
    let plan = mine.into_iter().find(|p| p.id == id);
    plan.map(axum::Json)
        .ok_or_else(|| Error::NotFound("No such plan".into()))
}
