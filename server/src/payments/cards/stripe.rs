//! Saving a card with Stripe: the account's customer (created once, keyed so a retry
//! makes no second one), the SetupIntent, and reading the confirmed card back.

use super::repo::{self, NewCard};
use crate::error::{Error, Result};
use crate::payments::stripe_api::{field, Stripe, StripeError};
use crate::state::AppState;
use crate::users::repo::User;
use serde_json::Value;

fn upstream(e: impl std::fmt::Display) -> Error {
    tracing::error!(error = %e, "Stripe request for a saved card failed");
    Error::BadGateway("The payment provider is unavailable. Please try again in a moment.".into())
}

/// The account's Stripe customer, created on first use.
async fn customer(state: &AppState, api: &Stripe<'_>, user: &User) -> Result<String> {
    if let Some(id) = repo::customer_of(&state.db.pool, user.id).await?.flatten() {
        return Ok(id);
    }
    let form = [
        ("email", user.email.clone()),
        ("name", user.name.clone()),
        ("metadata[user_id]", user.id.to_string()),
    ];
    let key = format!("dialtone-customer-{}", user.id);
    let created = api
        .post("/v1/customers", &form, Some(&key))
        .await
        .map_err(upstream)?;
    let id = field(&created, "id").map_err(upstream)?;
    repo::set_customer(&state.db.pool, user.id, &id).await?;
    Ok(id)
}

/// A SetupIntent for the account's customer: its id and client secret.
pub async fn setup_intent(
    state: &AppState,
    api: &Stripe<'_>,
    user: &User,
) -> Result<(String, String)> {
    let customer = customer(state, api, user).await?;
    let form = [
        ("customer", customer),
        ("usage", "off_session".into()),
        ("payment_method_types[]", "card".into()),
        ("metadata[user_id]", user.id.to_string()),
    ];
    let intent = api
        .post("/v1/setup_intents", &form, None)
        .await
        .map_err(upstream)?;
    let id = field(&intent, "id").map_err(upstream)?;
    let secret = field(&intent, "client_secret").map_err(upstream)?;
    Ok((id, secret))
}

/// The card of a SetupIntent the customer confirmed, once it is theirs and succeeded.
pub async fn read_confirmed(
    api: &Stripe<'_>,
    setup_intent_id: &str,
    user: &User,
) -> Result<NewCard> {
    let valid = setup_intent_id.starts_with("seti_")
        && setup_intent_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid {
        return Err(Error::field("setupIntentId", "Not a SetupIntent id"));
    }
    let intent = match api
        .get(&format!("/v1/setup_intents/{setup_intent_id}"))
        .await
    {
        Ok(intent) => intent,
        Err(StripeError::Refused { .. }) => {
            return Err(Error::field("setupIntentId", "No such SetupIntent"))
        }
        Err(e) => return Err(upstream(e)),
    };
    if intent["metadata"]["user_id"] != Value::String(user.id.to_string()) {
        return Err(Error::field("setupIntentId", "No such SetupIntent"));
    }
    if intent["status"] != "succeeded" {
        return Err(Error::bad_request("The card has not been confirmed yet"));
    }
    let pm_id = field(&intent, "payment_method").map_err(upstream)?;
    let pm = api
        .get(&format!("/v1/payment_methods/{pm_id}"))
        .await
        .map_err(upstream)?;
    let card = &pm["card"];
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    let brand = match text(&card["brand"]).as_str() {
        "visa" => "Visa",
        "mastercard" => "Mastercard",
        "amex" => "American Express",
        "discover" => "Discover",
        _ => "Card",
    };
    Ok(NewCard {
        provider: "stripe",
        customer_id: intent["customer"].as_str().map(str::to_string),
        payment_method_id: pm_id,
        brand,
        last4: text(&card["last4"]),
        exp_month: card["exp_month"].as_i64().unwrap_or(0),
        exp_year: card["exp_year"].as_i64().unwrap_or(0),
        sandbox_outcome: None,
    })
}

/// Detaches a removed card from the customer.
/// Deletes a closed account's customer at Stripe: its cards and the name and e-mail
/// Stripe kept go with it.
pub async fn delete_customer(api: &Stripe<'_>, customer_id: &str) -> anyhow::Result<()> {
    api.delete(&format!("/v1/customers/{customer_id}"))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}

pub async fn detach(api: &Stripe<'_>, payment_method_id: &str) -> anyhow::Result<()> {
    let path = format!("/v1/payment_methods/{payment_method_id}/detach");
    api.post(&path, &[], None)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(())
}
