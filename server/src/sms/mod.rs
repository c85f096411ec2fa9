//! Sending SMS (/api/sms): quoted with core's segment counter and the destination's
//! rate, charged before handing to the carrier, refunded if the carrier fails.

pub mod conversations;
pub mod provider;
pub mod repo;
pub mod smpp;

use crate::auth::tokens::sha256_hex;
use crate::auth::AuthUser;
use crate::db::is_unique_violation;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::shop::{idempotency_key, insufficient};
use crate::openapi::responses::{Conflict, Insufficient, Invalid, SignedIn, Upstream};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use crate::telephony::destination::{self, Destination};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use dialtone_core::phone;
use dialtone_core::rating::sms_cost;
use dialtone_core::sms::Encoding;
use dialtone_core::trial;
use dialtone_core::validation::{validate_sms, SmsInput};
use serde::Serialize;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sms", get(list_sms).post(post_sms))
        .route("/sms/quote", post(post_quote))
        .merge(conversations::router())
}

struct Quote {
    to: String,
    /// What goes on the wire: the message, with the trial's prefix during the trial.
    text: String,
    in_trial: bool,
    destination: Destination,
    segments: i64,
    encoding: &'static str,
    characters: i64,
    cost: i64,
}

async fn quote(state: &AppState, user_id: i64, input: &SmsInput) -> Result<Quote> {
    Error::check(validate_sms(input))?;
    let to = phone::normalize(input.to.trim());
    let destination = destination::lookup(&state.db.pool, &to)
        .await?
        .filter(|d| d.active)
        .ok_or_else(|| Error::field("to", "Messages to this destination are not supported yet"))?;
    let in_trial = {
        let mut conn = state.db.pool.acquire().await?;
        crate::trial::account::state(&mut conn, user_id)
            .await?
            .restricts(now_ms())
    };
    let text = trial::message_text(in_trial, &input.message);
    let (info, cost) = sms_cost(&text, destination.sms);
    let encoding = match info.encoding {
        Encoding::Gsm7 => "GSM-7",
        Encoding::Ucs2 => "UCS-2",
    };
    Ok(Quote {
        to,
        text,
        in_trial,
        destination,
        segments: info.segments as i64,
        encoding,
        characters: info.characters as i64,
        cost,
    })
}

/// What a message would cost: its parts, encoding, and the destination's rate.
#[derive(Serialize, ToSchema)]
pub struct SmsQuote {
    pub segments: i64,
    /// `GSM-7` or `UCS-2`.
    #[schema(example = "GSM-7")]
    pub encoding: String,
    pub characters: i64,
    /// The destination's price per part.
    pub rate: Money,
    pub cost: Money,
    /// The destination country.
    pub country: String,
}

/// Quotes a message without sending it.
#[utoipa::path(post, path = "/api/sms/quote", tag = "sms", security(("bearer" = [])),
    request_body = SmsInput,
    responses((status = 200, description = "The message's parts and cost", body = SmsQuote), Invalid, SignedIn))]
async fn post_quote(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(input): Json<SmsInput>,
) -> Result<axum::Json<SmsQuote>> {
    let q = quote(&state, auth.user.id, &input).await?;
    Ok(axum::Json(SmsQuote {
        segments: q.segments,
        encoding: q.encoding.to_string(),
        characters: q.characters,
        rate: Money::micros(q.destination.sms),
        cost: Money::micros(q.cost),
        country: q.destination.name,
    }))
}

/// A sent (or failed) message.
#[derive(Serialize, ToSchema)]
pub struct SmsItem {
    pub id: i64,
    pub to: String,
    pub message: String,
    pub segments: i64,
    pub cost: Money,
    /// `queued` (waiting for the SMPP link), `sending`, `sent`, `delivered`,
    /// `undelivered` (the carrier reported it lost; not refunded) or `failed`
    /// (refused; refunded).
    #[schema(example = "delivered")]
    pub status: String,
    /// Why the message failed, if it did.
    pub error: Option<String>,
    pub date: String,
}

/// The message as stored, and the balance after its charge.
#[derive(Serialize, ToSchema)]
pub struct SmsSent {
    pub message: SmsItem,
    pub balance: Money,
}

/// A message to send, and optionally which of the caller's numbers sends it.
#[derive(Debug, Default, serde::Deserialize, ToSchema)]
pub struct SendSms {
    #[serde(flatten)]
    #[schema(inline)]
    pub input: SmsInput,
    /// The sender: one of the caller's active numbers (E.164). Without it, the
    /// caller's first active number.
    #[schema(example = "+14155550100")]
    pub from: Option<String>,
}

/// The sender a request names, checked as one of the caller's active numbers;
/// otherwise 400 on `from`.
async fn checked_from(
    state: &AppState,
    user_id: i64,
    from: Option<&str>,
) -> Result<Option<String>> {
    let Some(from) = from.map(str::trim).filter(|f| !f.is_empty()) else {
        return Ok(None);
    };
    let from = phone::normalize(from);
    if !phone::is_e164(&from)
        || !crate::numbers::repo::owns_active(&state.db.pool, user_id, &from).await?
    {
        return Err(Error::field("from", "Send from one of your active numbers"));
    }
    Ok(Some(from))
}

/// Sends a message: charged first, refunded if the carrier fails (then 502).
#[utoipa::path(post, path = "/api/sms", tag = "sms", security(("bearer" = [])),
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retried request with the same key answers the first result and sends nothing more")),
    request_body = SendSms,
    responses((status = 201, description = "The message was handed to the carrier", body = SmsSent),
        Invalid, SignedIn, Insufficient,
        (status = 403, description = "A trial account texting a number it has not verified", body = crate::openapi::responses::ErrorBody),
        Conflict, Upstream))]
async fn post_sms(
    State(state): State<AppState>,
    auth: AuthUser,
    headers: HeaderMap,
    Json(body): Json<SendSms>,
) -> Result<(StatusCode, axum::Json<SmsSent>)> {
    let key = idempotency_key(&headers);
    Error::check(validate_sms(&body.input))?;
    let from = checked_from(&state, auth.user.id, body.from.as_deref()).await?;
    let origin = Origin {
        from: from.as_deref(),
        ..Origin::default()
    };
    Ok((
        StatusCode::CREATED,
        axum::Json(send_from(&state, auth.user.id, &body.input, key.as_deref(), origin).await?),
    ))
}

/// What came of a message: as stored, the balance after, and the carrier's failure
/// when it refused the message (then refunded).
pub struct Outcome {
    pub id: i64,
    pub sent: SmsSent,
    pub failure: Option<String>,
}

/// Where a message comes from, beyond the app's defaults: the API's `From` (one of the
/// account's active numbers, checked by the caller) and its status callback URL.
#[derive(Default)]
pub struct Origin<'a> {
    pub from: Option<&'a str>,
    pub status_callback: Option<crate::twilio::callbacks::Callback<'a>>,
}

/// The message an Idempotency-Key already sent, as the first request left it; 409
/// when the key came with another message.
async fn replay(
    state: &AppState,
    user_id: i64,
    key: &str,
    request_hash: &str,
) -> Result<Option<Outcome>> {
    let Some((message, hash)) = repo::find_by_key(&state.db.pool, user_id, key).await? else {
        return Ok(None);
    };
    if hash.as_deref() != Some(request_hash) {
        return Err(Error::Conflict(
            "This Idempotency-Key was used for another message".into(),
        ));
    }
    let failure = (message.status == "failed").then(|| message.error.clone().unwrap_or_default());
    let balance: i64 = crate::users::repo::balance(&state.db.pool, user_id).await?;
    Ok(Some(Outcome {
        id: message.id,
        sent: SmsSent {
            message,
            balance: Money::micros(balance),
        },
        failure,
    }))
}

/// Charges, hands the message to the carrier, and refunds it if the carrier fails
/// (then 502). With an idempotency `key`, the message is sent and charged once per
/// key, however many times and however concurrently the request arrives.
pub async fn send(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
) -> Result<SmsSent> {
    send_from(state, user_id, input, key, Origin::default()).await
}

/// `send` from `origin` (a sender the caller checked).
async fn send_from(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
    origin: Origin<'_>,
) -> Result<SmsSent> {
    let outcome = submit(state, user_id, input, key, origin).await?;
    match outcome.failure {
        Some(error) => Err(Error::BadGateway(format!("{error}. You were not charged."))),
        None => Ok(outcome.sent),
    }
}

/// `send`, answering a carrier's refusal as the failed (and refunded) message.
pub async fn submit(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
    origin: Origin<'_>,
) -> Result<Outcome> {
    let q = quote(state, user_id, input).await?;
    let request_hash = sha256_hex(&format!("{}\n{}", q.to, input.message));
    if let Some(key) = key {
        if let Some(done) = replay(state, user_id, key, &request_hash).await? {
            return Ok(done);
        }
    }
    if q.in_trial {
        let mut conn = state.db.pool.acquire().await?;
        let verified = crate::trial::account::is_verified(&mut conn, user_id, &q.to).await?;
        trial::check_destination(true, verified).map_err(|m| Error::Forbidden(m.into()))?;
    }
    let carrier = provider::Provider::from_config(&state.config);
    // The app sends from the customer's first active number; stored with the message,
    // so the carrier, the API and conversations all see the same sender.
    let sender = match origin.from {
        Some(from) => Some(from.to_string()),
        None => crate::numbers::repo::first_active_number(&state.db.pool, user_id).await?,
    };
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let message = repo::NewMessage {
        user_id,
        to: &q.to,
        body: &q.text,
        segments: q.segments,
        encoding: q.encoding,
        country_id: q.destination.country_id,
        cost_micros: q.cost,
        provider: carrier.name(),
        status: if carrier.queues() {
            "queued"
        } else {
            "sending"
        },
        now,
        idempotency_key: key,
        request_hash: key.map(|_| request_hash.as_str()),
        from: sender.as_deref(),
        status_callback: origin.status_callback.as_ref().map(|c| c.url),
    };
    let inserted = repo::insert(&mut *tx, message).await;
    let id: i64 = match (inserted, key) {
        (Ok(id), _) => id,
        // The same key at the same moment: the other request sent it. The unique
        // index made this insert wait for it, so its message is there to answer.
        (Err(e), Some(key)) if is_unique_violation(&e) => {
            tx.rollback().await?;
            return replay(state, user_id, key, &request_hash)
                .await?
                .ok_or_else(|| Error::Internal(e.into()));
        }
        (Err(e), _) => return Err(e.into()),
    };
    let description = format!(
        "SMS to {} ({} part{})",
        q.to,
        q.segments,
        if q.segments == 1 { "" } else { "s" }
    );
    if q.cost > 0 {
        let posting = Posting {
            user_id,
            amount: -q.cost,
            kind: Kind::Sms,
            description: &description,
            reference: Some(format!("sms:{id}")),
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => {}
            Err(PostError::InsufficientFunds { balance, .. }) => {
                tx.rollback().await?;
                return Err(insufficient(q.cost, balance));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if carrier.queues() {
        // The sender task submits it (sms::smpp); the charge stands from here on.
        crate::telephony::cdr::warn_low_balance(&mut tx, user_id).await?;
        let message = repo::find(&mut *tx, id).await?;
        let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
        tx.commit().await?;
        let sent = SmsSent {
            message,
            balance: Money::micros(balance),
        };
        return Ok(Outcome {
            id,
            sent,
            failure: None,
        });
    }
    tx.commit().await?;

    let sender = sender.as_deref().unwrap_or("Dialtone");
    let sent = carrier
        .send(&format!("sms-{id}"), sender, &q.to, &q.text)
        .await;
    let mut tx = state.db.begin_write().await?;
    let failure = match sent {
        Ok(s) => {
            repo::mark_handed_over(&mut *tx, id, s.status, &s.provider_id, now_ms()).await?;
            if let Some(callback) = &origin.status_callback {
                crate::twilio::callbacks::message_status(&mut tx, callback, user_id, id).await?;
            }
            None
        }
        Err(e) => {
            tracing::warn!(sms_id = id, error = %e, "SMS carrier failed; refunding");
            let error = format!("The carrier could not take the message ({e})");
            repo::mark_failed(&mut *tx, id, &error, now_ms()).await?;
            if q.cost > 0 {
                let refund = format!("Refund: {description} was not delivered");
                let posting = Posting {
                    user_id,
                    amount: q.cost,
                    kind: Kind::Refund,
                    description: &refund,
                    reference: Some(format!("sms-refund:{id}")),
                    actor_id: None,
                };
                ledger::post(&mut tx, posting).await?;
            }
            notify(
                &mut *tx,
                user_id,
                "sms_failed",
                "Message not sent",
                &format!(
                    "Your message to {} could not be sent. You were not charged.",
                    q.to
                ),
            )
            .await?;
            if let Some(callback) = &origin.status_callback {
                crate::twilio::callbacks::message_status(&mut tx, callback, user_id, id).await?;
            }
            Some(error)
        }
    };
    if failure.is_none() && q.cost > 0 {
        crate::telephony::cdr::warn_low_balance(&mut tx, user_id).await?;
    }
    let message = repo::find(&mut *tx, id).await?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(Outcome {
        id,
        sent: SmsSent {
            message,
            balance: Money::micros(balance),
        },
        failure,
    })
}

/// The signed-in user's messages, newest first.
#[utoipa::path(get, path = "/api/sms", tag = "sms", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, description = "One page of messages", body = Page<SmsItem>), Invalid, SignedIn))]
async fn list_sms(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<SmsItem>>> {
    let page = repo::page_for(&state.db.pool, auth.user.id, q).await?;
    Ok(axum::Json(page))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(list_sms, post_sms, post_quote))]
pub struct ApiDoc;
