//! Sending SMS (/api/sms): quoted with core's segment counter and the destination's
//! rate, charged before handing to the carrier, refunded if the carrier fails.

mod provider;

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::shop::insufficient;
use crate::openapi::responses::{Insufficient, Invalid, SignedIn, Upstream};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use crate::telephony::destination::{self, Destination};
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::Router;
use dialtone_core::phone;
use dialtone_core::rating::sms_cost;
use dialtone_core::sms::Encoding;
use dialtone_core::validation::{validate_sms, SmsInput};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sms", get(list_sms).post(post_sms))
        .route("/sms/quote", post(post_quote))
}

struct Quote {
    to: String,
    destination: Destination,
    segments: i64,
    encoding: &'static str,
    characters: i64,
    cost: i64,
}

async fn quote(state: &AppState, input: &SmsInput) -> Result<Quote> {
    Error::check(validate_sms(input))?;
    if input.message.contains('\0') {
        return Err(Error::field(
            "message",
            "The message cannot contain a NUL character",
        ));
    }
    let to = phone::normalize(input.to.trim());
    let destination = destination::lookup(&state.db.pool, &to)
        .await?
        .filter(|d| d.active)
        .ok_or_else(|| Error::field("to", "Messages to this destination are not supported yet"))?;
    let (info, cost) = sms_cost(&input.message, destination.sms);
    let encoding = match info.encoding {
        Encoding::Gsm7 => "GSM-7",
        Encoding::Ucs2 => "UCS-2",
    };
    Ok(Quote {
        to,
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
    _auth: AuthUser,
    Json(input): Json<SmsInput>,
) -> Result<axum::Json<SmsQuote>> {
    let q = quote(&state, &input).await?;
    Ok(axum::Json(SmsQuote {
        segments: q.segments,
        encoding: q.encoding.to_string(),
        characters: q.characters,
        rate: Money::micros(q.destination.sms),
        cost: Money::micros(q.cost),
        country: q.destination.name,
    }))
}

const COLUMNS: &str = "id, to_number, body, segments, cost_micros, status, error, created_at";

/// A sent (or failed) message.
#[derive(Serialize, ToSchema)]
pub struct SmsItem {
    pub id: i64,
    pub to: String,
    pub message: String,
    pub segments: i64,
    pub cost: Money,
    /// `sending`, `sent`, `delivered` or `failed`.
    #[schema(example = "delivered")]
    pub status: String,
    /// Why the message failed, if it did.
    pub error: Option<String>,
    pub date: String,
}

fn item(r: &AnyRow) -> Result<SmsItem, sqlx::Error> {
    Ok(SmsItem {
        id: r.try_get("id")?,
        to: r.try_get("to_number")?,
        message: r.try_get("body")?,
        segments: r.try_get("segments")?,
        cost: Money::micros(r.try_get("cost_micros")?),
        status: r.try_get("status")?,
        error: r.try_get("error")?,
        date: iso(r.try_get("created_at")?),
    })
}

/// The message as stored, and the balance after its charge.
#[derive(Serialize, ToSchema)]
pub struct SmsSent {
    pub message: SmsItem,
    pub balance: Money,
}

/// Sends a message: charged first, refunded if the carrier fails (then 502).
#[utoipa::path(post, path = "/api/sms", tag = "sms", security(("bearer" = [])),
    request_body = SmsInput,
    responses((status = 201, description = "The message was handed to the carrier", body = SmsSent),
        Invalid, SignedIn, Insufficient, Upstream))]
async fn post_sms(
    State(state): State<AppState>,
    auth: AuthUser,
    Json(input): Json<SmsInput>,
) -> Result<(StatusCode, axum::Json<SmsSent>)> {
    Ok((
        StatusCode::CREATED,
        axum::Json(send(&state, auth.user.id, &input).await?),
    ))
}

/// Charges, hands the message to the carrier, and refunds it if the carrier fails.
pub async fn send(state: &AppState, user_id: i64, input: &SmsInput) -> Result<SmsSent> {
    let q = quote(state, input).await?;
    let carrier = provider::Provider::from_config(&state.config);
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO sms_messages (user_id, to_number, body, segments, encoding, country_id, cost_micros, status, provider, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'sending', $8, $9, $9) RETURNING id",
    )
    .bind(user_id)
    .bind(&q.to)
    .bind(&input.message)
    .bind(q.segments)
    .bind(q.encoding)
    .bind(q.destination.country_id)
    .bind(q.cost)
    .bind(carrier.name())
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
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
            Err(PostError::InsufficientFunds { balance }) => {
                tx.rollback().await?;
                return Err(insufficient(q.cost, balance));
            }
            Err(e) => return Err(e.into()),
        }
    }
    tx.commit().await?;

    let sender: Option<String> = sqlx::query_scalar("SELECT number FROM phone_numbers WHERE owner_id = $1 AND status = 'active' ORDER BY id LIMIT 1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await?;
    let sent = carrier
        .send(
            &format!("sms-{id}"),
            sender.as_deref().unwrap_or("Dialtone"),
            &q.to,
            &input.message,
        )
        .await;
    let mut tx = state.db.begin_write().await?;
    let failure = match sent {
        Ok(s) => {
            sqlx::query("UPDATE sms_messages SET status = $1, provider_id = $2, updated_at = $3 WHERE id = $4")
                .bind(s.status)
                .bind(&s.provider_id)
                .bind(now_ms())
                .bind(id)
                .execute(&mut *tx)
                .await?;
            None
        }
        Err(e) => {
            tracing::warn!(sms_id = id, error = %e, "SMS carrier failed; refunding");
            let error = format!("The carrier could not take the message ({e})");
            sqlx::query("UPDATE sms_messages SET status = 'failed', error = $1, updated_at = $2 WHERE id = $3")
                .bind(&error)
                .bind(now_ms())
                .bind(id)
                .execute(&mut *tx)
                .await?;
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
            Some(error)
        }
    };
    if failure.is_none() && q.cost > 0 {
        crate::telephony::cdr::warn_low_balance(&mut tx, user_id).await?;
    }
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM sms_messages WHERE id = $1"))
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    if let Some(error) = failure {
        return Err(Error::BadGateway(format!("{error}. You were not charged.")));
    }
    Ok(SmsSent {
        message: item(&row)?,
        balance: Money::micros(balance),
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
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sms_messages WHERE user_id = $1")
        .bind(auth.user.id)
        .fetch_one(&state.db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM sms_messages WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(auth.user.id)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows.iter().map(item).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Page::new(items, total, q)))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(list_sms, post_sms, post_quote))]
pub struct ApiDoc;
