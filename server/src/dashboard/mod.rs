//! The client dashboard (/api/dashboard): balance, counts, usage history and recent
//! activity, each from one bounded query.

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::settings::DAY_MS;
use crate::state::AppState;
use crate::voice::calls::mmss;
use chrono::{TimeZone, Utc};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

mod repo;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_dashboard))
        .routes(routes!(get_usage))
}

fn month_start(now: i64) -> i64 {
    dialtone_core::dates::month_start_ms(now)
}

/// The dashboard's figures and the latest activity.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    pub balance: Money,
    pub active_numbers: i64,
    /// Whole minutes left in active packages.
    pub minutes_remaining: i64,
    /// Messages not failed since the first of the month (UTC).
    pub sms_this_month: i64,
    /// One-part messages the available balance buys at the rate of the destination
    /// the customer texts most (their first number's country, or the US, before any).
    pub sms_remaining: i64,
    /// The per-message rate `smsRemaining` counts at, and where it applies.
    pub sms_rate: Money,
    pub sms_destination: String,
    pub unread_notifications: i64,
    /// At most 10 items, newest first.
    pub recent_activity: Vec<DashboardActivity>,
}

/// One line of recent activity; `type` says which.
#[derive(Serialize, ToSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum DashboardActivity {
    /// A call: `number` is the other party, `duration` is m:ss.
    Call {
        id: String,
        number: String,
        duration: String,
        cost: Money,
        date: String,
    },
    /// A message: its first 60 characters.
    Sms {
        id: String,
        number: String,
        message: String,
        cost: Money,
        date: String,
    },
    /// A deposit.
    Deposit {
        id: String,
        amount: Money,
        /// Always `Card`.
        method: String,
        date: String,
    },
    /// A number or package purchase.
    Purchase {
        id: String,
        item: String,
        amount: Money,
        date: String,
    },
}

/// The client dashboard: balance, counts and recent activity.
#[utoipa::path(get, path = "/dashboard", tag = "dashboard",
    responses((status = 200, description = "The dashboard", body = Dashboard), SignedIn))]
async fn get_dashboard(With(state, auth): With<AuthUser>) -> Result<axum::Json<Dashboard>> {
    let (id, now, pool) = (auth.user.id, now_ms(), &state.db.pool);
    let (numbers, seconds, sms, unread) = repo::counts(pool, id, now, month_start(now)).await?;
    // The destination texted most in the last 90 days, else the country of the first
    // active number, else the US; and the money not held by calls in progress.
    let (available, destination, rate) = repo::sms_destination(pool, id, now - 90 * DAY_MS)
        .await?
        .unwrap_or((0, "United States".into(), 0));

    let calls = repo::recent_calls(pool, id).await?;
    let messages = repo::recent_messages(pool, id).await?;
    let money_moves = repo::recent_money_moves(pool, id).await?;
    let mut activity: Vec<(i64, DashboardActivity)> = Vec::new();
    for (cid, dir, from, to, secs, cost, at) in calls {
        let number = if dir == "outbound" { to } else { from };
        let a = DashboardActivity::Call {
            id: format!("call-{cid}"),
            number,
            duration: mmss(secs),
            cost: Money::micros(cost),
            date: iso(at),
        };
        activity.push((at, a));
    }
    for (sid, to, body, cost, at) in messages {
        let a = DashboardActivity::Sms {
            id: format!("sms-{sid}"),
            number: to,
            message: body.chars().take(60).collect(),
            cost: Money::micros(cost),
            date: iso(at),
        };
        activity.push((at, a));
    }
    for (lid, kind, description, amount, at) in money_moves {
        let (id, date) = (format!("ledger-{lid}"), iso(at));
        let a = if kind == "deposit" {
            DashboardActivity::Deposit {
                id,
                amount: Money::micros(amount),
                method: "Card".into(),
                date,
            }
        } else {
            DashboardActivity::Purchase {
                id,
                item: description,
                amount: Money::micros(-amount),
                date,
            }
        };
        activity.push((at, a));
    }
    activity.sort_by_key(|a| std::cmp::Reverse(a.0));
    Ok(axum::Json(Dashboard {
        balance: Money::micros(auth.user.balance_micros),
        active_numbers: numbers,
        minutes_remaining: dialtone_core::units::minutes_left(seconds),
        sms_this_month: sms,
        sms_remaining: dialtone_core::rating::sms_remaining(available, rate),
        sms_rate: Money::micros(rate),
        sms_destination: destination,
        unread_notifications: unread,
        recent_activity: activity.into_iter().take(10).map(|(_, a)| a).collect(),
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct UsageQuery {
    /// The chart's span (default `week`).
    #[serde(default)]
    #[param(required = false, schema_with = usage_range)]
    range: String,
}

/// The usage chart's spans: 7 days, 30 days, 12 months; empty means `week`.
fn usage_range() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::Type::String)
        .enum_values(Some(["", "week", "month", "year"]))
        .build()
}

/// One bucket of the usage chart.
#[derive(Serialize, ToSchema)]
pub struct UsagePoint {
    /// The day (`2026-11-21`), or the month (`2026-11`) for a year.
    pub label: String,
    /// Billable minutes, rounded up.
    pub minutes: i64,
    pub messages: i64,
    pub spend: Money,
}

#[derive(Serialize, ToSchema)]
pub struct UsageChart {
    /// `week`, `month` or `year`.
    pub range: String,
    pub points: Vec<UsagePoint>,
}

/// Minutes, messages and spend per day (week, month) or per month (year).
#[utoipa::path(get, path = "/dashboard/usage", tag = "dashboard",
    params(UsageQuery),
    responses((status = 200, description = "The usage chart's points, oldest first", body = UsageChart), Invalid, SignedIn))]
async fn get_usage(
    With(state, auth): With<AuthUser>,
    Query(q): Query<UsageQuery>,
) -> Result<axum::Json<UsageChart>> {
    let days = match q.range.as_str() {
        "" | "week" => 7,
        "month" => 30,
        "year" => 365,
        other => return Err(Error::bad_request(format!("Unknown range: {other}"))),
    };
    let now = now_ms();
    let today = now / DAY_MS;
    let since = (today - days + 1) * DAY_MS;
    let (id, pool) = (auth.user.id, &state.db.pool);
    let minutes = repo::by_day(pool, repo::Daily::CallSeconds, id, since).await?;
    let messages = repo::by_day(pool, repo::Daily::Messages, id, since).await?;
    let spend = repo::by_day(pool, repo::Daily::Spend, id, since).await?;
    let label = |day: i64| {
        let t = Utc
            .timestamp_millis_opt(day * DAY_MS)
            .single()
            .unwrap_or_default();
        if days == 365 {
            t.format("%Y-%m").to_string()
        } else {
            t.format("%Y-%m-%d").to_string()
        }
    };
    let mut buckets: BTreeMap<String, (i64, i64, i64)> = (today - days + 1..=today)
        .map(|d| (label(d), (0, 0, 0)))
        .collect();
    for (d, secs) in minutes {
        buckets.entry(label(d)).or_default().0 += secs;
    }
    for (d, n) in messages {
        buckets.entry(label(d)).or_default().1 += n;
    }
    for (d, m) in spend {
        buckets.entry(label(d)).or_default().2 += m;
    }
    let points = buckets
        .into_iter()
        .map(|(label, (secs, msgs, spent))| UsagePoint {
            label,
            minutes: dialtone_core::units::minutes_used(secs),
            messages: msgs,
            spend: Money::micros(spent),
        })
        .collect();
    let range = if q.range.is_empty() { "week" } else { &q.range };
    Ok(axum::Json(UsageChart {
        range: range.to_string(),
        points,
    }))
}
