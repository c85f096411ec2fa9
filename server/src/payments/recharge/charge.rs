//! Charging the saved card for one claimed recharge, and recording what the provider
//! answered: credited (in the same transaction as the payment's success, through the
//! webhook code's `credit`), waiting for the customer's authentication, declined (a
//! retry, or auto-recharge off), or no answer (the payment stays `creating` and is
//! sent again with the same Idempotency-Key).

use super::repo;
use crate::auth::tokens::random_token;
use crate::notifications::notify;
use crate::payments::cards::repo::SavedCard;
use crate::payments::provider::Provider;
use crate::payments::repo as payments;
use crate::payments::stripe_api::{field, StripeError};
use crate::payments::webhook::credit;
use crate::state::AppState;
use dialtone_core::money::format_micros;
use dialtone_core::recharge::{after_decline, turned_off_message, AfterDecline};
use serde_json::Value;

/// One claimed recharge: its payment row and what to charge.
pub struct Claimed {
    /// The job's clock (tests run it ahead): when the claim was made.
    pub now: i64,
    pub payment_id: i64,
    pub user_id: i64,
    pub amount: i64,
    /// The claim's number (the key's last part): the row's decisions are conditional on it.
    pub claim: i64,
    pub key: String,
}

/// The provider's answer to an off-session charge.
enum Answer {
    Succeeded {
        intent: String,
        secret: String,
    },
    /// The bank wants the customer (3-D Secure); they confirm on the payment page.
    Authenticate {
        intent: String,
        secret: String,
    },
    /// Accepted and not settled yet: the webhook settles it.
    Processing {
        intent: String,
        secret: String,
    },
    Declined {
        message: String,
    },
    Unanswered(String),
}

pub async fn charge(state: &AppState, card: &SavedCard, c: &Claimed) -> anyhow::Result<()> {
    let provider = Provider::from_config(&state.config);
    let answer = match &provider {
        Provider::Sandbox => sandbox_answer(card),
        Provider::Stripe { .. } => stripe_answer(&provider, card, c).await,
    };
    record(state, card, c, answer).await
}

fn sandbox_answer(card: &SavedCard) -> Answer {
    let intent = format!("pi_sandbox_{}", &random_token()[..24]);
    let secret = format!("{intent}_secret_{}", &random_token()[..24]);
    match card.sandbox_outcome.as_deref() {
        Some("succeed") => Answer::Succeeded { intent, secret },
        Some("authenticate") => Answer::Authenticate { intent, secret },
        _ => Answer::Declined {
            message: crate::payments::sandbox::DECLINED.1.into(),
        },
    }
}

async fn stripe_answer(provider: &Provider, card: &SavedCard, c: &Claimed) -> Answer {
    let Some(stripe) = provider.stripe() else {
        return Answer::Unanswered("no Stripe client".into());
    };
    let cents = dialtone_core::units::micros_to_cents(c.amount);
    let form = [
        ("amount", cents.to_string()),
        ("currency", "usd".into()),
        ("customer", card.customer_id.clone().unwrap_or_default()),
        ("payment_method", card.payment_method_id.clone()),
        ("confirm", "true".into()),
        ("off_session", "true".into()),
        ("metadata[user_id]", c.user_id.to_string()),
        ("metadata[payment_id]", c.payment_id.to_string()),
        ("metadata[purpose]", "auto_recharge".into()),
    ];
    match stripe
        .post("/v1/payment_intents", &form, Some(&c.key))
        .await
    {
        Ok(intent) => intent_answer(&intent),
        Err(StripeError::Refused { body, .. }) => refusal_answer(&body["error"]),
        Err(e @ StripeError::Unreachable(_)) => Answer::Unanswered(e.to_string()),
    }
}

fn ids(intent: &Value) -> Option<(String, String)> {
    Some((
        field(intent, "id").ok()?,
        field(intent, "client_secret").ok()?,
    ))
}

fn intent_answer(intent: &Value) -> Answer {
    let Some((intent_id, secret)) = ids(intent) else {
        return Answer::Unanswered("the PaymentIntent lacks its id".into());
    };
    match intent["status"].as_str() {
        Some("succeeded") => Answer::Succeeded {
            intent: intent_id,
            secret,
        },
        Some("requires_action") => Answer::Authenticate {
            intent: intent_id,
            secret,
        },
        Some("processing") => Answer::Processing {
            intent: intent_id,
            secret,
        },
        _ => Answer::Declined {
            message: intent["last_payment_error"]["message"]
                .as_str()
                .unwrap_or("Your card was declined.")
                .into(),
        },
    }
}

/// Stripe's 402 for an off-session charge: `authentication_required` carries the
/// intent to confirm with the customer; anything else is a decline.
fn refusal_answer(error: &Value) -> Answer {
    if error["code"] == "authentication_required" {
        if let Some((intent, secret)) = ids(&error["payment_intent"]) {
            return Answer::Authenticate { intent, secret };
        }
    }
    Answer::Declined {
        message: error["message"]
            .as_str()
            .unwrap_or("Your card was declined.")
            .into(),
    }
}

async fn record(
    state: &AppState,
    card: &SavedCard,
    c: &Claimed,
    answer: Answer,
) -> anyhow::Result<()> {
    let pool = &state.db.pool;
    let now = c.now;
    let shown = format_micros(c.amount);
    match answer {
        Answer::Succeeded { intent, secret } => {
            payments::set_intent(pool, c.payment_id, &intent, &secret, now).await?;
            if card.provider == "sandbox" {
                // The sandbox plays Stripe: the signed event reaches the webhook code.
                let cents = dialtone_core::units::micros_to_cents(c.amount);
                let owner = (c.user_id, c.payment_id);
                crate::payments::sandbox::deliver(state, &intent, cents, owner, Ok(())).await?;
                return Ok(());
            }
            let mut tx = state.db.begin_write().await?;
            let paid = payments::Paid {
                id: c.payment_id,
                user_id: c.user_id,
                amount_micros: c.amount,
                purpose: "auto_recharge".into(),
            };
            credit(&mut tx, &paid, &intent, now).await?;
            tx.commit().await?;
        }
        Answer::Processing { intent, secret } => {
            payments::set_intent(pool, c.payment_id, &intent, &secret, now).await?;
        }
        Answer::Authenticate { intent, secret } => {
            payments::set_intent(pool, c.payment_id, &intent, &secret, now).await?;
            let message = format!(
                "Your bank asks you to confirm the auto-recharge of {shown}. Open the Billing \
                 page and choose \"Confirm payment\"."
            );
            notify(
                pool,
                c.user_id,
                "deposit",
                "Confirm your auto-recharge",
                &message,
            )
            .await?;
            crate::notifications::mail_if_opted_in(
                state,
                c.user_id,
                "Confirm your auto-recharge",
                &message,
            )
            .await?;
        }
        Answer::Declined { message } => declined(state, c, &message, now).await?,
        Answer::Unanswered(error) => {
            tracing::warn!(c.payment_id, %error, "auto-recharge charge unanswered; it will be sent again");
        }
    }
    Ok(())
}

async fn declined(state: &AppState, c: &Claimed, decline: &str, now: i64) -> anyhow::Result<()> {
    let mut tx = state.db.begin_write().await?;
    payments::fail_unless_succeeded(&mut *tx, c.payment_id, decline, now).await?;
    let Some(failures) = repo::failures_of(&mut *tx, c.user_id, c.claim).await? else {
        return Ok(tx.commit().await?);
    };
    let shown = format_micros(c.amount);
    let (title, message) = match after_decline(failures as u32 + 1, now) {
        AfterDecline::RetryAt(at) => {
            repo::retry_later(&mut *tx, c.user_id, c.claim, at, now).await?;
            let when = crate::db::iso(at);
            let text = format!(
                "The auto-recharge of {shown} failed: {decline} We will try your card again at {when}."
            );
            ("Auto-recharge failed", text)
        }
        AfterDecline::TurnOff => {
            let text = turned_off_message(decline);
            repo::turn_off(&mut *tx, c.user_id, &text, now).await?;
            ("Auto-recharge turned off", text)
        }
    };
    notify(&mut *tx, c.user_id, "deposit", title, &message).await?;
    tx.commit().await?;
    crate::notifications::mail_if_opted_in(state, c.user_id, title, &message).await?;
    tracing::info!(
        c.user_id,
        c.payment_id,
        failures = failures + 1,
        "auto-recharge declined"
    );
    Ok(())
}
