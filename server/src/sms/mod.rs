//! Sending SMS (/api/sms): quoted with core's segment counter and the destination's
//! rate, charged before handing to the carrier, refunded if the carrier fails.

pub mod conversations;
pub mod provider;
pub mod repo;
mod send;
pub mod smpp;

use crate::extract::With;
use send::send_from;
pub use send::{send, submit, Origin, Outcome};
use utoipa_axum::{router::OpenApiRouter, routes};

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
use crate::voice::destination::{self, Destination};
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::phone;
use dialtone_core::rating::sms_cost;
use dialtone_core::sms::Encoding;
use dialtone_core::trial;
use dialtone_core::validation::{validate_sms, SmsInput};
use serde::Serialize;
use utoipa::ToSchema;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_sms, post_sms))
        .routes(routes!(post_quote))
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
    crate::infra::numbering::allowed(&to).map_err(|m| Error::field("to", m))?;
    let sms = dialtone_core::permissions::Channel::Sms;
    if let Some(m) = crate::permissions::refusal(&state.db.pool, user_id, sms, &to).await? {
        return Err(Error::field("to", m));
    }
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
#[utoipa::path(post, path = "/sms/quote", tag = "sms",
    request_body = SmsInput,
    responses((status = 200, description = "The message's parts and cost", body = SmsQuote), Invalid, SignedIn))]
async fn post_quote(
    With(state, auth): With<AuthUser>,
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
#[utoipa::path(post, path = "/sms", tag = "sms",
    params(("Idempotency-Key" = Option<String>, Header,
        description = "A retried request with the same key answers the first result and sends nothing more")),
    request_body = SendSms,
    responses((status = 201, description = "The message was handed to the carrier", body = SmsSent),
        Invalid, SignedIn, Insufficient,
        (status = 403, description = "A trial account texting a number it has not verified", body = crate::openapi::responses::ErrorBody),
        Conflict, Upstream))]
async fn post_sms(
    With(state, auth): With<AuthUser>,
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

/// The signed-in user's messages, newest first.
#[utoipa::path(get, path = "/sms", tag = "sms",
    params(PageQuery),
    responses((status = 200, description = "One page of messages", body = Page<SmsItem>), Invalid, SignedIn))]
async fn list_sms(
    With(state, auth): With<AuthUser>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<SmsItem>>> {
    let page = repo::page_for(&state.db.pool, auth.user.id, q).await?;
    Ok(axum::Json(page))
}
