//! The sandbox provider's card confirmation. It decides the outcome the way Stripe's
//! test cards do, then signs a Stripe-shaped event and hands it to the webhook code.

use super::provider::webhook_secret;
use super::repo;
use super::webhook::{process, sign};
use crate::auth::tokens::random_token;
use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::openapi::responses::{Conflict, Invalid, NotFound, SignedIn};
use chrono::Datelike;
use dialtone_core::card::{card_digits, validate_card, CardInput};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;

/// Stripe's test cards that succeed.
const SUCCEEDING: [&str; 6] = [
    "4242424242424242",
    "4000056655665556",
    "5555555555554444",
    "2223003122003222",
    "378282246310005",
    "6011111111111117",
];

/// Stripe's test cards that ask for 3-D Secure: paid on the page (the customer is
/// there to authenticate), refused off-session with `authentication_required`.
const AUTHENTICATING: [&str; 2] = ["4000002500003155", "4000002760003184"];

/// Stripe's test card that saves but whose charges are declined.
const CHARGE_DECLINED: &str = "4000000000000341";

pub const DECLINED: (&str, &str) = ("card_declined", "Your card was declined.");

fn outcome(digits: &str) -> Result<(), (&'static str, &'static str)> {
    match digits {
        d if SUCCEEDING.contains(&d) || AUTHENTICATING.contains(&d) => Ok(()),
        "4000000000009995" => Err(("insufficient_funds", "Your card has insufficient funds.")),
        "4000000000000002" | CHARGE_DECLINED => Err(DECLINED),
        _ => Err(("incorrect_number", "Your card number is incorrect.")),
    }
}

/// What a test card saved in the sandbox does when charged later without the
/// customer (`succeed`, `decline` or `authenticate`), or why it cannot be saved.
pub fn saved_outcome(digits: &str) -> Result<&'static str, (&'static str, &'static str)> {
    match digits {
        CHARGE_DECLINED => Ok("decline"),
        d if AUTHENTICATING.contains(&d) => Ok("authenticate"),
        d => outcome(d).map(|()| "succeed"),
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmRequest {
    /// The client secret from POST /api/payment/stripe.
    #[serde(default)]
    client_secret: String,
    #[serde(flatten)]
    card: CardInput,
}

#[derive(Serialize, ToSchema)]
pub struct ConfirmResult {
    /// `succeeded` or `failed`.
    #[schema(example = "succeeded")]
    status: String,
    /// What to tell the user (the card's decline reason when it failed).
    message: String,
}

/// Pays a sandbox payment with a test card (Stripe's test numbers decide the outcome).
#[utoipa::path(post, path = "/payment/sandbox/confirm", tag = "payments",
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The outcome; a declined card is a 200 with status `failed`",
            body = ConfirmResult),
        Invalid, SignedIn, NotFound, Conflict,
    ))]
pub async fn post_confirm(
    With(state, auth): With<AuthUser>,
    Json(req): Json<ConfirmRequest>,
) -> Result<axum::Json<ConfirmResult>> {
    let today = chrono::Utc::now();
    Error::check(validate_card(&req.card, today.year() as u32, today.month()))?;
    let row = repo::find_payable(&state.db.pool, &req.client_secret)
        .await?
        .filter(|r| r.user_id == auth.user.id)
        .ok_or_else(|| Error::NotFound("No such payment".into()))?;
    if row.provider != "sandbox" {
        return Err(Error::bad_request(
            "This payment is handled by the card provider, not the sandbox",
        ));
    }
    if row.status == "succeeded" {
        return Err(Error::Conflict("This payment has already been paid".into()));
    }
    let cents = dialtone_core::units::micros_to_cents(row.amount_micros);
    let result = outcome(&card_digits(req.card.card_number.trim()));
    deliver(
        &state,
        &row.intent_id,
        cents,
        (auth.user.id, row.id),
        result,
    )
    .await?;
    let (status, message) = match result {
        Ok(()) => ("succeeded", "Payment succeeded"),
        Err((_, message)) => ("failed", message),
    };
    Ok(axum::Json(ConfirmResult {
        status: status.into(),
        message: message.into(),
    }))
}

/// Plays Stripe's part after a sandbox charge: signs the event Stripe would send for
/// `intent_id` and hands it to the webhook code, so the sandbox reaches balances
/// through the same code as Stripe. `owner`: the user's and the payment's ids.
pub async fn deliver(
    state: &crate::state::AppState,
    intent_id: &str,
    cents: i64,
    owner: (i64, i64),
    result: Result<(), (&str, &str)>,
) -> Result<()> {
    let (kind, error) = match result {
        Ok(()) => ("payment_intent.succeeded", Value::Null),
        Err((code, message)) => (
            "payment_intent.payment_failed",
            json!({ "code": code, "message": message }),
        ),
    };
    let now = chrono::Utc::now().timestamp();
    let event = json!({
        "id": format!("evt_sandbox_{}", &random_token()[..24]),
        "object": "event",
        "type": kind,
        "created": now,
        "data": { "object": {
            "id": intent_id, "object": "payment_intent", "amount": cents, "amount_received": if result.is_ok() { cents } else { 0 },
            "currency": "usd", "status": if result.is_ok() { "succeeded" } else { "requires_payment_method" },
            "metadata": { "user_id": owner.0.to_string(), "payment_id": owner.1.to_string() },
            "last_payment_error": error,
        }},
    });
    let body = serde_json::to_vec(&event).map_err(|e| Error::Internal(e.into()))?;
    process(
        state,
        &body,
        &sign(&webhook_secret(&state.config), &body, now),
    )
    .await
}
