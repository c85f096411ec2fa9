//! Usage triggers (issue 46): call back when a category of the account's usage reaches
//! a value in its period (/Usage/Triggers.json); the job in `crate::usage::triggers`
//! fires them.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Invalid, Missing, Throttled};
use super::error::{code, TwilioError, TwilioResult};
use super::wire::{self, PageMeta, PageRequest, Paging, Params, API_VERSION};
use crate::db::now_ms;
use crate::extract::With;
use crate::usage::repo::{self, Trigger};
use crate::usage::triggers::{self, Field, TriggerForm};
use axum::body::Bytes;
use axum::extract::{Path, RawQuery};
use axum::http::StatusCode;
use dialtone_core::api as rules;
use dialtone_core::usage::TriggerBy;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct UsageTrigger {
    pub account_sid: String,
    pub api_version: String,
    pub callback_method: String,
    pub callback_url: String,
    /// The category's value when the job last looked, in the trigger's unit.
    pub current_value: String,
    pub date_created: String,
    pub date_fired: Option<String>,
    pub date_updated: String,
    pub friendly_name: String,
    /// "", daily, monthly, yearly or alltime.
    pub recurring: String,
    #[schema(example = "UT0123456789abcdef0123456789abcdef")]
    pub sid: String,
    /// usage, count or price.
    pub trigger_by: String,
    pub trigger_value: String,
    pub uri: String,
    pub usage_category: String,
    pub usage_record_uri: String,
}

fn trigger_view(account_sid: &str, t: Trigger) -> UsageTrigger {
    let sid = crate::webhooks::sid("UT", t.id);
    let by = TriggerBy::parse(&t.trigger_by).unwrap_or(TriggerBy::Usage);
    let current = match by {
        TriggerBy::Price => dialtone_core::money::from_micros(t.current_value).to_string(),
        _ => t.current_value.to_string(),
    };
    UsageTrigger {
        account_sid: account_sid.into(),
        api_version: API_VERSION.into(),
        callback_method: t.callback_method,
        current_value: current,
        date_created: wire::date(t.created_at),
        date_fired: t.date_fired.map(wire::date),
        date_updated: wire::date(t.updated_at),
        friendly_name: t.friendly_name,
        recurring: t.recurring,
        trigger_by: t.trigger_by,
        trigger_value: t.trigger_value,
        uri: format!("{}/Usage/Triggers/{sid}.json", super::base(account_sid)),
        usage_record_uri: crate::usage::triggers::record_uri(account_sid, &t.usage_category),
        usage_category: t.usage_category,
        callback_url: t.callback_url,
        sid,
    }
}

#[derive(Serialize, ToSchema)]
pub struct UsageTriggerPage {
    pub usage_triggers: Vec<UsageTrigger>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

fn invalid(message: impl Into<String>) -> TwilioError {
    TwilioError::bad(code::INVALID, message)
}

fn callback(p: &Params, current: Option<&str>) -> TwilioResult<(String, String)> {
    let url = match p.get("CallbackUrl") {
        None => current.map(str::to_string),
        Some(v) => rules::validate_callback_url(v)
            .map_err(|m| TwilioError::bad(code::INVALID_CALLBACK, format!("CallbackUrl: {m}")))?,
    }
    .ok_or_else(|| TwilioError::bad(code::INVALID_CALLBACK, "CallbackUrl is required"))?;
    let method = rules::validate_method(p.get("CallbackMethod").unwrap_or("")).map_err(invalid)?;
    Ok((url, method))
}

/// Creates a trigger: when UsageCategory's usage (or count, or price: TriggerBy)
/// reaches TriggerValue in the Recurring period, Dialtone posts to CallbackUrl, once
/// per period, and tells the customer.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Triggers.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID")),
    request_body(content = String, description = "CallbackUrl, TriggerValue, UsageCategory; CallbackMethod, FriendlyName, Recurring, TriggerBy", content_type = "application/x-www-form-urlencoded"),
    responses((status = 201, description = "The trigger", body = UsageTrigger), Invalid, Credentials, Throttled))]
pub async fn create_trigger(
    With(state, account): With<ApiAccount>,
    body: Bytes,
) -> TwilioResult<(StatusCode, axum::Json<UsageTrigger>)> {
    let p = Params::parse(&body);
    let text = |name: &str| p.get(name).unwrap_or("").to_string();
    let form = TriggerForm {
        callback_url: text("CallbackUrl"),
        callback_method: text("CallbackMethod"),
        usage_category: p.required("UsageCategory", code::INVALID)?.to_string(),
        trigger_by: text("TriggerBy"),
        trigger_value: p.required("TriggerValue", code::INVALID)?.to_string(),
        recurring: text("Recurring"),
        friendly_name: text("FriendlyName"),
    };
    let checked = triggers::check(&form).map_err(|(field, message)| match field {
        Field::CallbackUrl => TwilioError::bad(code::INVALID_CALLBACK, message),
        _ => invalid(message),
    })?;
    let id = triggers::create(&state, account.user.id, &form, &checked)
        .await?
        .ok_or_else(|| invalid(triggers::limit_message()))?;
    let t = repo::find_trigger(&state.db.pool, account.user.id, id).await?;
    let t = t.ok_or_else(|| TwilioError::not_found("UsageTrigger"))?;
    Ok((
        StatusCode::CREATED,
        axum::Json(trigger_view(&account.account_sid, t)),
    ))
}

/// The account's triggers, oldest first.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Triggers.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"), Paging),
    responses((status = 200, description = "One page of triggers", body = UsageTriggerPage), Invalid, Credentials, Throttled))]
pub async fn list_triggers(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<UsageTriggerPage>> {
    let p = Params::parse(query.unwrap_or_default().as_bytes());
    let req = PageRequest::from(&p)?;
    let mut rows =
        repo::triggers_of(&state.db.pool, account.user.id, req.size + 1, req.offset()).await?;
    let has_more = rows.len() as i64 > req.size;
    rows.truncate(req.size as usize);
    let path = format!("{}/Usage/Triggers.json", super::base(&account.account_sid));
    let meta = wire::page_meta(
        &path,
        &[],
        &req,
        rows.len(),
        has_more,
        rows.last().map(|t| t.id),
    );
    let usage_triggers = rows
        .into_iter()
        .map(|t| trigger_view(&account.account_sid, t))
        .collect();
    Ok(axum::Json(UsageTriggerPage {
        usage_triggers,
        meta,
    }))
}

async fn one(
    state: &crate::state::AppState,
    account: &ApiAccount,
    file: &str,
) -> TwilioResult<Trigger> {
    let id = super::id_of("UT", file).ok_or_else(|| TwilioError::not_found("UsageTrigger"))?;
    repo::find_trigger(&state.db.pool, account.user.id, id)
        .await?
        .ok_or_else(|| TwilioError::not_found("UsageTrigger"))
}

/// One trigger.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Triggers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The trigger's SID")),
    responses((status = 200, description = "The trigger", body = UsageTrigger), Credentials, Missing, Throttled))]
pub async fn fetch_trigger(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<axum::Json<UsageTrigger>> {
    let t = one(&state, &account, &path.1).await?;
    Ok(axum::Json(trigger_view(&account.account_sid, t)))
}

/// Renames a trigger or changes where it calls back.
#[utoipa::path(post, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Triggers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The trigger's SID")),
    request_body(content = String, description = "CallbackUrl, CallbackMethod, FriendlyName", content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "The trigger", body = UsageTrigger), Invalid, Credentials, Missing, Throttled))]
pub async fn update_trigger(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
    body: Bytes,
) -> TwilioResult<axum::Json<UsageTrigger>> {
    let t = one(&state, &account, &path.1).await?;
    let p = Params::parse(&body);
    let (url, method) = callback(&p, Some(&t.callback_url))?;
    let method = if p.get("CallbackMethod").is_some() {
        method
    } else {
        t.callback_method.clone()
    };
    let name = match p.get("FriendlyName") {
        Some(v) => rules::validate_friendly_name(v).map_err(invalid)?,
        None => t.friendly_name.clone(),
    };
    repo::update_trigger(
        &state.db.pool,
        account.user.id,
        t.id,
        &name,
        &url,
        &method,
        now_ms(),
    )
    .await?;
    let t = one(&state, &account, &path.1).await?;
    Ok(axum::Json(trigger_view(&account.account_sid, t)))
}

/// Deletes a trigger.
#[utoipa::path(delete, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Triggers/{Sid}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Sid" = String, Path, description = "The trigger's SID")),
    responses((status = 204, description = "Deleted"), Credentials, Missing, Throttled))]
pub async fn delete_trigger(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
) -> TwilioResult<StatusCode> {
    let t = one(&state, &account, &path.1).await?;
    repo::delete_trigger(&state.db.pool, account.user.id, t.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
