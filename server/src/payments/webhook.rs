//! POST /api/payment/webhook: Stripe's signed events. The signature is checked on
//! the raw body; each event and each payment intent is applied once.

use super::provider::webhook_secret;
use super::repo;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::ledger::{self, Kind, Posting};
use crate::notifications::notify;
use crate::openapi::responses::Invalid;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Sha256;

/// Stripe's default tolerance between the signed timestamp and now.
pub const TOLERANCE_SECS: i64 = 300;

/// Verifies a `Stripe-Signature: t=...,v1=...[,v1=...]` header: HMAC-SHA256 of
/// "t.body", any v1 may match, compared in constant time, t within the tolerance.
pub fn verify_signature(secret: &str, body: &[u8], header: &str, now_secs: i64) -> bool {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", sig)) => candidates.extend(hex::decode(sig).ok()),
            _ => {}
        }
    }
    let Some(t) = timestamp else { return false };
    if (now_secs - t).abs() > TOLERANCE_SECS {
        return false;
    }
    candidates.iter().any(|sig| {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac.verify_slice(sig).is_ok()
    })
}

/// The header a sender of `body` at `t` would put on it.
pub fn sign(secret: &str, body: &[u8], t: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("{t}.").as_bytes());
    mac.update(body);
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: Value,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct WebhookReceived {
    /// Always true.
    received: bool,
}

/// Stripe's webhook: applies a signed payment-intent event once.
///
/// Authenticated by the Stripe-Signature header (an HMAC of the body), not by a token.
#[utoipa::path(post, path = "/payment/webhook", tag = "payments",
    params(("Stripe-Signature" = String, Header,
        description = "`t=<unix time>,v1=<hex HMAC-SHA256 of \"t.body\">`")),
    request_body(content = Object, description = "A Stripe event", content_type = "application/json"),
    responses(
        (status = 200, description = "The event was applied, or was already, or is ignored",
            body = WebhookReceived),
        Invalid,
    ))]
pub async fn post_webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<axum::Json<WebhookReceived>> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    process(&state, &body, signature).await?;
    Ok(axum::Json(WebhookReceived { received: true }))
}

/// Verifies and applies one event. The sandbox provider calls this too, with an
/// event it signed, so both providers reach balances through the same code.
pub async fn process(state: &AppState, body: &[u8], signature: &str) -> Result<()> {
    let secret = webhook_secret(&state.config);
    if !verify_signature(&secret, body, signature, chrono::Utc::now().timestamp()) {
        tracing::warn!("webhook with a bad or stale signature refused");
        return Err(Error::bad_request("Invalid webhook signature"));
    }
    let event: Event = serde_json::from_slice(body)
        .map_err(|e| Error::bad_request(format!("Invalid event: {e}")))?;
    let intent_id = event.data.object["id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    match event.kind.as_str() {
        "payment_intent.succeeded" => apply(state, &event, &intent_id, true).await,
        "payment_intent.payment_failed" => apply(state, &event, &intent_id, false).await,
        _ => Ok(()),
    }
}

async fn apply(state: &AppState, event: &Event, intent_id: &str, succeeded: bool) -> Result<()> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let fresh = repo::first_sight_of_event(&mut *tx, &event.id, &event.kind, now).await?;
    if !fresh {
        return Ok(());
    }
    let payment = repo::find_by_intent(&mut *tx, intent_id).await?;
    let Some(payment) = payment else {
        tracing::warn!(intent_id, "webhook for an unknown payment intent ignored");
        tx.commit().await?;
        return Ok(());
    };
    if succeeded {
        let paid_cents = event.data.object["amount_received"]
            .as_i64()
            .or(event.data.object["amount"].as_i64());
        if paid_cents != Some(dialtone_core::units::micros_to_cents(payment.amount_micros)) {
            tracing::error!(
                intent_id,
                ?paid_cents,
                payment.amount_micros,
                "paid amount differs from the deposit; not credited"
            );
            tx.commit().await?;
            return Ok(());
        }
        credit(&mut tx, &payment, intent_id, now).await?;
    } else if payment.purpose == "deposit" {
        // An auto-recharge's decline is recorded where it was charged (recharge/).
        let message = event.data.object["last_payment_error"]["message"]
            .as_str()
            .unwrap_or("The payment failed.");
        let failed = repo::fail_unless_succeeded(&mut *tx, payment.id, message, now).await?;
        if failed {
            let text = format!(
                "Your deposit of {} failed: {message}",
                dialtone_core::money::format_micros(payment.amount_micros)
            );
            notify(
                &mut *tx,
                payment.user_id,
                "deposit",
                "Deposit failed",
                &text,
            )
            .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

fn posting_description(recharge: bool) -> &'static str {
    match recharge {
        true => "Auto-recharge by card",
        false => "Deposit by card",
    }
}

/// Credits a paid payment once: only the transition to succeeded credits the
/// balance, in the caller's transaction (the webhook's, or the auto-recharge's when
/// Stripe answers the charge itself); whether this call credited it.
pub async fn credit(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    payment: &repo::Paid,
    intent_id: &str,
    now: i64,
) -> Result<bool> {
    if !repo::succeed(&mut **tx, payment.id, now).await? {
        return Ok(false);
    }
    let (user_id, amount) = (payment.user_id, payment.amount_micros);
    let recharge = payment.purpose == "auto_recharge";
    let posting = Posting {
        user_id,
        amount,
        kind: Kind::Deposit,
        description: if recharge {
            "Auto-recharge by card"
        } else {
            "Deposit by card"
        },
        reference: Some(format!("payment:{intent_id}")),
        actor_id: None,
    };
    ledger::post(tx, posting).await?;
    let description = posting_description(recharge);
    crate::documents::receipt(tx, payment.id, user_id, amount, description, intent_id, now)
        .await
        .map_err(Error::Internal)?;
    // The first deposit ends the free trial and lifts its restrictions.
    crate::trial::account::end(tx, user_id, "converted").await?;
    let shown = dialtone_core::money::format_micros(amount);
    let (title, message) = match recharge {
        true => (
            "Auto-recharge succeeded",
            format!("{shown} was added to your balance from your saved card."),
        ),
        false => (
            "Deposit succeeded",
            format!("{shown} was added to your balance."),
        ),
    };
    notify(&mut **tx, user_id, "deposit", title, &message).await?;
    // A new low-balance warning may come once the balance falls again.
    crate::ledger::repo::clear_low_balance_flag(&mut **tx, user_id).await?;
    tracing::info!(payment.id, user_id, amount, recharge, "payment credited");
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_for_its_body_secret_and_time() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign("whsec_a", body, 1_000_000);
        assert!(verify_signature("whsec_a", body, &header, 1_000_100));
        assert!(!verify_signature("whsec_b", body, &header, 1_000_100));
        assert!(!verify_signature(
            "whsec_a",
            br#"{"id":"evt_2"}"#,
            &header,
            1_000_100
        ));
        assert!(!verify_signature("whsec_a", body, &header, 1_000_301));
        let extra = format!("{header},v1={}", "00".repeat(32));
        assert!(verify_signature(
            "whsec_a",
            body,
            &format!("t=1000000,v1={},{}", "00".repeat(32), &header[10..]),
            1_000_000
        ));
        assert!(verify_signature("whsec_a", body, &extra, 1_000_000));
        assert!(!verify_signature("whsec_a", body, "garbage", 1_000_000));
    }
}
