//! Starting a deposit and reading the user's deposits.

use super::provider::Provider;
use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::money;
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::{Path, State};
use dialtone_core::money::to_micros;
use dialtone_core::validation as v;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

/// The largest single deposit, from the platform settings.
pub async fn max_deposit(state: &AppState) -> Result<Decimal> {
    Ok(dialtone_core::money::from_micros(
        crate::settings::load(&state.db.pool)
            .await?
            .max_deposit_micros,
    ))
}

#[derive(Deserialize)]
pub struct DepositRequest {
    /// A JSON number (as the spec's app sends it) or a string.
    #[serde(default)]
    amount: Value,
}

pub async fn post_stripe(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(req): Json<DepositRequest>,
) -> Result<axum::Json<Value>> {
    let text = match &req.amount {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Null => String::new(),
        _ => "not a number".into(),
    };
    let amount = v::validate_deposit(&text, max_deposit(&state).await?).map_err(Error::invalid)?;
    let micros = to_micros(amount).map_err(|e| Error::field("amount", e.to_string()))?;
    let provider = Provider::from_config(&state.config);
    let now = now_ms();
    let payment_id: i64 = sqlx::query_scalar(
        "INSERT INTO payments (user_id, provider, amount_micros, status, created_at, updated_at) \
         VALUES ($1, $2, $3, 'creating', $4, $4) RETURNING id",
    )
    .bind(auth.user.id)
    .bind(provider.name())
    .bind(micros)
    .bind(now)
    .fetch_one(&state.db.pool)
    .await?;
    let intent = match provider
        .create_intent(micros / 10_000, auth.user.id, payment_id)
        .await
    {
        Ok(intent) => intent,
        Err(e) => {
            tracing::error!(payment_id, error = %e, "creating the payment intent failed");
            sqlx::query("UPDATE payments SET status = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3")
                .bind("The payment provider could not be reached")
                .bind(now_ms())
                .bind(payment_id)
                .execute(&state.db.pool)
                .await?;
            return Err(Error::BadGateway(
                "The payment provider is unavailable. Please try again in a moment.".into(),
            ));
        }
    };
    sqlx::query("UPDATE payments SET intent_id = $1, client_secret = $2, status = 'pending', updated_at = $3 WHERE id = $4")
        .bind(&intent.id)
        .bind(&intent.client_secret)
        .bind(now_ms())
        .bind(payment_id)
        .execute(&state.db.pool)
        .await?;
    Ok(axum::Json(
        json!({ "clientSecret": intent.client_secret, "paymentId": payment_id, "provider": provider.name() }),
    ))
}

fn view(r: &AnyRow) -> Result<Value, sqlx::Error> {
    Ok(json!({
        "id": r.try_get::<i64, _>("id")?,
        "amount": money(r.try_get("amount_micros")?),
        "status": r.try_get::<String, _>("status")?,
        "provider": r.try_get::<String, _>("provider")?,
        "failureMessage": r.try_get::<Option<String>, _>("failure_message")?,
        "createdAt": iso(r.try_get("created_at")?),
    }))
}

const COLUMNS: &str = "id, amount_micros, status, provider, failure_message, created_at";

pub async fn list_deposits(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<Value>>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE user_id = $1")
        .bind(auth.user.id)
        .fetch_one(&state.db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(auth.user.id)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows.iter().map(view).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Page::new(items, total, q)))
}

/// The state of one of the user's payments, by its client secret (the payment page
/// polls it after confirming).
pub async fn get_payment(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(client_secret): Path<String>,
) -> Result<axum::Json<Value>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE client_secret = $1 AND user_id = $2"
    ))
    .bind(&client_secret)
    .bind(auth.user.id)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| Error::NotFound("No such payment".into()))?;
    Ok(axum::Json(json!({ "payment": view(&row)? })))
}

/// What the deposit and payment pages need to know about the provider in use.
pub async fn get_config(State(state): State<AppState>) -> Result<axum::Json<Value>> {
    let provider = Provider::from_config(&state.config);
    let max = max_deposit(&state).await?;
    Ok(axum::Json(json!({
        "provider": provider.name(),
        "publishableKey": state.config.stripe_publishable_key,
        "minDeposit": 1,
        "maxDeposit": max.to_string(),
    })))
}
