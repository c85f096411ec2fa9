//! Starting a deposit and reading the user's deposits.

use super::provider::Provider;
use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path, Query};
use crate::json::Money;
use crate::openapi::responses::{Invalid, NotFound, SignedIn, Upstream};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use dialtone_core::money::to_micros;
use dialtone_core::validation as v;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The largest single deposit, from the platform settings.
pub async fn max_deposit(state: &AppState) -> Result<Decimal> {
    Ok(dialtone_core::money::from_micros(
        crate::settings::load(&state.db.pool)
            .await?
            .max_deposit_micros,
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct DepositRequest {
    /// US dollars, from 1 to the maximum deposit, at most 2 decimals: a JSON number
    /// (as the spec's app sends it) or a string.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::responses::number_or_string)]
    amount: crate::json::NumberText,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositStarted {
    /// The payment intent's client secret, for the card form.
    pub client_secret: String,
    pub payment_id: i64,
    /// `sandbox` or `stripe`.
    #[schema(example = "sandbox")]
    pub provider: String,
}

/// Starts a card deposit: creates the payment intent the card form confirms.
#[utoipa::path(post, path = "/payment/stripe", tag = "payments",
    request_body = DepositRequest,
    responses(
        (status = 200, description = "The intent to confirm", body = DepositStarted),
        Invalid, SignedIn, Upstream,
    ))]
pub async fn post_stripe(
    With(state, auth): With<AuthUser>,
    Json(req): Json<DepositRequest>,
) -> Result<axum::Json<DepositStarted>> {
    let amount = v::validate_deposit(req.amount.as_str(), max_deposit(&state).await?)
        .map_err(Error::invalid)?;
    let micros = to_micros(amount).map_err(|e| Error::field("amount", e.to_string()))?;
    let provider = Provider::from_config(&state.config);
    let now = now_ms();
    let payment_id =
        repo::insert(&state.db.pool, auth.user.id, provider.name(), micros, now).await?;
    let intent = match provider
        .create_intent(
            dialtone_core::units::micros_to_cents(micros),
            auth.user.id,
            payment_id,
        )
        .await
    {
        Ok(intent) => intent,
        Err(e) => {
            tracing::error!(payment_id, error = %e, "creating the payment intent failed");
            repo::fail(
                &state.db.pool,
                payment_id,
                "The payment provider could not be reached",
                now_ms(),
            )
            .await?;
            return Err(Error::BadGateway(
                "The payment provider is unavailable. Please try again in a moment.".into(),
            ));
        }
    };
    repo::set_intent(
        &state.db.pool,
        payment_id,
        &intent.id,
        &intent.client_secret,
        now_ms(),
    )
    .await?;
    Ok(axum::Json(DepositStarted {
        client_secret: intent.client_secret,
        payment_id,
        provider: provider.name().into(),
    }))
}

/// One of the user's deposits.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deposit {
    pub id: i64,
    pub amount: Money,
    /// `creating`, `pending`, `succeeded` or `failed`.
    #[schema(example = "succeeded")]
    pub status: String,
    /// `sandbox` or `stripe`.
    #[schema(example = "sandbox")]
    pub provider: String,
    /// Why it failed, when it did.
    pub failure_message: Option<String>,
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentState {
    pub payment: Deposit,
}

/// The user's deposits, newest first.
#[utoipa::path(get, path = "/payment/deposits", tag = "payments",
    params(PageQuery),
    responses(
        (status = 200, description = "One page of deposits", body = Page<Deposit>),
        Invalid, SignedIn,
    ))]
pub async fn list_deposits(
    With(state, auth): With<AuthUser>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<Deposit>>> {
    let page = repo::page_for(&state.db.pool, auth.user.id, q).await?;
    Ok(axum::Json(page))
}

/// One of the user's payments, by its client secret.
///
/// The payment page polls it after confirming.
#[utoipa::path(get, path = "/payment/intent/{client_secret}", tag = "payments",
    params(("client_secret" = String, Path, description = "The client secret from POST /api/payment/stripe")),
    responses(
        (status = 200, description = "The payment", body = PaymentState),
        Invalid, SignedIn, NotFound,
    ))]
pub async fn get_payment(
    With(state, auth): With<AuthUser>,
    Path(client_secret): Path<String>,
) -> Result<axum::Json<PaymentState>> {
    let payment = repo::find_by_secret(&state.db.pool, &client_secret, auth.user.id)
        .await?
        .ok_or_else(|| Error::NotFound("No such payment".into()))?;
    Ok(axum::Json(PaymentState { payment }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentConfig {
    /// `sandbox` or `stripe`.
    #[schema(example = "sandbox")]
    pub provider: String,
    /// Stripe's publishable key, for Stripe.js (null with the sandbox).
    pub publishable_key: Option<String>,
    /// The smallest deposit in US dollars.
    pub min_deposit: i64,
    /// The largest deposit in US dollars, as a decimal string (e.g. "10000").
    #[schema(example = "10000")]
    pub max_deposit: String,
}

/// What the deposit and payment pages need to know about the provider in use.
#[utoipa::path(get, path = "/payment/config", tag = "payments",
    responses((status = 200, description = "The provider and the deposit limits", body = PaymentConfig)))]
pub async fn get_config(State(state): State<AppState>) -> Result<axum::Json<PaymentConfig>> {
    let provider = Provider::from_config(&state.config);
    let max = max_deposit(&state).await?;
    Ok(axum::Json(PaymentConfig {
        provider: provider.name().into(),
        publishable_key: state.config.stripe_publishable_key.clone(),
        min_deposit: dialtone_core::validation::MIN_DEPOSIT_USD,
        max_deposit: max.to_string(),
    }))
}
