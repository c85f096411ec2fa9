//! Messages: sent through the same path as the app's (core's segments and rates, the
//! ledger, refund on carrier failure, Idempotency-Key), listed and fetched.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Funds, Invalid, Missing, Throttled};
use super::error::{code, TwilioError, TwilioErrorBody, TwilioResult};
use super::repo::{self, MessageFilter, MessageRow};
use super::wire::{self, PageMeta, Paging, Params, API_VERSION};
use crate::error::Error;
use crate::extract::With;
use crate::numbers::shop::idempotency_key;
use crate::sms::{self, Origin};
use crate::webhooks::events::Callback;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery};
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::permissions as geo;
use dialtone_core::phone::DESTINATION_BLOCKED_MESSAGE;
use dialtone_core::validation::{validate_sms, SmsInput, MAX_SMS};
use dialtone_core::{api as rules, phone};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// A message as Twilio's API shows it.
#[derive(Serialize, ToSchema)]
pub struct Message {
    pub account_sid: String,
    pub api_version: String,
    pub body: String,
    /// RFC 2822, e.g. "Wed, 25 Nov 2026 09:10:00 +0000".
    pub date_created: String,
    pub date_sent: Option<String>,
    pub date_updated: String,
    /// Always `outbound-api` for messages sent through Dialtone.
    pub direction: String,
    pub error_code: Option<u32>,
    pub error_message: Option<String>,
    pub from: Option<String>,
    pub messaging_service_sid: Option<String>,
    pub num_media: String,
    pub num_segments: String,
    /// What it cost, negative; null when it was refunded.
    pub price: Option<String>,
    pub price_unit: String,
    #[schema(example = "SM0000000000000000000000000000002a")]
    pub sid: String,
    /// `queued`, `sending`, `sent`, `delivered`, `undelivered` or `failed`.
    pub status: String,
    pub subresource_uris: BTreeMap<String, String>,
    pub to: String,
    pub uri: String,
}

fn view(account_sid: &str, m: MessageRow) -> Message {
    let sid = super::sid("SM", m.id);
    let uri = format!("{}/Messages/{sid}", super::base(account_sid));
    let failed = matches!(m.status.as_str(), "failed" | "undelivered");
    Message {
        account_sid: account_sid.to_string(),
        api_version: API_VERSION.to_string(),
        body: m.body,
        date_created: wire::date(m.created_at),
        date_sent: (!matches!(m.status.as_str(), "sending" | "queued"))
            .then(|| wire::date(m.updated_at)),
        date_updated: wire::date(m.updated_at),
        direction: "outbound-api".into(),
        error_code: failed.then_some(code::CARRIER_FAILED),
        error_message: if failed { m.error } else { None },
        from: m.from,
        messaging_service_sid: None,
        num_media: "0".into(),
        num_segments: m.segments.to_string(),
        price: (!failed).then(|| wire::price(m.cost_micros)),
        price_unit: "USD".into(),
        subresource_uris: [("media".to_string(), format!("{uri}/Media.json"))].into(),
        sid,
        status: m.status,
        to: m.to,
        uri: format!("{uri}.json"),
    }
}

/// The checks Twilio makes before anything is charged, with its codes.
fn checked_input(p: &Params) -> TwilioResult<(SmsInput, String)> {
    let to = p.required("To", 21604)?;
    let from = p.required("From", 21603)?;
    let body = p.get("Body").unwrap_or("");
    let input = SmsInput {
        to: to.to_string(),
        message: body.to_string(),
    };
    let errors = validate_sms(&input);
    if errors.contains_key("to") {
        return Err(TwilioError::bad(
            code::INVALID_TO,
            format!("The 'To' number {to} is not a valid phone number."),
        ));
    }
    if let Some(message) = errors.get("message") {
        let c = if body.trim().is_empty() {
            code::BODY_REQUIRED
        } else if body.chars().count() > MAX_SMS {
            code::BODY_TOO_LONG
        } else {
            code::INVALID
        };
        return Err(TwilioError::bad(c, message.clone()));
    }
    Ok((input, phone::normalize(from)))
}

/// Sends a message from one of the account's numbers, charged as the app charges it.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/Messages.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Idempotency-Key" = Option<String>, Header,
        description = "A retried request with the same key answers the first message and sends nothing more")),
    request_body(content = MessageForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 201, description = "The message, charged and handed to the carrier (or failed and refunded)", body = Message),
        (status = 400, description = "Invalid To (21211), Body (21602, 21617), From not the account's (21606), unsupported destination (21408)", body = TwilioErrorBody), Credentials, Funds,
        (status = 403, description = "A trial account texting a number it has not verified (21608)", body = TwilioErrorBody),
        (status = 409, description = "The Idempotency-Key was used for another message", body = TwilioErrorBody), Throttled))]
pub async fn create_message(
    With(state, account): With<ApiAccount>,
    headers: HeaderMap,
    body: Bytes,
) -> TwilioResult<(StatusCode, axum::Json<Message>)> {
    let p = Params::parse(&body);
    let (input, from) = checked_input(&p)?;
    let user_id = account.user.id;
    if !crate::numbers::repo::owns_active(&state.db.pool, user_id, &from).await? {
        return Err(TwilioError::bad(
            code::FROM_NOT_OWNED,
            format!("The From phone number {from} is not a valid, SMS-capable inbound phone number for your account."),
        ));
    }
    let callback_url = rules::validate_callback_url(p.get("StatusCallback").unwrap_or(""))
        .map_err(|m| TwilioError::bad(code::INVALID_CALLBACK, format!("StatusCallback: {m}")))?;
    let origin = Origin {
        from: Some(&from),
        status_callback: callback_url.as_deref().map(|url| Callback {
            url,
            account_sid: &account.account_sid,
        }),
    };
    let key = idempotency_key(&headers);
    let outcome = sms::submit(&state, user_id, &input, key.as_deref(), origin)
        .await
        .map_err(|e| match e {
            // Validity was checked above: what is left of "to" is a destination not
            // sold or not permitted (21408), or a number no account may text (21612).
            Error::BadRequest { message, .. } => {
                let unreachable = [geo::HIGH_RISK_MESSAGE, DESTINATION_BLOCKED_MESSAGE];
                let high_risk = unreachable.contains(&message.as_str());
                TwilioError::bad(geo::twilio_code(geo::Channel::Sms, high_risk), message)
            }
            Error::Forbidden(message) if message == crate::limits::DAILY_MESSAGE => {
                TwilioError::new(StatusCode::FORBIDDEN, code::FORBIDDEN, message)
            }
            Error::Forbidden(message) => {
                TwilioError::new(StatusCode::FORBIDDEN, code::TRIAL_UNVERIFIED, message)
            }
            other => other.into(),
        })?;
    let m = repo::message(&state.db.pool, user_id, outcome.id)
        .await?
        .ok_or_else(|| TwilioError::not_found("Message"))?;
    Ok((
        StatusCode::CREATED,
        axum::Json(view(&account.account_sid, m)),
    ))
}

/// The form fields of a new message.
#[derive(ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct MessageForm {
    /// The recipient, E.164.
    To: String,
    /// One of the account's active numbers, E.164.
    From: String,
    Body: String,
    /// A URL that receives the message's status changes, signed with X-Twilio-Signature.
    StatusCallback: Option<String>,
}

/// One page of the account's messages.
#[derive(Serialize, ToSchema)]
pub struct MessagePage {
    pub messages: Vec<Message>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

/// The account's messages, newest first, filtered by To, From and when they were sent.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Messages.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("To" = Option<String>, Query, description = "Only messages to this number"),
        ("From" = Option<String>, Query, description = "Only messages from this number"),
        ("DateSent" = Option<String>, Query, description = "Sent on this day (YYYY-MM-DD) or at this UTC time"),
        ("DateSent<" = Option<String>, Query, description = "Sent on or before"),
        ("DateSent>" = Option<String>, Query, description = "Sent on or after"),
        Paging),
    responses((status = 200, description = "One page of messages", body = MessagePage), Invalid, Credentials, Throttled))]
pub async fn list_messages(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<MessagePage>> {
    let list = super::ListQuery::parse(query)?;
    let p = &list.params;
    let (sent_from, sent_to) = wire::time_range(p, "DateSent")?;
    let (to, from) = (p.number("To"), p.number("From"));
    let filter = MessageFilter {
        to: &to,
        from: &from,
        sent_from,
        sent_to,
    };
    let rows = repo::messages(&state.db.pool, account.user.id, &filter, &list.window()).await?;
    let filters = ["To", "From", "DateSent", "DateSent<", "DateSent>"];
    let list_of = (account.account_sid.as_str(), "Messages");
    let (messages, meta) = list.page(rows, list_of, &filters, |r| r.id, view);
    Ok(axum::Json(MessagePage { messages, meta }))
}

/// One message of the account's.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The message's SID")),
    responses((status = 200, description = "The message", body = Message), Credentials, Missing, Throttled))]
pub async fn fetch_message(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<axum::Json<Message>> {
    let id = super::id_of("SM", &path.1).ok_or_else(|| TwilioError::not_found("Message"))?;
    let m = repo::message(&state.db.pool, account.user.id, id)
        .await?
        .ok_or_else(|| TwilioError::not_found("Message"))?;
    Ok(axum::Json(view(&account.account_sid, m)))
}
