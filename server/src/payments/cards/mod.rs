//! The saved card (issue 46): /api/payment/card*. With Stripe the card is saved by a
//! SetupIntent the browser confirms with Stripe.js (usage off_session, so later
//! charges need no customer); Dialtone then reads the payment method back from Stripe
//! and keeps its brand, last four digits and expiry, never the number. The sandbox
//! saves one of Stripe's test cards and remembers what charging it does.

pub mod repo;
mod stripe;

use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::openapi::responses::{Invalid, SignedIn, Upstream};
use crate::payments::provider::Provider;
use chrono::Datelike;
use dialtone_core::card::{brand, card_digits, validate_card, CardInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The saved card as shown: never its number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    #[schema(example = "Visa")]
    pub brand: String,
    #[schema(example = "4242")]
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// `sandbox` or `stripe`.
    pub provider: String,
}

#[derive(Serialize, ToSchema)]
pub struct SavedCardState {
    /// Null when no card is saved.
    pub card: Option<Card>,
}

fn shown(card: repo::SavedCard) -> Card {
    Card {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        provider: card.provider,
    }
}

async fn current(state: &crate::state::AppState, user_id: i64) -> Result<SavedCardState> {
    let card = repo::find(&state.db.pool, user_id).await?.map(shown);
    Ok(SavedCardState { card })
}

/// The account's saved card.
#[utoipa::path(get, path = "/payment/card", tag = "payments",
    responses((status = 200, description = "The saved card, or null", body = SavedCardState), SignedIn))]
pub async fn get_card(With(state, auth): With<AuthUser>) -> Result<axum::Json<SavedCardState>> {
    Ok(axum::Json(current(&state, auth.user.id).await?))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSetup {
    /// `sandbox` (send the card to /payment/sandbox/card) or `stripe` (confirm the
    /// SetupIntent with Stripe.js, then POST /payment/card/confirm).
    pub provider: String,
    /// The SetupIntent's client secret (null with the sandbox).
    pub client_secret: Option<String>,
    pub setup_intent_id: Option<String>,
}

/// Starts saving a card: with Stripe, a SetupIntent for the account's customer.
#[utoipa::path(post, path = "/payment/card/setup", tag = "payments",
    responses((status = 200, description = "What the card form needs", body = CardSetup), SignedIn, Upstream))]
pub async fn post_setup(With(state, auth): With<AuthUser>) -> Result<axum::Json<CardSetup>> {
    let provider = Provider::from_config(&state.config);
    let Some(api) = provider.stripe() else {
        return Ok(axum::Json(CardSetup {
            provider: provider.name().into(),
            client_secret: None,
            setup_intent_id: None,
        }));
    };
    let (id, secret) = stripe::setup_intent(&state, &api, &auth.user).await?;
    Ok(axum::Json(CardSetup {
        provider: provider.name().into(),
        client_secret: Some(secret),
        setup_intent_id: Some(id),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmCard {
    #[serde(default)]
    pub setup_intent_id: String,
}

/// Saves the card of a SetupIntent the browser confirmed (Stripe).
#[utoipa::path(post, path = "/payment/card/confirm", tag = "payments",
    request_body = ConfirmCard,
    responses((status = 200, description = "The card saved", body = SavedCardState), Invalid, SignedIn, Upstream))]
pub async fn post_confirm_card(
    With(state, auth): With<AuthUser>,
    Json(req): Json<ConfirmCard>,
) -> Result<axum::Json<SavedCardState>> {
    let provider = Provider::from_config(&state.config);
    let Some(api) = provider.stripe() else {
        return Err(Error::bad_request(
            "Cards are saved in the sandbox, not through Stripe",
        ));
    };
    let card = stripe::read_confirmed(&api, &req.setup_intent_id, &auth.user).await?;
    saved(&state, &auth.user, &card).await
}

async fn saved(
    state: &crate::state::AppState,
    user: &crate::users::repo::User,
    card: &repo::NewCard,
) -> Result<axum::Json<SavedCardState>> {
    repo::save(&state.db.pool, user.id, card, now_ms()).await?;
    let message = format!(
        "A {} card ending {} was saved to your account for automatic top-ups.",
        card.brand, card.last4
    );
    crate::notifications::security_notice(state, user, "Card saved", &message).await?;
    Ok(axum::Json(current(state, user.id).await?))
}

/// Saves one of Stripe's test cards in the sandbox (what charging it later does is
/// Stripe's: 4000 0000 0000 0341 is declined, 4000 0027 6000 3184 asks for 3-D Secure).
#[utoipa::path(post, path = "/payment/sandbox/card", tag = "payments",
    request_body = CardInput,
    responses((status = 200, description = "The card saved", body = SavedCardState), Invalid, SignedIn))]
pub async fn post_sandbox_card(
    With(state, auth): With<AuthUser>,
    Json(card): Json<CardInput>,
) -> Result<axum::Json<SavedCardState>> {
    if Provider::from_config(&state.config).stripe().is_some() {
        return Err(Error::bad_request(
            "Cards are saved through Stripe, not the sandbox",
        ));
    }
    let today = chrono::Utc::now();
    Error::check(validate_card(&card, today.year() as u32, today.month()))?;
    let digits = card_digits(card.card_number.trim());
    let outcome = crate::payments::sandbox::saved_outcome(&digits)
        .map_err(|(_, message)| Error::field("cardNumber", message))?;
    let pm = format!("pm_sandbox_{}", &crate::auth::tokens::random_token()[..24]);
    let number = |text: &str| text.trim().parse::<i64>().unwrap_or(0);
    let mut year = number(&card.exp_year);
    if year < 100 {
        year += 2000;
    }
    let new = repo::NewCard {
        provider: "sandbox",
        customer_id: None,
        payment_method_id: pm,
        brand: brand(&digits),
        last4: digits[digits.len().saturating_sub(4)..].to_string(),
        exp_month: number(&card.exp_month),
        exp_year: year,
        sandbox_outcome: Some(outcome),
    };
    saved(&state, &auth.user, &new).await
}

/// Removes the saved card; auto-recharge turns off with it.
#[utoipa::path(delete, path = "/payment/card", tag = "payments",
    responses((status = 200, description = "No card is saved now", body = SavedCardState), SignedIn))]
pub async fn delete_card(With(state, auth): With<AuthUser>) -> Result<axum::Json<SavedCardState>> {
    let user_id = auth.user.id;
    let card = repo::find(&state.db.pool, user_id).await?;
    let mut tx = state.db.begin_write().await?;
    repo::delete(&mut *tx, user_id).await?;
    let reason = "Your saved card was removed";
    crate::payments::recharge::repo::turn_off(&mut *tx, user_id, reason, now_ms()).await?;
    tx.commit().await?;
    if let (Some(card), Some(api)) = (card, Provider::from_config(&state.config).stripe()) {
        // Best effort: the card is no longer ours to charge either way.
        if let Err(e) = stripe::detach(&api, &card.payment_method_id).await {
            tracing::warn!(error = %e, "detaching the removed card at Stripe failed");
        }
    }
    Ok(axum::Json(current(&state, user_id).await?))
}

/// A closed account's customer at Stripe goes (its saved cards with it). Best effort,
/// after the account's own transaction: nothing is charged from a closed account either
/// way, and a failure is logged for an operator to finish by hand.
pub async fn forget_customer(state: &crate::state::AppState, customer_id: Option<String>) {
    let provider = Provider::from_config(&state.config);
    if let (Some(id), Some(api)) = (customer_id, provider.stripe()) {
        if let Err(e) = stripe::delete_customer(&api, &id).await {
            tracing::warn!(customer = %id, error = %e, "deleting a closed account's Stripe customer failed");
        }
    }
}
