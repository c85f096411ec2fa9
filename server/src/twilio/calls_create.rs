//! Calls.create: one of the account's numbers calls `To` through the switch and runs
//! the TwiML given (`Twiml`) or fetched from `Url` when answered; billed as the
//! number's outbound call; `StatusCallback` hears initiated, ringing, answered and
//! completed. A request retried with the same Idempotency-Key places one call.

use super::auth::ApiAccount;
use super::calls::Call;
use super::error::responses::{Credentials, Throttled};
use super::error::{code, TwilioError, TwilioErrorBody, TwilioResult};
use super::wire::{self, Params, API_VERSION};
use crate::extract::With;
use crate::numbers::shop::idempotency_key;
use crate::voice::ivr_endpoint::originate::First;
use crate::voice::twiml::calls::{self, PlaceCall, PlaceError};
use crate::voice::twiml::repo::ApiCall;
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use dialtone_core::api as rules;
use dialtone_core::ivr::Fetch;
use dialtone_core::{phone, twiml};
use utoipa::ToSchema;

/// Twilio's "Url parameter is required" and "From not verified".
const URL_REQUIRED: u32 = 21205;
const FROM_NOT_VERIFIED: u32 = 21210;
/// How long the call rings at most, in seconds (Twilio's Timeout).
const RING: (u32, u32, u32) = (5, 60, 600);

/// The form of a call to place.
#[derive(ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct CallForm {
    /// The number to call, E.164.
    To: String,
    /// One of the account's numbers.
    From: String,
    /// Where the TwiML to run comes from once answered (or `Twiml`).
    Url: Option<String>,
    /// The TwiML to run once answered, instead of `Url`.
    Twiml: Option<String>,
    /// GET or POST for `Url` (default POST).
    Method: Option<String>,
    /// Told initiated, ringing, answered and completed, signed.
    StatusCallback: Option<String>,
    /// Seconds to ring before giving up, 5 to 600 (default 60).
    Timeout: Option<u32>,
    /// `true` records the whole call from its answer, both sides in one track: a
    /// recording of the call (`/Calls/{Sid}/Recordings`), charged as any recording.
    Record: Option<String>,
    /// Not supported: answers 400.
    MachineDetection: Option<String>,
}

fn bad(code: u32, message: impl Into<String>) -> TwilioError {
    TwilioError::bad(code, message)
}

/// What the call runs: Twiml (checked now), or Url with its method.
fn first(p: &Params) -> TwilioResult<First> {
    if let Some(xml) = p.text("Twiml") {
        let here = Fetch {
            url: String::new(),
            method: "POST".into(),
        };
        return match twiml::compile(xml, &here) {
            Ok(_) => Ok(First::Twiml(xml.to_string())),
            Err(e) => Err(bad(e.code, format!("Twiml: {}", e.message))),
        };
    }
    let url = p.required("Url", URL_REQUIRED)?;
    let url = rules::validate_callback_url(url)
        .map_err(|m| bad(code::INVALID_CALLBACK, format!("Url: {m}")))?
        .ok_or_else(|| bad(URL_REQUIRED, "A 'Url' parameter is required."))?;
    let method = rules::validate_method(p.get("Method").unwrap_or(""))
        .map_err(|m| bad(code::INVALID, format!("Method: {m}")))?;
    Ok(First::Url(Fetch { url, method }))
}

fn unsupported(p: &Params) -> TwilioResult<()> {
    let amd = p
        .get("MachineDetection")
        .is_some_and(|m| !m.is_empty() && !m.eq_ignore_ascii_case("none"));
    if amd {
        return Err(bad(code::INVALID, "MachineDetection is not supported."));
    }
    Ok(())
}

/// Record: true or false (default false).
fn record(p: &Params) -> TwilioResult<bool> {
    match p.get("Record").map(str::to_ascii_lowercase).as_deref() {
        None | Some("" | "false") => Ok(false),
        Some("true") => Ok(true),
        Some(_) => Err(bad(code::INVALID, "Record must be true or false.")),
    }
}

fn ring_seconds(p: &Params) -> TwilioResult<u32> {
    match p.get("Timeout") {
        None => Ok(RING.1),
        Some(t) => t
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|t| (RING.0..=RING.2).contains(t))
            .ok_or_else(|| bad(code::INVALID, "Timeout must be 5 to 600 seconds.")),
    }
}

/// A placed call as the Call resource, while the switch's record is not in.
pub fn placed(account_sid: &str, c: ApiCall) -> Call {
    Call {
        account_sid: account_sid.into(),
        api_version: API_VERSION.into(),
        date_created: wire::date(c.created_at),
        date_updated: wire::date(c.updated_at),
        direction: c.direction,
        duration: "0".into(),
        end_time: String::new(),
        from_formatted: c.from_number.clone(),
        from: c.from_number,
        parent_call_sid: None,
        price: String::new(),
        price_unit: "USD".into(),
        start_time: wire::date(c.created_at),
        status: c.status,
        to_formatted: c.to_number.clone(),
        to: c.to_number,
        uri: format!("{}/Calls/{}.json", super::base(account_sid), c.sid),
        sid: c.sid,
    }
}

/// Places a call from one of the account's numbers.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/Calls.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Idempotency-Key" = Option<String>, Header, description = "A retried request with the same key places one call")),
    request_body(content = CallForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 201, description = "The call, queued", body = Call),
        (status = 400, description = "To invalid (21211), From not the account's (21210), Url missing (21205) or bad (21609), Twiml that cannot run (12100, 12200)", body = TwilioErrorBody),
        (status = 503, description = "This instance cannot place calls now", body = TwilioErrorBody),
        Credentials, Throttled))]
pub async fn create_call(
    With(state, account): With<ApiAccount>,
    headers: HeaderMap,
    body: Bytes,
) -> TwilioResult<(StatusCode, axum::Json<Call>)> {
    let p = Params::parse(&body);
    let to = phone::normalize(p.required("To", code::INVALID_TO)?);
    if !phone::is_e164(&to) {
        return Err(bad(
            code::INVALID_TO,
            format!("The 'To' number {to} is not a valid phone number."),
        ));
    }
    let from = phone::normalize(p.required("From", FROM_NOT_VERIFIED)?);
    unsupported(&p)?;
    let status_callback = match p.get("StatusCallback") {
        None => None,
        Some(u) => rules::validate_callback_url(u)
            .map_err(|m| bad(code::INVALID_CALLBACK, format!("StatusCallback: {m}")))?,
    };
    let request = PlaceCall {
        owner_id: account.user.id,
        account_sid: account.account_sid.clone(),
        first: first(&p)?,
        ring_seconds: ring_seconds(&p)?,
        from: from.clone(),
        to,
        status_callback,
        idempotency_key: idempotency_key(&headers),
        record: record(&p)?,
    };
    let call = calls::place(&state, request).await.map_err(|e| match e {
        PlaceError::NotYourNumber => bad(
            FROM_NOT_VERIFIED,
            format!(
                "The source phone number provided, {from}, is neither one of this account's numbers nor one it verified."
            ),
        ),
        PlaceError::NoEndpoint => TwilioError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            code::INTERNAL,
            "Dialtone cannot place calls from this instance now.",
        ),
        PlaceError::Db(e) => crate::error::Error::from(e).into(),
    })?;
    Ok((
        StatusCode::CREATED,
        axum::Json(placed(&account.account_sid, call)),
    ))
}

/// Twilio's "Call is not in-progress. Cannot redirect."
const NOT_IN_PROGRESS: u32 = 21220;

/// The form of a change to a call under way.
#[derive(ToSchema)]
#[allow(non_snake_case, dead_code)]
pub struct CallUpdateForm {
    /// `completed` (hang up) or `canceled` (stop ringing).
    Status: Option<String>,
    /// Runs the TwiML of this URL from now on (or `Twiml`).
    Url: Option<String>,
    Method: Option<String>,
    Twiml: Option<String>,
}

/// Ends a call placed through the API, or redirects it to other TwiML.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The call's SID")),
    request_body(content = CallUpdateForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The call", body = Call),
        (status = 400, description = "A bad Status, Url or Twiml, or a redirect of a call not in progress (21220)", body = TwilioErrorBody),
        Credentials, super::error::responses::Missing, Throttled))]
pub async fn update_call(
    With(state, account): With<ApiAccount>,
    axum::extract::Path(path): axum::extract::Path<(String, String)>,
    body: Bytes,
) -> TwilioResult<axum::Json<Call>> {
    use crate::error::Error;
    use crate::voice::ivr_endpoint::control::{self, Control};
    use crate::voice::twiml::repo;
    let sid = path.1.strip_suffix(".json").unwrap_or(&path.1).to_string();
    let pool = &state.db.pool;
    let missing = || TwilioError::not_found("Call");
    let call = repo::api_call(pool, account.user.id, &sid)
        .await?
        .ok_or_else(missing)?;
    let p = Params::parse(&body);
    match p.get("Status") {
        // Carried by this instance or another; one that has ended is left as it is.
        Some("completed" | "canceled") => control::send(&state, &sid, Control::End)
            .await
            .map_err(Error::Internal)?,
        Some(other) => {
            return Err(bad(
                code::INVALID,
                format!("Status '{other}' is not completed or canceled."),
            ))
        }
        None => {
            let first = first(&p)?;
            if call.status != "in-progress" {
                return Err(bad(
                    NOT_IN_PROGRESS,
                    "Call is not in-progress. Cannot redirect.",
                ));
            }
            control::send(&state, &sid, Control::Redirect(first))
                .await
                .map_err(Error::Internal)?;
        }
    }
    let now = repo::api_call(pool, account.user.id, &sid)
        .await?
        .ok_or_else(missing)?;
    Ok(axum::Json(placed(&account.account_sid, now)))
}
