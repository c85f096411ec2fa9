//! /api/admin/analytics: charts over a date range, from the daily aggregates, and
//! each chart's data as CSV.

use super::repo;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::settings::DAY_MS;
use crate::state::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use dialtone_core::analytics::{figure, source_of, SOURCES};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::{IntoParams, ToSchema};

/// The days to chart, inclusive: the last 30 days by default, at most a year.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Range {
    /// The first day, `2026-10-23` (empty: 29 days before `to`).
    #[serde(default)]
    #[param(required = false, pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    from: String,
    /// The last day, `2026-11-21` (empty: today, UTC).
    #[serde(default)]
    #[param(required = false, pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    to: String,
}

/// Which chart to export.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Chart {
    #[serde(default)]
    #[param(required = true, inline, value_type = ChartName)]
    chart: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum ChartName {
    Revenue,
    Calls,
    Destinations,
    Users,
}

fn label(day: i64) -> String {
    chrono::DateTime::from_timestamp_millis(day * DAY_MS)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

/// The inclusive day range asked for (core's rule): the last 30 days by default, a
/// year at most.
fn days(r: &Range) -> Result<(i64, i64)> {
    let input = dialtone_core::dates::DateRangeInput {
        from: r.from.clone(),
        to: r.to.clone(),
    };
    dialtone_core::dates::validate_date_range(&input, now_ms() / DAY_MS, false)
        .map_err(Error::invalid)
}

pub struct Analytics {
    revenue: BTreeMap<i64, [i64; SOURCES.len()]>,
    calls: BTreeMap<i64, [i64; 3]>,
    users: BTreeMap<i64, i64>,
    destinations: Vec<(String, i64, i64, i64)>,
}

async fn compute(state: &AppState, from: i64, to: i64) -> Result<Analytics> {
    let pool = &state.db.pool;
    let mut revenue: BTreeMap<i64, [i64; SOURCES.len()]> =
        (from..=to).map(|d| (d, [0; SOURCES.len()])).collect();
    let rows = repo::money_by_day(pool, from, to).await?;
    for (day, kind, amount) in rows {
        let (Some(source), Some(r)) = (source_of(&kind), revenue.get_mut(&day)) else {
            continue;
        };
        r[source.index()] += figure(source, amount);
    }
    let mut calls: BTreeMap<i64, [i64; 3]> = (from..=to).map(|d| (d, [0; 3])).collect();
    let rows = repo::calls_by_day(pool, from, to).await?;
    for (day, n, answered, secs) in rows {
        calls.insert(day, [n, answered, secs]);
    }
    let mut users: BTreeMap<i64, i64> = (from..=to).map(|d| (d, 0)).collect();
    let rows = crate::users::repo::signups_by_day(pool, from * DAY_MS, (to + 1) * DAY_MS).await?;
    for (day, n) in rows {
        users.insert(day, n);
    }
    let destinations = repo::top_destinations(pool, from, to).await?;
    Ok(Analytics {
        revenue,
        calls,
        users,
        destinations,
    })
}

/// The analytics charts over a range of days.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsReport {
    /// The first day charted.
    pub from: String,
    /// The last day charted.
    pub to: String,
    pub revenue: Vec<RevenueDay>,
    pub calls: Vec<CallDay>,
    /// Answer-seizure ratio in percent, one decimal; null without calls.
    pub asr: Option<f64>,
    /// Average call duration in seconds; null without answered calls.
    pub acd: Option<i64>,
    /// The ten destinations with the most call revenue.
    pub top_destinations: Vec<TopDestination>,
    pub new_users: Vec<NewUsersDay>,
}

/// One day's money in (deposits) and revenue by product, with refunds apart.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevenueDay {
    pub date: String,
    /// Money paid in.
    pub deposits: Money,
    pub numbers: Money,
    pub packages: Money,
    pub inbound_calls: Money,
    pub outbound_calls: Money,
    /// Call recordings stored.
    pub recordings: Money,
    pub sms: Money,
    /// IVR plans' monthly fees.
    pub ivr: Money,
    /// Money given back to customers.
    pub refunds: Money,
}

#[derive(Serialize, ToSchema)]
pub struct CallDay {
    pub date: String,
    pub calls: i64,
    pub answered: i64,
    /// Minutes, rounded up.
    pub minutes: i64,
}

#[derive(Serialize, ToSchema)]
pub struct TopDestination {
    /// The country, or `Unrated`.
    pub country: String,
    pub calls: i64,
    pub minutes: i64,
    pub revenue: Money,
}

#[derive(Serialize, ToSchema)]
pub struct NewUsersDay {
    pub date: String,
    pub count: i64,
}

/// Revenue, calls, destinations and sign-ups per day.
#[utoipa::path(get, path = "/admin/analytics", tag = "admin",
    params(Range),
    responses((status = 200, description = "The charts' data", body = AnalyticsReport),
        Invalid, SignedIn, AdminOnly))]
pub async fn get_analytics(
    With(state, _a): With<AdminUser>,
    Query(r): Query<Range>,
) -> Result<axum::Json<AnalyticsReport>> {
    let (from, to) = days(&r)?;
    let a = compute(&state, from, to).await?;
    let (mut total_calls, mut answered, mut seconds) = (0, 0, 0);
    for c in a.calls.values() {
        total_calls += c[0];
        answered += c[1];
        seconds += c[2];
    }
    let m = Money::micros;
    Ok(axum::Json(AnalyticsReport {
        from: label(from),
        to: label(to),
        revenue: a
            .revenue
            .iter()
            .map(|(d, r)| RevenueDay {
                date: label(*d),
                deposits: m(r[0]),
                numbers: m(r[1]),
                packages: m(r[2]),
                inbound_calls: m(r[3]),
                outbound_calls: m(r[4]),
                recordings: m(r[5]),
                sms: m(r[6]),
                ivr: m(r[7]),
                refunds: m(r[8]),
            })
            .collect(),
        calls: a
            .calls
            .iter()
            .map(|(d, c)| CallDay {
                date: label(*d),
                calls: c[0],
                answered: c[1],
                minutes: dialtone_core::units::minutes_used(c[2]),
            })
            .collect(),
        // Answer-seizure ratio in percent with one decimal, and average call duration in seconds.
        asr: (total_calls != 0).then(|| (answered * 1000 / total_calls) as f64 / 10.0),
        acd: (answered != 0).then(|| seconds / answered),
        top_destinations: a
            .destinations
            .iter()
            .map(|(name, n, secs, cost)| TopDestination {
                country: name.clone(),
                calls: *n,
                minutes: dialtone_core::units::minutes_used(*secs),
                revenue: m(*cost),
            })
            .collect(),
        new_users: a
            .users
            .iter()
            .map(|(d, n)| NewUsersDay {
                date: label(*d),
                count: *n,
            })
            .collect(),
    }))
}

/// One chart's data as CSV (`revenue`, `calls`, `destinations` or `users`).
#[utoipa::path(get, path = "/admin/analytics/export", tag = "admin",
    params(Range, Chart),
    responses((status = 200, description = "The chart as a CSV attachment", content_type = "text/csv", body = String),
        Invalid, SignedIn, AdminOnly))]
pub async fn export_analytics(
    With(state, _a): With<AdminUser>,
    Query(r): Query<Range>,
    Query(c): Query<Chart>,
) -> Result<Response> {
    let (from, to) = days(&r)?;
    let a = compute(&state, from, to).await?;
    let m = |v: i64| dialtone_core::money::from_micros(v).round_dp(6).to_string();
    let mut out = String::new();
    match c.chart.as_str() {
        "revenue" => {
            out.push_str("date,deposits,numbers,packages,inbound_calls,outbound_calls,recordings,sms,ivr,refunds\n");
            for (d, x) in &a.revenue {
                let figures: Vec<String> = x.iter().map(|v| m(*v)).collect();
                out.push_str(&format!("{},{}\n", label(*d), figures.join(",")));
            }
        }
        "calls" => {
            out.push_str("date,calls,answered,minutes\n");
            for (d, c) in &a.calls {
                out.push_str(&format!(
                    "{},{},{},{}\n",
                    label(*d),
                    c[0],
                    c[1],
                    dialtone_core::units::minutes_used(c[2])
                ));
            }
        }
        "destinations" => {
            out.push_str("country,calls,minutes,revenue\n");
            for (name, n, secs, cost) in &a.destinations {
                out.push_str(&format!(
                    "{},{n},{},{}\n",
                    crate::csv::text(name),
                    dialtone_core::units::minutes_used(*secs),
                    m(*cost)
                ));
            }
        }
        "users" => {
            out.push_str("date,new_users\n");
            for (d, n) in &a.users {
                out.push_str(&format!("{},{n}\n", label(*d)));
            }
        }
        _ => {
            return Err(Error::field(
                "chart",
                "chart must be revenue, calls, destinations or users",
            ))
        }
    }
    let disposition = format!(
        "attachment; filename=\"dialtone-{}-{}-{}.csv\"",
        c.chart,
        label(from),
        label(to)
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        out,
    )
        .into_response())
}
