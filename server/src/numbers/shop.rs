//! Buying numbers: the buying catalogue, available numbers, and the purchase.

use super::view::{self, NumberPaid, MINE_COLUMNS};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::openapi::responses::{Conflict, Insufficient, Invalid, SignedIn};
use crate::settings::{self, add_months};
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::inventory::NUMBER_TYPES;
use dialtone_core::money::format_micros;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

/// A country a client can buy numbers in, and the types it offers.
#[derive(Serialize, ToSchema)]
pub struct ShopCountry {
    pub id: i64,
    pub name: String,
    /// ISO 3166 code, e.g. DE: the `country` of /api/numbers/available.
    pub code: String,
    pub flag: String,
    pub mobile: bool,
    pub landline: bool,
    pub tollfree: bool,
}

#[derive(Serialize, ToSchema)]
pub struct ShopCountries {
    pub countries: Vec<ShopCountry>,
}

/// Countries a client can buy numbers in, with the types each offers.
#[utoipa::path(get, path = "/api/numbers/countries", tag = "numbers",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Active countries with numbers for sale", body = ShopCountries),
        SignedIn,
    ))]
pub async fn get_countries(
    State(state): State<AppState>,
    _auth: AuthUser,
) -> Result<axum::Json<ShopCountries>> {
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
            Ok(ShopCountry {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                code: r.try_get("code")?,
                flag: r.try_get("flag")?,
                mobile: r.try_get::<i64, _>("mobile")? != 0,
                landline: r.try_get::<i64, _>("landline")? != 0,
                tollfree: r.try_get::<i64, _>("tollfree")? != 0,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(axum::Json(ShopCountries { countries }))
}

/// The kinds of number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)] // the document's enumeration only: the handler checks the text
pub enum NumberType {
    Mobile,
    Landline,
    Tollfree,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AvailableQuery {
    /// The country's ISO code, e.g. US (an unknown code finds nothing).
    #[serde(default)]
    #[param(required = false)]
    country: String,
    /// The kind of number.
    #[serde(default, rename = "type")]
    #[param(required = true, inline, value_type = NumberType)]
    number_type: String,
}

/// A number for sale.
#[derive(Serialize, ToSchema)]
pub struct AvailableNumber {
    pub id: i64,
    pub number: String,
    /// `mobile`, `landline` or `tollfree`.
    #[serde(rename = "type")]
    #[schema(example = "mobile")]
    pub number_type: String,
    /// The monthly price.
    pub price: Money,
    /// The one-time setup fee.
    pub setup: Money,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailableNumbers {
    /// At most 50, in number order.
    pub numbers: Vec<AvailableNumber>,
    pub setup_fee: Money,
}

/// Numbers for sale in a country, of one type.
#[utoipa::path(get, path = "/api/numbers/available", tag = "numbers",
    security(("bearer" = [])),
    params(AvailableQuery),
    responses(
        (status = 200, description = "Numbers for sale", body = AvailableNumbers),
        Invalid, SignedIn,
    ))]
pub async fn get_available(
    State(state): State<AppState>,
    _auth: AuthUser,
    Query(q): Query<AvailableQuery>,
) -> Result<axum::Json<AvailableNumbers>> {
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
            Ok(AvailableNumber {
                id: r.try_get("id")?,
                number: r.try_get("number")?,
                number_type: r.try_get("number_type")?,
                price: Money::micros(r.try_get("monthly_micros")?),
                setup: Money::micros(setup),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(axum::Json(AvailableNumbers {
        numbers,
        setup_fee: Money::micros(setup),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseRequest {
    /// The `id` of an available number.
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

/// Buys a number: charges the first month and the setup fee.
#[utoipa::path(post, path = "/api/numbers/purchase", tag = "numbers",
    security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retried request with the same key is applied once")),
    request_body = PurchaseRequest,
    responses(
        (status = 201, description = "The number, now the user's, and the new balance", body = NumberPaid),
        Invalid, SignedIn, Insufficient, Conflict,
    ))]
pub async fn post_purchase(
    State(state): State<AppState>,
    auth: AuthUser,
    headers: HeaderMap,
    Json(req): Json<PurchaseRequest>,
) -> Result<(StatusCode, axum::Json<NumberPaid>)> {
    let user = &auth.user;
    let key = idempotency_key(&headers).map(|k| format!("purchase:{}:{k}", user.id));
    let now = now_ms();
    let pool = &state.db.pool;
    let mine_sql = format!("SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id WHERE n.id = $1 AND n.owner_id = $2");
    if let Some(key) = &key {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ledger_entries WHERE reference = $1")
                .bind(key)
                .fetch_optional(pool)
                .await?;
        if done.is_some() {
            // The key bought a number: answer as then, if the request names it.
            let row = sqlx::query(&mine_sql)
                .bind(req.number_id)
                .bind(user.id)
                .fetch_optional(pool)
                .await?
                .ok_or_else(|| {
                    Error::Conflict("This Idempotency-Key was used for another purchase".into())
                })?;
            let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
                .bind(user.id)
                .fetch_one(pool)
                .await?;
            return Ok((
                StatusCode::CREATED,
                axum::Json(NumberPaid {
                    number: view::mine(&row, now)?,
                    balance: Money::micros(balance),
                }),
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
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(user.id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(NumberPaid {
            number: view::mine(&row, now)?,
            balance: Money::micros(balance),
        }),
    ))
}
