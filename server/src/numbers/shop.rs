//! Buying numbers: the buying catalogue, available numbers, and the purchase.

use super::view::{self, MINE_COLUMNS};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::settings::{self, add_months};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::inventory::NUMBER_TYPES;
use dialtone_core::money::format_micros;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

/// Countries a client can buy numbers in, with the types each offers.
pub async fn get_countries(
    State(state): State<AppState>,
    _auth: AuthUser,
) -> Result<axum::Json<Value>> {
    let rows = sqlx::query(
        "SELECT c.id, c.name, c.code, c.flag, \
           MAX(CASE WHEN p.number_type = 'mobile' THEN 1 ELSE 0 END) AS mobile, \
           MAX(CASE WHEN p.number_type = 'landline' THEN 1 ELSE 0 END) AS landline, \
           MAX(CASE WHEN p.number_type = 'tollfree' THEN 1 ELSE 0 END) AS tollfree \
         FROM countries c JOIN number_prices p ON p.country_id = c.id AND p.purchasable = 1 \
         WHERE c.status = 'active' GROUP BY c.id, c.name, c.code, c.flag, c.sort_order ORDER BY c.sort_order, c.name",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let countries = rows
        .iter()
        .map(|r| {
            Ok(json!({
                "id": r.try_get::<i64, _>("id")?, "name": r.try_get::<String, _>("name")?,
                "code": r.try_get::<String, _>("code")?, "flag": r.try_get::<String, _>("flag")?,
                "mobile": r.try_get::<i64, _>("mobile")? != 0, "landline": r.try_get::<i64, _>("landline")? != 0,
                "tollfree": r.try_get::<i64, _>("tollfree")? != 0,
            }))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(axum::Json(json!({ "countries": countries })))
}

#[derive(Deserialize)]
pub struct AvailableQuery {
    #[serde(default)]
    country: String,
    #[serde(default, rename = "type")]
    number_type: String,
}

pub async fn get_available(
    State(state): State<AppState>,
    _auth: AuthUser,
    Query(q): Query<AvailableQuery>,
) -> Result<axum::Json<Value>> {
    if !NUMBER_TYPES.contains(&q.number_type.as_str()) {
        return Err(Error::field(
            "type",
            "Type must be mobile, landline or tollfree",
        ));
    }
    let setup = settings::load(&state.db.pool).await?.setup_fee_micros;
    let rows = sqlx::query(
        "SELECT n.id, n.number, n.number_type, p.monthly_micros FROM phone_numbers n \
         JOIN countries c ON c.id = n.country_id \
         JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type AND p.purchasable = 1 \
         WHERE c.code = $1 AND n.number_type = $2 AND n.status = 'available' AND c.status = 'active' \
         ORDER BY n.number LIMIT 50",
    )
    .bind(q.country.trim().to_uppercase())
    .bind(&q.number_type)
    .fetch_all(&state.db.pool)
    .await?;
    let numbers = rows
        .iter()
        .map(|r| {
            Ok(json!({
                "id": r.try_get::<i64, _>("id")?, "number": r.try_get::<String, _>("number")?,
                "type": r.try_get::<String, _>("number_type")?, "price": money(r.try_get("monthly_micros")?),
                "setup": money(setup),
            }))
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(axum::Json(
        json!({ "numbers": numbers, "setupFee": money(setup) }),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseRequest {
    number_id: i64,
}

/// The request's Idempotency-Key, if any: a retried request is applied once.
pub fn idempotency_key(headers: &HeaderMap) -> Option<String> {
    headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(|k| k.trim().chars().take(100).collect::<String>())
        .filter(|k| !k.is_empty())
}

pub fn insufficient(cost: i64, balance: i64) -> Error {
    Error::PaymentRequired(format!(
        "Insufficient balance: this costs {} and your balance is {}. Please add funds.",
        format_micros(cost),
        format_micros(balance)
    ))
}

pub async fn post_purchase(
    State(state): State<AppState>,
    auth: AuthUser,
    headers: HeaderMap,
    Json(req): Json<PurchaseRequest>,
) -> Result<(StatusCode, axum::Json<Value>)> {
    let user = &auth.user;
    let key = idempotency_key(&headers).map(|k| format!("purchase:{}:{k}", user.id));
    let now = now_ms();
    let pool = &state.db.pool;
    let mine_sql = format!("SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id WHERE n.id = $1");
    if let Some(key) = &key {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ledger_entries WHERE reference = $1")
                .bind(key)
                .fetch_optional(pool)
                .await?;
        if done.is_some() {
            let row = sqlx::query(&mine_sql)
                .bind(req.number_id)
                .fetch_one(pool)
                .await?;
            let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
                .bind(user.id)
                .fetch_one(pool)
                .await?;
            return Ok((
                StatusCode::CREATED,
                axum::Json(json!({ "number": view::mine(&row, now)?, "balance": money(balance) })),
            ));
        }
    }
    let setup = settings::load(pool).await?.setup_fee_micros;
    let mut tx = state.db.begin_write().await?;
    // Taking the number and checking it is still free are one statement, so of two
    // buyers at the same moment exactly one gets it.
    let taken = sqlx::query(
        "UPDATE phone_numbers SET status = 'active', owner_id = $1, purchased_at = $2, renews_at = $3, auto_renew = 1, \
           notice_sent_for = NULL, expired_at = NULL, updated_at = $2, \
           monthly_micros = (SELECT p.monthly_micros FROM number_prices p WHERE p.country_id = phone_numbers.country_id \
                             AND p.number_type = phone_numbers.number_type AND p.purchasable = 1) \
         WHERE id = $4 AND status = 'available' \
           AND EXISTS (SELECT 1 FROM number_prices p WHERE p.country_id = phone_numbers.country_id \
                       AND p.number_type = phone_numbers.number_type AND p.purchasable = 1) \
         RETURNING number, monthly_micros",
    )
    .bind(user.id)
    .bind(now)
    .bind(add_months(now, 1))
    .bind(req.number_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(taken) = taken else {
        return Err(Error::Conflict(
            "This number is no longer available. Please choose another one.".into(),
        ));
    };
    let (number, monthly): (String, i64) =
        (taken.try_get("number")?, taken.try_get("monthly_micros")?);
    let charges = [
        (monthly, format!("First month of {number}"), key.clone()),
        (
            setup,
            format!("Setup fee for {number}"),
            key.as_ref().map(|k| format!("{k}:setup")),
        ),
    ];
    for (amount, description, reference) in charges.into_iter().filter(|(a, _, _)| *a > 0) {
        let posting = Posting {
            user_id: user.id,
            amount: -amount,
            kind: Kind::NumberPurchase,
            description: &description,
            reference,
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => {}
            Err(PostError::InsufficientFunds { .. }) => {
                tx.rollback().await?;
                let balance: i64 =
                    sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
                        .bind(user.id)
                        .fetch_one(pool)
                        .await?;
                return Err(insufficient(monthly + setup, balance));
            }
            Err(e) => return Err(e.into()),
        }
    }
    notify(
        &mut *tx,
        user.id,
        "purchase",
        "Number purchased",
        &format!("{number} is now yours. It renews monthly until you cancel it."),
    )
    .await?;
    let row = sqlx::query(&mine_sql)
        .bind(req.number_id)
        .fetch_one(&mut *tx)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(json!({ "number": view::mine(&row, now)?, "balance": money(balance) })),
    ))
}
