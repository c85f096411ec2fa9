//! Buying numbers: the buying catalogue, available numbers, and the purchase.

use super::repo;
use super::view::{MyNumber, NumberPaid};
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Query};
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::openapi::responses::{Conflict, Insufficient, Invalid, SignedIn};
use crate::packages::allowance::{self, Place};
use crate::settings::{self, add_months};
use crate::state::AppState;
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::trial::NumberPurchase;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
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
#[utoipa::path(get, path = "/numbers/countries", tag = "numbers",
    responses(
        (status = 200, description = "Active countries with numbers for sale", body = ShopCountries),
        SignedIn,
    ))]
pub async fn get_countries(
    With(state, _auth): With<AuthUser>,
) -> Result<axum::Json<ShopCountries>> {
    let countries = repo::shop_countries(&state.db.pool).await?;
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
    /// Digits the national number starts with: an area code or any prefix, e.g. 415.
    #[serde(default)]
    #[param(required = false)]
    prefix: String,
    /// Digits the number contains; letters are the keypad's (CALL is 2255), `*` is
    /// any one digit.
    #[serde(default)]
    #[param(required = false)]
    contains: String,
    /// Only numbers that can do this: `voice` or `sms` (every number in stock takes
    /// calls and SMS; `mms` and `fax` find none).
    #[serde(default)]
    #[param(required = false)]
    capability: String,
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
    /// What the number can do (core's capabilities of every number): `voice`, `sms`.
    pub capabilities: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailableNumbers {
    /// At most 50, in number order.
    pub numbers: Vec<AvailableNumber>,
    pub setup_fee: Money,
}

/// Numbers for sale in a country, of one type, optionally by area code or prefix and
/// by digits contained.
#[utoipa::path(get, path = "/numbers/available", tag = "numbers",
    params(AvailableQuery),
    responses(
        (status = 200, description = "Numbers for sale", body = AvailableNumbers),
        Invalid, SignedIn,
    ))]
pub async fn get_available(
    With(state, _auth): With<AuthUser>,
    Query(q): Query<AvailableQuery>,
) -> Result<axum::Json<AvailableNumbers>> {
    dialtone_core::inventory::check_number_type(&q.number_type)
        .map_err(|m| Error::field("type", m))?;
    let search =
        dialtone_core::inventory::number_search(&q.prefix, &q.contains).map_err(Error::invalid)?;
    let capable = capable(&q.capability)?;
    let setup = settings::load(&state.db.pool).await?.setup_fee_micros;
    let numbers = repo::find_available(
        &state.db.pool,
        &dialtone_core::catalogue::country_code(&q.country),
        &q.number_type,
        &search.prefix,
        &search.pattern,
    )
    .await?
    .into_iter()
    .map(|n| AvailableNumber {
        id: n.id,
        number: n.number,
        number_type: n.number_type,
        price: Money::micros(n.monthly_micros),
        setup: Money::micros(setup),
        capabilities: capabilities(),
    })
    .filter(|_| capable)
    .collect();
    Ok(axum::Json(AvailableNumbers {
        numbers,
        setup_fee: Money::micros(setup),
    }))
}

/// Whether the numbers in stock can do `capability` (none asked: they all can).
fn capable(capability: &str) -> Result<bool> {
    let wanted: Vec<(&str, bool)> = match capability.trim() {
        "" => Vec::new(),
        name => vec![(name, true)],
    };
    dialtone_core::catalogue::capabilities_match(&wanted).map_err(|m| Error::field("capability", m))
}

/// Core's capabilities of every number, those it has.
fn capabilities() -> Vec<String> {
    let all = dialtone_core::catalogue::CAPABILITIES;
    all.iter()
        .filter(|(_, has)| *has)
        .map(|(c, _)| c.to_string())
        .collect()
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
    Error::PaymentRequired(dialtone_core::money::insufficient_balance_message(
        cost, balance,
    ))
}

/// Buys a number: charges the first month and the setup fee.
#[utoipa::path(post, path = "/numbers/purchase", tag = "numbers",
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retried request with the same key is applied once")),
    request_body = PurchaseRequest,
    responses(
        (status = 201, description = "The number, now the user's, and the new balance", body = NumberPaid),
        Invalid, SignedIn, Insufficient, Conflict,
    ))]
pub async fn post_purchase(
    With(state, auth): With<AuthUser>,
    headers: HeaderMap,
    Json(req): Json<PurchaseRequest>,
) -> Result<(StatusCode, axum::Json<NumberPaid>)> {
    let key = idempotency_key(&headers);
    let (number, balance) = buy(&state, auth.user.id, req.number_id, key.as_deref()).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(NumberPaid {
            number,
            balance: Money::micros(balance),
        }),
    ))
}

/// Buys the available number `number_id` for `user_id`: its first month and the setup
/// fee, atomically. With an idempotency `key`, a retry answers the first purchase.
/// The number and the balance after.
pub async fn buy(
    state: &AppState,
    user_id: i64,
    number_id: i64,
    key: Option<&str>,
) -> Result<(MyNumber, i64)> {
    let key = key.map(|k| format!("purchase:{user_id}:{k}"));
    let now = now_ms();
    let pool = &state.db.pool;
    if let Some(key) = &key {
        // A trial number leaves no ledger row: its retry is known by the number.
        let trial_number = crate::users::repo::trial_number_of(pool, user_id).await?;
        if trial_number == Some(number_id) || ledger::repo::reference_exists(pool, key).await? {
            return bought_before(state, user_id, number_id, now).await;
        }
    }
    let setup = settings::load(pool).await?.setup_fee_micros;
    let mut tx = state.db.begin_write().await?;
    // The owner's lock: of two trial purchases at once, one takes the trial number.
    crate::users::repo::lock(&mut *tx, user_id).await?;
    let (how, trial_end) = crate::trial::account::number_purchase(&mut tx, user_id).await?;
    let renews_at = match (how, trial_end) {
        (NumberPurchase::TrialNumber, Some(end)) => end,
        _ => add_months(now, 1),
    };
    // Taking the number and checking it is still free are one statement, so of two
    // buyers at the same moment exactly one gets it.
    let taken = repo::purchase(&mut *tx, number_id, user_id, now, renews_at).await?;
    let Some(taken) = taken else {
        return Err(Error::Conflict(
            "This number is no longer available. Please choose another one.".into(),
        ));
    };
    let (number, mut monthly) = taken;
    if how == NumberPurchase::TrialNumber {
        return take_trial_number(tx, (user_id, number_id), &number, renews_at).await;
    }
    if allowance::include(&mut tx, user_id, Place::Number(number_id), now).await? {
        // A place in the owner's plan pays its months; the setup fee is still due.
        monthly = 0;
    }
    if let Err(e) = charge_purchase(&mut tx, (user_id, &number), (monthly, setup), &key).await {
        tx.rollback().await?;
        return Err(refused(state, user_id, e, (monthly, setup)).await);
    }
    notify(
        &mut *tx,
        user_id,
        "purchase",
        "Number purchased",
        &format!("{number} is now yours. It renews monthly until you cancel it."),
    )
    .await?;
    let mine = repo::find_mine(&mut *tx, number_id, user_id, now)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
    tx.commit().await?;
    if state.config.demo {
        // Demo mode never runs out of numbers to try the shop with.
        if let Err(e) = super::stock::restock_demo(state).await {
            tracing::warn!(error = %e, "demo restock failed");
        }
    }
    Ok((mine, balance))
}

/// The first month (unless a plan pays it) and the setup fee, each its own ledger row
/// whose reference derives from the purchase's idempotency key.
async fn charge_purchase(
    conn: &mut AnyConnection,
    (user_id, number): (i64, &str),
    (monthly, setup): (i64, i64),
    key: &Option<String>,
) -> std::result::Result<(), PostError> {
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
            user_id,
            amount: -amount,
            kind: Kind::NumberPurchase,
            description: &description,
            reference,
            actor_id: None,
        };
        ledger::post(&mut *conn, posting).await?;
    }
    Ok(())
}

/// The number just taken becomes the account's free trial number: nothing is charged,
/// and it ends with the trial unless the account converts first.
async fn take_trial_number(
    mut tx: sqlx::Transaction<'static, sqlx::Any>,
    (user_id, number_id): (i64, i64),
    number: &str,
    until: i64,
) -> Result<(MyNumber, i64)> {
    if !crate::users::repo::take_trial_number(&mut *tx, user_id, number_id).await? {
        tx.rollback().await?;
        let taken = dialtone_core::trial::TRIAL_NUMBER_TAKEN_MESSAGE;
        return Err(Error::Forbidden(taken.into()));
    }
    repo::make_trial_number(&mut *tx, number_id, until).await?;
    let date = super::renewals::renewal_date(until);
    let message = format!(
        "{number} is your free trial number until {date}. Add funds before then to keep it: from that day it renews monthly."
    );
    notify(&mut *tx, user_id, "purchase", "Trial number", &message).await?;
    let now = now_ms();
    let mine = repo::find_mine(&mut *tx, number_id, user_id, now)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok((mine, balance))
}

/// The key bought a number: answered as then, if the request names it.
async fn bought_before(
    state: &AppState,
    user_id: i64,
    number_id: i64,
    now: i64,
) -> Result<(MyNumber, i64)> {
    let pool = &state.db.pool;
    let number = repo::find_mine(pool, number_id, user_id, now)
        .await?
        .ok_or_else(|| {
            Error::Conflict("This Idempotency-Key was used for another purchase".into())
        })?;
    let balance: i64 = crate::users::repo::balance(pool, user_id).await?;
    Ok((number, balance))
}

/// A purchase's debit refused: for want of funds, the 402 saying what is due today and
/// what is available (money held by calls in progress is not).
async fn refused(
    state: &AppState,
    user_id: i64,
    e: PostError,
    (monthly, setup): (i64, i64),
) -> Error {
    let PostError::InsufficientFunds { .. } = e else {
        return e.into();
    };
    let due = dialtone_core::pricing::total_due_today_micros(monthly, setup);
    match ledger::repo::available(&state.db.pool, user_id).await {
        Ok(Some(available)) => insufficient(due, available),
        Ok(None) => sqlx::Error::RowNotFound.into(),
        Err(e) => e.into(),
    }
}
