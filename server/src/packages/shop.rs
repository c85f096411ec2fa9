use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::json::money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::shop::{idempotency_key, insufficient};
use crate::settings::DAY_MS;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

pub async fn list_packages(
    State(state): State<AppState>,
    _auth: AuthUser,
) -> Result<axum::Json<Value>> {
    let rows = sqlx::query(
        "SELECT id, name, minutes, price_micros, validity_days, features, status FROM packages WHERE status = 'active' ORDER BY sort_order, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let packages = rows
        .iter()
        .map(super::view)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(json!({ "packages": packages })))
}

const MINE: &str = "id, name, minutes, seconds_remaining, status, purchased_at, expires_at";

/// Section 3's package owned by a client.
fn mine(r: &AnyRow) -> Result<Value, sqlx::Error> {
    Ok(json!({
        "id": r.try_get::<i64, _>("id")?,
        "name": r.try_get::<String, _>("name")?,
        "minutes": r.try_get::<i64, _>("minutes")?,
        // Whole minutes left; a started minute is not a minute left.
        "remainingMinutes": r.try_get::<i64, _>("seconds_remaining")? / 60,
        "status": r.try_get::<String, _>("status")?,
        "purchaseDate": iso(r.try_get("purchased_at")?),
        "expiryDate": iso(r.try_get("expires_at")?),
    }))
}

pub async fn list_mine(State(state): State<AppState>, auth: AuthUser) -> Result<axum::Json<Value>> {
    let rows = sqlx::query(&format!(
        "SELECT {MINE} FROM user_packages WHERE user_id = $1 ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, expires_at DESC LIMIT 200"
    ))
    .bind(auth.user.id)
    .fetch_all(&state.db.pool)
    .await?;
    let packages = rows.iter().map(mine).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(json!({ "packages": packages })))
}

pub async fn post_purchase(
    State(state): State<AppState>,
    auth: AuthUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<(StatusCode, axum::Json<Value>)> {
    let user_id = auth.user.id;
    let reference = idempotency_key(&headers).map(|k| format!("package:{user_id}:{k}"));
    let pool = &state.db.pool;
    if let Some(reference) = &reference {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ledger_entries WHERE reference = $1")
                .bind(reference)
                .fetch_optional(pool)
                .await?;
        if done.is_some() {
            return Err(Error::Conflict("This purchase was already made".into()));
        }
    }
    let package = sqlx::query("SELECT id, name, minutes, price_micros, validity_days FROM packages WHERE id = $1 AND status = 'active'")
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::NotFound("This package is not on sale".into()))?;
    let (name, minutes, price, validity): (String, i64, i64, i64) = (
        package.try_get("name")?,
        package.try_get("minutes")?,
        package.try_get("price_micros")?,
        package.try_get("validity_days")?,
    );
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let description = format!("{name} package ({minutes} minutes)");
    let posting = Posting {
        user_id,
        amount: -price,
        kind: Kind::PackagePurchase,
        description: &description,
        reference,
        actor_id: None,
    };
    match ledger::post(&mut tx, posting).await {
        Ok(_) => {}
        Err(PostError::InsufficientFunds { balance }) => {
            tx.rollback().await?;
            return Err(insufficient(price, balance));
        }
        Err(e) => return Err(e.into()),
    }
    let row = sqlx::query(&format!(
        "INSERT INTO user_packages (user_id, package_id, name, minutes, seconds_remaining, price_micros, purchased_at, expires_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active') RETURNING {MINE}"
    ))
    .bind(user_id)
    .bind(id)
    .bind(&name)
    .bind(minutes)
    .bind(minutes * 60)
    .bind(price)
    .bind(now)
    .bind(now + validity * DAY_MS)
    .fetch_one(&mut *tx)
    .await?;
    notify(
        &mut *tx,
        user_id,
        "purchase",
        "Package purchased",
        &format!("{name}: {minutes} minutes, valid {validity} days."),
    )
    .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(json!({ "package": mine(&row)?, "balance": money(balance) })),
    ))
}
