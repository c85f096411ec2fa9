//! Usage records and usage triggers (issue 46): what the account used by category
//! (/Usage/Records.json and its periods: Today, Yesterday, ThisMonth, LastMonth,
//! AllTime) and the triggers that call back when a category reaches a value.

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
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use dialtone_core::api as rules;
use dialtone_core::usage::{self, TriggerBy, CATEGORIES};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct UsageRecord {
    pub account_sid: String,
    pub api_version: String,
    pub as_of: String,
    pub category: String,
    pub count: String,
    pub count_unit: String,
    pub description: String,
    /// YYYY-MM-DD, inclusive.
    pub end_date: String,
    pub price: String,
    pub price_unit: String,
    pub start_date: String,
    pub subresource_uris: BTreeMap<String, String>,
    pub uri: String,
    pub usage: String,
    pub usage_unit: String,
}

#[derive(Serialize, ToSchema)]
pub struct UsageRecordPage {
    pub usage_records: Vec<UsageRecord>,
    #[serde(flatten)]
    pub meta: PageMeta,
}

fn day(date: NaiveDate) -> i64 {
    Utc.from_utc_datetime(&date.and_hms_opt(0, 0, 0).unwrap_or_default())
        .timestamp_millis()
}

fn date_param(p: &Params, name: &str) -> TwilioResult<Option<NaiveDate>> {
    match p.text(name) {
        None => Ok(None),
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| {
                TwilioError::bad(
                    code::INVALID,
                    format!("{name} must be a date like 2026-11-28"),
                )
            }),
    }
}

/// The first and last day of a period subresource (or the request's dates).
fn period(sub: &str, p: &Params, created: NaiveDate) -> TwilioResult<(NaiveDate, NaiveDate)> {
    let today = Utc::now().date_naive();
    let month_start = today.with_day(1).unwrap_or(today);
    let last_month_end = month_start - Duration::days(1);
    Ok(match sub {
        "Today" => (today, today),
        "Yesterday" => (today - Duration::days(1), today - Duration::days(1)),
        "ThisMonth" => (month_start, today),
        "LastMonth" => (
            last_month_end.with_day(1).unwrap_or(last_month_end),
            last_month_end,
        ),
        "AllTime" => (created, today),
        "" => (
            date_param(p, "StartDate")?.unwrap_or(created),
            date_param(p, "EndDate")?.unwrap_or(today),
        ),
        _ => return Err(TwilioError::not_found("UsageRecord")),
    })
}

async fn records(
    state: &crate::state::AppState,
    account: &ApiAccount,
    sub: &str,
    query: Option<String>,
) -> TwilioResult<UsageRecordPage> {
    let p = Params::parse(query.unwrap_or_default().as_bytes());
    let req = PageRequest::from(&p)?;
    let created = Utc
        .timestamp_millis_opt(account.user.created_at)
        .single()
        .unwrap_or_default()
        .date_naive();
    let (first, last) = period(sub, &p, created)?;
    let categories: Vec<&str> = match p.text("Category") {
        None => CATEGORIES.to_vec(),
        Some(c) if CATEGORIES.contains(&c) => vec![c],
        Some(c) => {
            return Err(TwilioError::bad(
                code::INVALID,
                format!("Category {c} is not valid"),
            ))
        }
    };
    // All time reaches back before the account's first day (records imported with it).
    let from = if sub == "AllTime" || p.text("StartDate").is_none() && sub.is_empty() {
        0
    } else {
        day(first)
    };
    let to = day(last + Duration::days(1));
    let totals = repo::totals(&state.db.pool, account.user.id, from, to).await?;
    let base = super::base(&account.account_sid);
    let resource = if sub.is_empty() {
        "Records".to_string()
    } else {
        format!("Records/{sub}")
    };
    let items: Vec<UsageRecord> = categories
        .iter()
        .filter_map(|c| usage::record(c, &totals))
        .skip(req.offset() as usize)
        .take(req.size as usize)
        .map(|r| UsageRecord {
            account_sid: account.account_sid.clone(),
            api_version: API_VERSION.into(),
            as_of: Utc::now().to_rfc3339(),
            category: r.category.into(),
            count: r.count.to_string(),
            count_unit: r.count_unit.into(),
            description: r.description.into(),
            end_date: last.to_string(),
            price: dialtone_core::money::from_micros(r.price)
                .round_dp(2)
                .to_string(),
            price_unit: "usd".into(),
            start_date: first.to_string(),
            subresource_uris: BTreeMap::new(),
            uri: format!(
                "{base}/Usage/{resource}.json?Category={}&StartDate={first}&EndDate={last}",
                r.category
            ),
            usage: r.usage.to_string(),
            usage_unit: r.usage_unit.into(),
        })
        .collect();
    let filters: Vec<(String, String)> = ["Category", "StartDate", "EndDate"]
        .iter()
        .filter_map(|k| p.text(k).map(|v| (k.to_string(), v.to_string())))
        .collect();
    let path = format!("{base}/Usage/{resource}.json");
    let meta = wire::page_meta(&path, &filters, &req, items.len(), false, None);
    Ok(UsageRecordPage {
        usage_records: items,
        meta,
    })
}

/// What the account used, one record per category, from its first day to today (or
/// StartDate to EndDate).
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Records.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Category" = Option<String>, Query, description = "calls, calls-inbound, calls-outbound, sms, sms-outbound, phonenumbers, recordings or totalprice"),
        ("StartDate" = Option<String>, Query, description = "YYYY-MM-DD"),
        ("EndDate" = Option<String>, Query, description = "YYYY-MM-DD, inclusive"), Paging),
    responses((status = 200, description = "One record per category", body = UsageRecordPage), Invalid, Credentials, Throttled))]
pub async fn list_records(
    With(state, account): With<ApiAccount>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<UsageRecordPage>> {
    Ok(axum::Json(records(&state, &account, "", query).await?))
}

/// The same for a period: Today.json, Yesterday.json, ThisMonth.json, LastMonth.json or
/// AllTime.json.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Records/{Period}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Period" = String, Path, description = "Today, Yesterday, ThisMonth, LastMonth or AllTime"),
        ("Category" = Option<String>, Query, description = "One category only"), Paging),
    responses((status = 200, description = "One record per category", body = UsageRecordPage), Invalid, Credentials, Missing, Throttled))]
pub async fn list_period_records(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<UsageRecordPage>> {
    let sub = path.1.strip_suffix(".json").unwrap_or("");
    Ok(axum::Json(records(&state, &account, sub, query).await?))
}

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
