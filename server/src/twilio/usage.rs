//! Usage records (issue 46): what the account used by category (/Usage/Records.json
//! and its periods: Today, Yesterday, ThisMonth, LastMonth, AllTime; Daily, Monthly and
//! Yearly in usage_periods.rs).

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Invalid, Missing, Throttled};
use super::error::{code, TwilioError, TwilioResult};
use super::usage_periods::{self as periods, every, Every};
use super::wire::{self, PageMeta, PageRequest, Paging, Params, API_VERSION};
use crate::extract::With;
use crate::usage::repo;
use axum::extract::{Path, RawQuery};
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};

/// The most periods one request may span (Daily over 27 years).
const MAX_PERIODS: usize = 10_000;

fn epoch() -> NaiveDate {
    NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default()
}
use dialtone_core::usage::{self, Totals, CATEGORIES};
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
        sub if every(sub).is_some() => (
            date_param(p, "StartDate")?.unwrap_or_else(|| {
                periods::default_start(every(sub).unwrap_or(Every::Day), today, created)
            }),
            date_param(p, "EndDate")?.unwrap_or(today),
        ),
        "" => (
            date_param(p, "StartDate")?.unwrap_or(created),
            date_param(p, "EndDate")?.unwrap_or(today),
        ),
        _ => return Err(TwilioError::not_found("UsageRecord")),
    })
}

/// The request's category, or every category.
fn categories_of(p: &Params) -> TwilioResult<Vec<&'static str>> {
    match p.text("Category") {
        None => Ok(CATEGORIES.to_vec()),
        Some(c) => match CATEGORIES.iter().find(|k| **k == c) {
            Some(k) => Ok(vec![*k]),
            None => Err(TwilioError::bad(
                code::INVALID,
                format!("Category {c} is not valid"),
            )),
        },
    }
}

/// Each shown period's totals, summed from one grouped read of their days.
async fn by_period(
    state: &crate::state::AppState,
    user_id: i64,
    shown: &[(NaiveDate, NaiveDate)],
) -> TwilioResult<Vec<((NaiveDate, NaiveDate), Totals)>> {
    let (from, to) = match (shown.first(), shown.last()) {
        (Some(f), Some(l)) => (day(f.0), day(l.1 + Duration::days(1))),
        _ => return Ok(Vec::new()),
    };
    let days = repo::totals_by_day(&state.db.pool, user_id, from, to).await?;
    Ok(shown
        .iter()
        .map(|span| (*span, periods::sum(&days, *span)))
        .collect())
}

/// One record as Twilio's wire shows it: `r`, used from `first` to `last`, listed
/// under `resource` of the account.
fn wire_record(
    account_sid: &str,
    resource: &str,
    (first, last): (NaiveDate, NaiveDate),
    r: usage::Record,
) -> UsageRecord {
    let base = super::base(account_sid);
    UsageRecord {
        account_sid: account_sid.to_string(),
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
    }
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
    let categories = categories_of(&p)?;
    // All time reaches back before the account's first day (records imported with it).
    let from = if sub == "AllTime" || p.text("StartDate").is_none() && sub.is_empty() {
        0
    } else {
        day(first)
    };
    let to = day(last + Duration::days(1));
    let base = super::base(&account.account_sid);
    let resource = if sub.is_empty() {
        "Records".to_string()
    } else {
        format!("Records/{sub}")
    };
    // Each period's records, one per category: a single period unless by day, month
    // or year (then only the periods on the requested page are summed).
    let spans: Vec<(NaiveDate, NaiveDate)> = match every(sub) {
        Some(e) => periods::periods(e, first.max(epoch()), last, MAX_PERIODS),
        None => vec![(first, last)],
    };
    let per = categories.len().max(1);
    let (skip, take) = (req.offset() as usize, req.size as usize);
    let shown =
        &spans[(skip / per).min(spans.len())..((skip + take).div_ceil(per)).min(spans.len())];
    let sums = match every(sub) {
        Some(_) => by_period(state, account.user.id, shown).await?,
        None => {
            let totals = repo::totals(&state.db.pool, account.user.id, from, to).await?;
            vec![((first, last), totals)]
        }
    };
    let first_shown = (skip / per) * per;
    let items: Vec<UsageRecord> = sums
        .iter()
        .flat_map(|(span, totals)| {
            categories
                .iter()
                .filter_map(move |c| usage::record(c, totals).map(|r| (*span, r)))
        })
        .skip(skip - first_shown)
        .take(take)
        .map(|(span, r)| wire_record(&account.account_sid, &resource, span, r))
        .collect();
    let filters: Vec<(String, String)> = ["Category", "StartDate", "EndDate"]
        .iter()
        .filter_map(|k| p.text(k).map(|v| (k.to_string(), v.to_string())))
        .collect();
    let path = format!("{base}/Usage/{resource}.json");
    let more = skip + take < spans.len() * per;
    let meta = wire::page_meta(&path, &filters, &req, items.len(), more, None);
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
/// AllTime.json; or a record per category and day, month or year between StartDate and
/// EndDate: Daily.json (the last 30 days by default), Monthly.json (12 months) or
/// Yearly.json (since the account's first year).
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Usage/Records/{Period}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("Period" = String, Path, description = "Today, Yesterday, ThisMonth, LastMonth, AllTime, Daily, Monthly or Yearly"),
        ("Category" = Option<String>, Query, description = "One category only"),
        ("StartDate" = Option<String>, Query, description = "YYYY-MM-DD (Daily, Monthly, Yearly)"),
        ("EndDate" = Option<String>, Query, description = "YYYY-MM-DD, inclusive (Daily, Monthly, Yearly)"), Paging),
    responses((status = 200, description = "One record per category", body = UsageRecordPage), Invalid, Credentials, Missing, Throttled))]
pub async fn list_period_records(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String)>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<UsageRecordPage>> {
    let sub = path.1.strip_suffix(".json").unwrap_or("");
    Ok(axum::Json(records(&state, &account, sub, query).await?))
}
