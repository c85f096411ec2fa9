//! Calls: the account's call records as Twilio's Call resource, listed and fetched.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Invalid, Missing, Throttled};
use super::error::{TwilioError, TwilioResult};
use super::repo::{self, CallFilter, CallRow};
use super::wire::{self, PageMeta, Paging, API_VERSION};
use crate::extract::With;
use axum::extract::{Path, RawQuery};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Call {
    pub account_sid: String,
    pub api_version: String,
    pub date_created: String,
    pub date_updated: String,
    /// `inbound`, `outbound-dial`, or `outbound-api` for a call placed through the API.
    pub direction: String,
    /// Seconds, as a string.
    pub duration: String,
    pub end_time: String,
    pub from: String,
    pub from_formatted: String,
    pub parent_call_sid: Option<String>,
    pub price: String,
    pub price_unit: String,
    #[schema(example = "CA00000000000000000000000000000007")]
    pub sid: String,
    pub start_time: String,
    /// `completed`, `failed`, `busy` or `no-answer`; a placed call under way is
    /// `queued`, `ringing` or `in-progress`.
    pub status: String,
    pub to: String,
    pub to_formatted: String,
    pub uri: String,
}

fn view(account_sid: &str, c: CallRow) -> Call {
    let sid = c.sid.clone().unwrap_or_else(|| super::sid("CA", c.id));
    Call {
        account_sid: account_sid.into(),
        api_version: API_VERSION.into(),
        date_created: wire::date(c.created_at),
        date_updated: wire::date(c.created_at),
        direction: match c.direction.as_str() {
            "inbound" | "outbound-api" => c.direction.clone(),
            _ => "outbound-dial".into(),
        },
        duration: c.duration_seconds.to_string(),
        end_time: wire::date(c.ended_at),
        from_formatted: c.from.clone(),
        from: c.from,
        parent_call_sid: None,
        price: wire::price(c.cost_micros),
        price_unit: "USD".into(),
        start_time: wire::date(c.answered_at.unwrap_or(c.started_at)),
        status: c.status,
        to_formatted: c.to.clone(),
        to: c.to,
        uri: format!("{}/Calls/{sid}.json", super::base(account_sid)),
        sid,
    }
}

#[derive(Serialize, ToSchema)]
pub struct TwilioCallPage {
    pub calls: Vec<Call>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

/// The account's calls, newest record first, by To, From, Status and start time.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Calls.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("To" = Option<String>, Query, description = "Only calls to this number"),
        ("From" = Option<String>, Query, description = "Only calls from this number"),
        ("Status" = Option<String>, Query, description = "completed, failed or no-answer"),
        ("StartTime" = Option<String>, Query, description = "Started on this day (YYYY-MM-DD) or at this UTC time"),
        ("StartTime<" = Option<String>, Query, description = "Started on or before"),
        ("StartTime>" = Option<String>, Query, description = "Started on or after"),
        Paging),
    responses((status = 200, description = "One page of calls", body = TwilioCallPage), Invalid, Credentials, Throttled))]
pub async fn list_calls(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<TwilioCallPage>> {
    let list = super::ListQuery::parse(query)?;
    let p = &list.params;
    let (started_from, started_to) = wire::time_range(p, "StartTime")?;
    let (to, from) = (p.number("To"), p.number("From"));
    let filter = CallFilter {
        to: &to,
        from: &from,
        status: p.text("Status").unwrap_or(""),
        started_from,
        started_to,
    };
    let rows = repo::calls(&state.db.pool, account.user.id, &filter, &list.window()).await?;
    let filters = [
        "To",
        "From",
        "Status",
        "StartTime",
        "StartTime<",
        "StartTime>",
    ];
    let list_of = (account.account_sid.as_str(), "Calls");
    let (calls, meta) = list.page(rows, list_of, &filters, |r| r.id, view);
    Ok(axum::Json(TwilioCallPage { calls, meta }))
}

/// One call of the account's.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The call's SID")),
    responses((status = 200, description = "The call", body = Call), Credentials, Missing, Throttled))]
pub async fn fetch_call(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<axum::Json<Call>> {
    let sid = path
        .1
        .strip_suffix(".json")
        .ok_or_else(|| TwilioError::not_found("Call"))?;
    let record = repo::call(
        &state.db.pool,
        account.user.id,
        sid,
        super::id_of("CA", &path.1),
    )
    .await?;
    if let Some(c) = record {
        return Ok(axum::Json(view(&account.account_sid, c)));
    }
    // A call placed through the API, under way (its record comes with its CDR).
    let placed = crate::voice::twiml::repo::api_call(&state.db.pool, account.user.id, sid)
        .await?
        .ok_or_else(|| TwilioError::not_found("Call"))?;
    Ok(axum::Json(super::calls_create::placed(
        &account.account_sid,
        placed,
    )))
}
