//! The client's own numbers: list, cancel renewal, renew after expiry.

use super::shop::insufficient;
use super::view::{self, MyNumber, NumberOnly, NumberPaid, MINE_COLUMNS};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::openapi::responses::{Conflict, Insufficient, Invalid, NotFound, SignedIn};
use crate::settings::add_months;
use crate::state::AppState;
use axum::extract::State;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

fn select_one() -> String {
    format!("SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id WHERE n.id = $1 AND n.owner_id = $2")
}

#[derive(Serialize, ToSchema)]
pub struct MyNumbers {
    /// Newest first.
    pub numbers: Vec<MyNumber>,
}

/// The user's numbers.
#[utoipa::path(get, path = "/api/numbers/mine", tag = "numbers",
    security(("bearer" = [])),
    responses((status = 200, description = "The user's numbers", body = MyNumbers), SignedIn))]
pub async fn get_mine(
    State(state): State<AppState>,
    auth: AuthUser,
) -> Result<axum::Json<MyNumbers>> {
    let now = now_ms();
    // A client holds a handful of numbers; 500 bounds the answer all the same.
    let rows = sqlx::query(&format!(
        "SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id \
         WHERE n.owner_id = $1 ORDER BY n.purchased_at DESC, n.id DESC LIMIT 500"
    ))
    .bind(auth.user.id)
    .fetch_all(&state.db.pool)
    .await?;
    let numbers = rows
        .iter()
        .map(|r| view::mine(r, now))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(MyNumbers { numbers }))
}

/// Stops renewal: the number stays until its expiry, then returns to inventory.
#[utoipa::path(post, path = "/api/numbers/{id}/cancel", tag = "numbers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number, renewal off", body = NumberOnly),
        Invalid, SignedIn, NotFound, Conflict,
    ))]
pub async fn post_cancel(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberOnly>> {
    let changed = sqlx::query("UPDATE phone_numbers SET auto_renew = 0, updated_at = $1 WHERE id = $2 AND owner_id = $3 AND status = 'active'")
        .bind(now_ms())
        .bind(id)
        .bind(auth.user.id)
        .execute(&state.db.pool)
        .await?
        .rows_affected();
    let row = sqlx::query(&select_one())
        .bind(id)
        .bind(auth.user.id)
        .fetch_optional(&state.db.pool)
        .await?;
    let row = row.ok_or_else(|| Error::NotFound("No such number".into()))?;
    if changed == 0 && row.try_get::<String, _>("status")? != "active" {
        return Err(Error::Conflict(
            "Only an active number can be cancelled".into(),
        ));
    }
    Ok(axum::Json(NumberOnly {
        number: view::mine(&row, now_ms())?,
    }))
}

/// Renews a number that expired for want of funds, within its grace period.
#[utoipa::path(post, path = "/api/numbers/{id}/renew", tag = "numbers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number, active again, and the new balance", body = NumberPaid),
        Invalid, SignedIn, Insufficient,
        (status = 409, description = "Not an expired number of the user's in its grace period",
            body = crate::openapi::responses::ErrorBody),
    ))]
pub async fn post_renew(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberPaid>> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let renewed = sqlx::query(
        "UPDATE phone_numbers SET status = 'active', renews_at = $1, expired_at = NULL, auto_renew = 1, notice_sent_for = NULL, updated_at = $2 \
         WHERE id = $3 AND owner_id = $4 AND status = 'expired' RETURNING number, monthly_micros",
    )
    .bind(add_months(now, 1))
    .bind(now)
    .bind(id)
    .bind(auth.user.id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(renewed) = renewed else {
        return Err(Error::Conflict(
            "Only an expired number still in its grace period can be renewed".into(),
        ));
    };
    let (number, monthly): (String, i64) = (
        renewed.try_get("number")?,
        renewed.try_get("monthly_micros")?,
    );
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
        Err(PostError::InsufficientFunds { balance }) => {
            tx.rollback().await?;
            return Err(insufficient(monthly, balance));
        }
        Err(e) => return Err(e.into()),
    }
    let row = sqlx::query(&select_one())
        .bind(id)
        .bind(auth.user.id)
        .fetch_one(&mut *tx)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(auth.user.id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(axum::Json(NumberPaid {
        number: view::mine(&row, now)?,
        balance: Money::micros(balance),
    }))
}
