//! IncomingPhoneNumbers (the account's numbers: buy, list, fetch, update, release) and
//! AvailablePhoneNumbers (the inventory for sale), on the app's purchase path.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Funds, Invalid, Missing, Throttled};
use super::error::{code, TwilioError, TwilioErrorBody, TwilioResult};
use super::repo::{self, NumberRow, NumberSettings};
use super::wire::{self, PageMeta, Paging, Params, API_VERSION};
use crate::db::now_ms;
use crate::error::Error;
use crate::extract::With;
use crate::numbers::shop::idempotency_key;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery};
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::{api as rules, phone};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct IncomingPhoneNumber {
    pub account_sid: String,
    pub api_version: String,
    pub capabilities: BTreeMap<String, bool>,
    pub date_created: String,
    pub date_updated: String,
    pub friendly_name: String,
    pub origin: String,
    pub phone_number: String,
    #[schema(example = "PN0000000000000000000000000000000c")]
    pub sid: String,
    pub sms_method: String,
    pub sms_url: String,
    /// `in-use` while active, `expired` in the grace period after a failed renewal.
    pub status: String,
    pub status_callback: String,
    pub status_callback_method: String,
    pub uri: String,
    pub voice_fallback_method: String,
    pub voice_fallback_url: String,
    pub voice_method: String,
    pub voice_url: String,
}

/// Core's capabilities of every number, as Twilio names them (`SMS` and `MMS` in
/// capitals where `upper_sms`, as its AvailablePhoneNumbers resource writes them).
pub(super) fn capabilities(upper_sms: bool) -> BTreeMap<String, bool> {
    dialtone_core::catalogue::CAPABILITIES
        .into_iter()
        .map(|(k, v)| match k {
            "sms" | "mms" if upper_sms => (k.to_ascii_uppercase(), v),
            _ => (k.to_string(), v),
        })
        .collect()
}

fn view(account_sid: &str, n: NumberRow) -> IncomingPhoneNumber {
    let sid = super::sid("PN", n.id);
    IncomingPhoneNumber {
        account_sid: account_sid.into(),
        api_version: API_VERSION.into(),
        capabilities: capabilities(false),
        date_created: wire::date(n.created_at),
        date_updated: wire::date(n.updated_at),
        friendly_name: n.friendly_name.unwrap_or_else(|| n.number.clone()),
        origin: "dialtone".into(),
        phone_number: n.number,
        uri: format!(
            "{}/IncomingPhoneNumbers/{sid}.json",
            super::base(account_sid)
        ),
        sid,
        sms_method: n.sms_method,
        sms_url: n.sms_url.unwrap_or_default(),
        status: if n.status == "active" {
            "in-use".into()
        } else {
            n.status
        },
        status_callback: n.status_callback.unwrap_or_default(),
        status_callback_method: "POST".into(),
        voice_fallback_method: "POST".into(),
        voice_fallback_url: n.voice_fallback_url.unwrap_or_default(),
        voice_method: n.voice_method,
        voice_url: n.voice_url.unwrap_or_default(),
    }
}

/// The settings a request gives, over `current`: a parameter that is absent keeps its
/// value, an empty one clears it.
fn settings(p: &Params, current: Option<&NumberRow>) -> TwilioResult<[Option<String>; 7]> {
    let url = |name: &str, now: Option<&String>| -> TwilioResult<Option<String>> {
        match p.get(name) {
            None => Ok(now.cloned()),
            Some(v) => rules::validate_callback_url(v)
                .map_err(|m| TwilioError::bad(code::INVALID_CALLBACK, format!("{name}: {m}"))),
        }
    };
    let friendly = match p.get("FriendlyName") {
        None => current.and_then(|c| c.friendly_name.clone()),
        Some(v) => {
            Some(rules::validate_friendly_name(v).map_err(|m| TwilioError::bad(code::INVALID, m))?)
                .filter(|v| !v.is_empty())
        }
    };
    Ok([
        friendly,
        url("SmsUrl", current.and_then(|c| c.sms_url.as_ref()))?,
        url("VoiceUrl", current.and_then(|c| c.voice_url.as_ref()))?,
        url(
            "StatusCallback",
            current.and_then(|c| c.status_callback.as_ref()),
        )?,
        method(p, "VoiceMethod", current.map(|c| &c.voice_method))?,
        url(
            "VoiceFallbackUrl",
            current.and_then(|c| c.voice_fallback_url.as_ref()),
        )?,
        method(p, "SmsMethod", current.map(|c| &c.sms_method))?,
    ])
}

/// A method parameter (GET or POST) over its current value.
fn method(p: &Params, name: &str, now: Option<&String>) -> TwilioResult<Option<String>> {
    match p.get(name) {
        None => Ok(now.cloned()),
        Some(m) => Ok(Some(rules::validate_method(m).map_err(|e| {
            TwilioError::bad(code::INVALID, format!("{name}: {e}"))
        })?)),
    }
}

async fn store(state: &AppState, owner: i64, id: i64, s: &[Option<String>; 7]) -> TwilioResult<()> {
    let settings = NumberSettings {
        friendly_name: s[0].as_deref(),
        sms_url: s[1].as_deref(),
        voice_url: s[2].as_deref(),
        status_callback: s[3].as_deref(),
        voice_method: s[4].as_deref().unwrap_or("POST"),
        voice_fallback_url: s[5].as_deref(),
        sms_method: s[6].as_deref().unwrap_or("POST"),
    };
    repo::update_number(&state.db.pool, owner, id, &settings, now_ms()).await?;
    Ok(())
}

async fn owned(state: &AppState, owner: i64, file: &str) -> TwilioResult<NumberRow> {
    let id =
        super::id_of("PN", file).ok_or_else(|| TwilioError::not_found("IncomingPhoneNumber"))?;
    repo::number(&state.db.pool, owner, id)
        .await?
        .ok_or_else(|| TwilioError::not_found("IncomingPhoneNumber"))
}

/// Buys a number for sale: the first month and the setup fee, atomically, as in the app.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Idempotency-Key" = Option<String>, Header, description = "A retried request with the same key is applied once")),
    request_body(content = NumberForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 201, description = "The number, now the account's", body = IncomingPhoneNumber),
        (status = 400, description = "PhoneNumber invalid (21421) or not available (21422), or a bad URL (21609)", body = TwilioErrorBody), Credentials, Funds,
        (status = 403, description = "Trial accounts cannot buy numbers", body = TwilioErrorBody), Throttled))]
pub async fn create_number(
    With(state, account): With<ApiAccount>,
    headers: HeaderMap,
    body: Bytes,
) -> TwilioResult<(StatusCode, axum::Json<IncomingPhoneNumber>)> {
    let p = Params::parse(&body);
    let given = p.required("PhoneNumber", code::PHONE_NUMBER_INVALID)?;
    let number = phone::normalize(given);
    if !phone::is_e164(&number) {
        return Err(TwilioError::bad(
            code::PHONE_NUMBER_INVALID,
            format!("PhoneNumber {given} is invalid."),
        ));
    }
    let wanted = settings(&p, None)?;
    let unavailable = || {
        TwilioError::bad(
            code::PHONE_NUMBER_UNAVAILABLE,
            format!("PhoneNumber {number} is not available."),
        )
    };
    let (id, status) = repo::find_by_number(&state.db.pool, &number)
        .await?
        .ok_or_else(unavailable)?;
    let user_id = account.user.id;
    let key = idempotency_key(&headers);
    if status != "available" && key.is_none() {
        return Err(unavailable());
    }
    crate::numbers::shop::buy(&state, user_id, id, key.as_deref())
        .await
        .map_err(|e| match e {
            // Taken by someone else first, or (with a key) never ours.
            Error::Conflict(_) => unavailable(),
            other => other.into(),
        })?;
    store(&state, user_id, id, &wanted).await?;
    let n = repo::number(&state.db.pool, user_id, id)
        .await?
        .ok_or_else(|| TwilioError::not_found("IncomingPhoneNumber"))?;
    Ok((
        StatusCode::CREATED,
        axum::Json(view(&account.account_sid, n)),
    ))
}

/// The form fields of a number to buy, or of an update (all optional then).
#[derive(ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct NumberForm {
    /// The number to buy, E.164 (required when buying).
    PhoneNumber: Option<String>,
    /// At most 64 characters; empty resets it to the number.
    FriendlyName: Option<String>,
    /// Receives inbound messages, signed; empty clears it.
    SmsUrl: Option<String>,
    /// GET or POST, how the SmsUrl is asked (default POST).
    SmsMethod: Option<String>,
    /// Answers the number's calls with TwiML (asked signed); empty clears it.
    VoiceUrl: Option<String>,
    /// GET or POST, how the VoiceUrl is asked (default POST).
    VoiceMethod: Option<String>,
    /// Asked when the VoiceUrl cannot be had or its TwiML cannot run; empty clears it.
    VoiceFallbackUrl: Option<String>,
    /// Receives call status events, signed; empty clears it.
    StatusCallback: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct IncomingPhoneNumberPage {
    pub incoming_phone_numbers: Vec<IncomingPhoneNumber>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

/// The account's numbers, newest first.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("PhoneNumber" = Option<String>, Query, description = "Only this number"),
        ("FriendlyName" = Option<String>, Query, description = "Only numbers with this friendly name"),
        Paging),
    responses((status = 200, description = "One page of numbers", body = IncomingPhoneNumberPage), Invalid, Credentials, Throttled))]
pub async fn list_numbers(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<IncomingPhoneNumberPage>> {
    let list = super::ListQuery::parse(query)?;
    let p = &list.params;
    let number = p.number("PhoneNumber");
    let name = p.text("FriendlyName").unwrap_or_default();
    let rows = repo::numbers(
        &state.db.pool,
        account.user.id,
        &number,
        name,
        &list.window(),
    )
    .await?;
    let filters = ["PhoneNumber", "FriendlyName"];
    let list_of = (account.account_sid.as_str(), "IncomingPhoneNumbers");
    let (incoming_phone_numbers, meta) = list.page(rows, list_of, &filters, |r| r.id, view);
    Ok(axum::Json(IncomingPhoneNumberPage {
        incoming_phone_numbers,
        meta,
    }))
}

/// One of the account's numbers.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The number's SID")),
    responses((status = 200, description = "The number", body = IncomingPhoneNumber), Credentials, Missing, Throttled))]
pub async fn fetch_number(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<axum::Json<IncomingPhoneNumber>> {
    let n = owned(&state, account.user.id, &path.1).await?;
    Ok(axum::Json(view(&account.account_sid, n)))
}

/// Sets a number's friendly name and webhook URLs.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The number's SID")),
    request_body(content = NumberForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The number as updated", body = IncomingPhoneNumber),
        (status = 400, description = "A bad URL (21609) or friendly name", body = TwilioErrorBody), Credentials, Missing, Throttled))]
pub async fn update_number(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
    body: Bytes,
) -> TwilioResult<axum::Json<IncomingPhoneNumber>> {
    let current = owned(&state, account.user.id, &path.1).await?;
    let wanted = settings(&Params::parse(&body), Some(&current))?;
    store(&state, account.user.id, current.id, &wanted).await?;
    let n = owned(&state, account.user.id, &path.1).await?;
    Ok(axum::Json(view(&account.account_sid, n)))
}

/// Releases a number at once: it goes back on sale, its routes and URLs cleared; the
/// month paid is not refunded.
#[utoipa::path(delete, path = "/2010-04-01/Accounts/{AccountSid}/IncomingPhoneNumbers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The number's SID")),
    responses((status = 204, description = "Released"), Credentials, Missing, Throttled))]
pub async fn delete_number(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<StatusCode> {
    let n = owned(&state, account.user.id, &path.1).await?;
    let mut tx = state.db.begin_write().await?;
    crate::voice::devices::repo::set_route(&mut tx, n.id, &[]).await?;
    crate::voice::devices::repo::set_forward(&mut tx, n.id, account.user.id, None).await?;
    crate::numbers::repo::release(&mut *tx, n.id, now_ms()).await?;
    crate::notifications::notify(
        &mut *tx,
        account.user.id,
        "number_released",
        "Number released",
        &format!(
            "{} was released through the API and is no longer yours.",
            n.number
        ),
    )
    .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
