//! The client dashboard (/api/dashboard): balance, counts, usage history and recent
//! activity, each from one bounded query.

use crate::auth::AuthUser;
use crate::calls::mmss;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::json::money;
use crate::settings::DAY_MS;
use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use chrono::{Datelike, TimeZone, Utc};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dashboard", get(get_dashboard))
        .route("/dashboard/usage", get(get_usage))
}

fn month_start(now: i64) -> i64 {
    let t = Utc.timestamp_millis_opt(now).single().unwrap_or_default();
    Utc.with_ymd_and_hms(t.year(), t.month(), 1, 0, 0, 0)
        .single()
        .map_or(now, |m| m.timestamp_millis())
}

async fn get_dashboard(State(state): State<AppState>, auth: AuthUser) -> Result<axum::Json<Value>> {
    let (id, now, pool) = (auth.user.id, now_ms(), &state.db.pool);
    let (numbers, seconds, sms, unread): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1 AND status = 'active'), \
           (SELECT CAST(COALESCE(SUM(seconds_remaining), 0) AS BIGINT) FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2), \
           (SELECT COUNT(*) FROM sms_messages WHERE user_id = $1 AND status <> 'failed' AND created_at >= $3), \
           (SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL)",
    )
    .bind(id)
    .bind(now)
    .bind(month_start(now))
    .fetch_one(pool)
    .await?;

    let calls: Vec<(i64, String, String, String, i64, i64, i64)> = sqlx::query_as(
        "SELECT id, direction, from_number, to_number, duration_seconds, cost_micros, started_at FROM calls WHERE user_id = $1 ORDER BY started_at DESC LIMIT 8",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let messages: Vec<(i64, String, String, i64, i64)> =
        sqlx::query_as("SELECT id, to_number, body, cost_micros, created_at FROM sms_messages WHERE user_id = $1 ORDER BY id DESC LIMIT 8")
            .bind(id)
            .fetch_all(pool)
            .await?;
    let money_moves: Vec<(i64, String, String, i64, i64)> = sqlx::query_as(
        "SELECT id, kind, description, amount_micros, created_at FROM ledger_entries \
         WHERE user_id = $1 AND kind IN ('deposit', 'number_purchase', 'package_purchase') ORDER BY id DESC LIMIT 8",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let mut activity: Vec<(i64, Value)> = Vec::new();
    for (cid, dir, from, to, secs, cost, at) in calls {
        let number = if dir == "outbound" { to } else { from };
        activity.push((at, json!({ "id": format!("call-{cid}"), "type": "call", "number": number, "duration": mmss(secs), "cost": money(cost), "date": iso(at) })));
    }
    for (sid, to, body, cost, at) in messages {
        let preview: String = body.chars().take(60).collect();
        activity.push((at, json!({ "id": format!("sms-{sid}"), "type": "sms", "number": to, "message": preview, "cost": money(cost), "date": iso(at) })));
    }
    for (lid, kind, description, amount, at) in money_moves {
        let v = if kind == "deposit" {
            json!({ "id": format!("ledger-{lid}"), "type": "deposit", "amount": money(amount), "method": "Card", "date": iso(at) })
        } else {
            json!({ "id": format!("ledger-{lid}"), "type": "purchase", "item": description, "amount": money(-amount), "date": iso(at) })
        };
        activity.push((at, v));
    }
    activity.sort_by_key(|a| std::cmp::Reverse(a.0));
    let recent: Vec<Value> = activity.into_iter().take(10).map(|(_, v)| v).collect();
    Ok(axum::Json(json!({
        "balance": money(auth.user.balance_micros),
        "activeNumbers": numbers,
        "minutesRemaining": seconds / 60,
        "smsThisMonth": sms,
        "unreadNotifications": unread,
        "recentActivity": recent,
    })))
}

#[derive(Deserialize)]
struct UsageQuery {
    #[serde(default)]
    range: String,
}

/// Minutes, messages and spend per day (week, month) or per month (year).
async fn get_usage(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(q): Query<UsageQuery>,
) -> Result<axum::Json<Value>> {
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
    // Integer division by a day's milliseconds buckets by UTC day on both backends.
    let minutes: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT started_at / 86400000 AS d, CAST(SUM(billable_seconds) AS BIGINT) FROM calls WHERE user_id = $1 AND started_at >= $2 GROUP BY started_at / 86400000",
    )
    .bind(id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    let messages: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT created_at / 86400000 AS d, COUNT(*) FROM sms_messages WHERE user_id = $1 AND created_at >= $2 AND status <> 'failed' GROUP BY created_at / 86400000",
    )
    .bind(id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    let spend: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT created_at / 86400000 AS d, CAST(SUM(-amount_micros) AS BIGINT) FROM ledger_entries \
         WHERE user_id = $1 AND created_at >= $2 AND amount_micros < 0 GROUP BY created_at / 86400000",
    )
    .bind(id)
    .bind(since)
    .fetch_all(pool)
    .await?;
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
    let points: Vec<Value> = buckets
        .into_iter()
        .map(|(label, (secs, msgs, spent))| json!({ "label": label, "minutes": (secs + 59) / 60, "messages": msgs, "spend": money(spent) }))
        .collect();
    Ok(axum::Json(
        json!({ "range": if q.range.is_empty() { "week" } else { q.range.as_str() }, "points": points }),
    ))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct ApiDoc;
