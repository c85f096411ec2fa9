//! The client's own numbers: list, cancel renewal, renew after expiry.

use super::repo;
use super::shop::insufficient;
use super::view::{MyNumber, NumberOnly, NumberPaid};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::extract::With;
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::openapi::responses::{Conflict, Insufficient, Invalid, NotFound, SignedIn};
use crate::settings::add_months;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct MyNumbers {
    /// Newest first.
    pub numbers: Vec<MyNumber>,
}

/// The user's numbers.
#[utoipa::path(get, path = "/numbers/mine", tag = "numbers",
    responses((status = 200, description = "The user's numbers", body = MyNumbers), SignedIn))]
pub async fn get_mine(With(state, auth): With<AuthUser>) -> Result<axum::Json<MyNumbers>> {
    let now = now_ms();
    // A client holds a handful of numbers; 500 bounds the answer all the same.
    let numbers = repo::list_mine(&state.db.pool, auth.user.id, now).await?;
    Ok(axum::Json(MyNumbers { numbers }))
}

/// Stops renewal: the number stays until its expiry, then returns to inventory.
#[utoipa::path(post, path = "/numbers/{id}/cancel", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number, renewal off", body = NumberOnly),
        Invalid, SignedIn, NotFound, Conflict,
    ))]
pub async fn post_cancel(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberOnly>> {
    let now = now_ms();
    let changed = repo::cancel_renewal(&state.db.pool, id, auth.user.id, now).await?;
    let number = repo::find_mine(&state.db.pool, id, auth.user.id, now)
        .await?
        .ok_or_else(|| Error::NotFound("No such number".into()))?;
    if changed == 0 && number.status != "active" {
        return Err(Error::Conflict(
            "Only an active number can be cancelled".into(),
        ));
    }
    Ok(axum::Json(NumberOnly { number }))
}

/// Renews a number that expired for want of funds, within its grace period.
#[utoipa::path(post, path = "/numbers/{id}/renew", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number, active again, and the new balance", body = NumberPaid),
        Invalid, SignedIn, Insufficient,
        (status = 409, description = "Not an expired number of the user's in its grace period",
            body = crate::openapi::responses::ErrorBody),
    ))]
pub async fn post_renew(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberPaid>> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let renewed = repo::renew_expired(&mut *tx, id, auth.user.id, now, add_months(now, 1)).await?;
    let Some(renewed) = renewed else {
        return Err(Error::Conflict(
            "Only an expired number still in its grace period can be renewed".into(),
        ));
    };
    let (number, monthly) = renewed;
    let description = format!("Renewal of {number}");
    let posting = Posting {
        user_id: auth.user.id,
        amount: -monthly,
        kind: Kind::NumberRenewal,
        description: &description,
        reference: None,
        actor_id: None,
    };
    match ledger::post(&mut tx, posting).await {
        Ok(_) => {}
        Err(PostError::InsufficientFunds { balance, .. }) => {
            tx.rollback().await?;
            return Err(insufficient(monthly, balance));
        }
        Err(e) => return Err(e.into()),
    }
    let mine = repo::find_mine(&mut *tx, id, auth.user.id, now)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, auth.user.id).await?;
    tx.commit().await?;
    Ok(axum::Json(NumberPaid {
        number: mine,
        balance: Money::micros(balance),
    }))
}
