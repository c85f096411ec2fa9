//! POST /api/telephony/cdr: the end of a call. Rating, package minutes, the debit,
//! the release of the reservation and the call record happen in one transaction,
//! once per callId; a replay answers the same result.

use super::authorize::{find_party, rate_for, release, validate};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::state::AppState;
use dialtone_core::money::format_micros;
use dialtone_core::rating::{rate_call, Increments};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

/// A CDR time: ISO 8601 text or unix seconds. Documentation only.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum CdrTime {
    Iso(String),
    UnixSeconds(i64),
}

/// A call detail record: the end of a call, as the switch reports it.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cdr {
    /// The id given to /api/telephony/authorize, 1 to 128 characters.
    pub call_id: String,
    /// "inbound" or "outbound".
    #[schema(example = "outbound")]
    pub direction: String,
    /// E.164.
    #[schema(example = "+14155550100")]
    pub from: String,
    /// E.164.
    #[schema(example = "+12125550199")]
    pub to: String,
    #[schema(value_type = CdrTime, example = "2026-11-20T10:00:00Z")]
    pub started_at: Value,
    /// Null or absent when the call was not answered.
    #[serde(default)]
    #[schema(value_type = Option<CdrTime>, example = "2026-11-20T10:00:05Z")]
    pub answered_at: Value,
    #[schema(value_type = CdrTime, example = "2026-11-20T10:10:00Z")]
    pub ended_at: Value,
    /// 0 to 86400.
    pub duration_seconds: i64,
    /// "completed", "failed" or "no-answer".
    #[schema(example = "completed")]
    pub status: String,
    /// Whether a recording will be uploaded.
    #[serde(default)]
    pub recording: bool,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CdrResult {
    pub call_id: String,
    pub billable_seconds: i64,
    pub package_seconds: i64,
    /// Micro-dollars charged to the balance.
    pub cost_micros: i64,
    pub status: String,
}

/// A CDR time: ISO 8601 text or unix seconds.
fn time_ms(v: &Value, field: &str) -> Result<Option<i64>> {
    match v {
        Value::Null => Ok(None),
        Value::Number(n) => n
            .as_i64()
            .and_then(|s| s.checked_mul(1000))
            .map(Some)
            .ok_or_else(|| Error::field(field, "must be unix seconds")),
        Value::String(s) if s.is_empty() => Ok(None),
        Value::String(s) => chrono::DateTime::parse_from_rfc3339(s)
            .map(|t| Some(t.timestamp_millis()))
            .map_err(|_| Error::field(field, "must be an ISO 8601 time")),
        _ => Err(Error::field(field, "must be an ISO 8601 time")),
    }
}

async fn stored(conn: &mut AnyConnection, call_id: &str) -> Result<Option<CdrResult>> {
    let row = sqlx::query("SELECT billable_seconds, package_seconds, cost_micros, status FROM calls WHERE call_id = $1")
        .bind(call_id)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| {
        Ok(CdrResult {
            call_id: call_id.to_string(),
            billable_seconds: r.try_get("billable_seconds")?,
            package_seconds: r.try_get("package_seconds")?,
            cost_micros: r.try_get("cost_micros")?,
            status: r.try_get("status")?,
        })
    })
    .transpose()
}

/// Takes `seconds` from the user's active packages, earliest expiry first.
async fn consume_packages(
    conn: &mut AnyConnection,
    user_id: i64,
    mut seconds: i64,
    now: i64,
) -> Result<()> {
    if seconds == 0 {
        return Ok(());
    }
    let packages: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, seconds_remaining FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2 \
         AND seconds_remaining > 0 ORDER BY expires_at, id",
    )
    .bind(user_id)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    for (id, left) in packages {
        if seconds == 0 {
            break;
        }
        let take = seconds.min(left);
        sqlx::query(
            "UPDATE user_packages SET seconds_remaining = seconds_remaining - $1, \
             status = CASE WHEN seconds_remaining - $1 = 0 THEN 'used' ELSE status END WHERE id = $2",
        )
        .bind(take)
        .bind(id)
        .execute(&mut *conn)
        .await?;
        seconds -= take;
    }
    Ok(())
}

/// Records a CDR once. When the same CDR arrives twice at the same moment (two
/// instances, a retrying switch), the loser meets the winner's unique keys: it
/// then answers the stored result, as any replay does.
pub async fn record(state: &AppState, cdr: &Cdr) -> Result<CdrResult> {
    match record_once(state, cdr).await {
        Err(Error::Internal(e))
            if e.downcast_ref::<sqlx::Error>()
                .is_some_and(crate::db::is_unique_violation) =>
        {
            let mut conn = state.db.pool.acquire().await?;
            stored(&mut conn, &cdr.call_id)
                .await?
                .ok_or(Error::Internal(e))
        }
        other => other,
    }
}

async fn record_once(state: &AppState, cdr: &Cdr) -> Result<CdrResult> {
    validate(&cdr.call_id, &cdr.direction, &cdr.from, &cdr.to)?;
    if !matches!(cdr.status.as_str(), "completed" | "failed" | "no-answer") {
        return Err(Error::field(
            "status",
            "status must be completed, failed or no-answer",
        ));
    }
    if !(0..=24 * 3600).contains(&cdr.duration_seconds) {
        return Err(Error::field(
            "durationSeconds",
            "durationSeconds must be between 0 and 86400",
        ));
    }
    let started = time_ms(&cdr.started_at, "startedAt")?
        .ok_or_else(|| Error::field("startedAt", "startedAt is required"))?;
    let answered = time_ms(&cdr.answered_at, "answeredAt")?;
    let ended = time_ms(&cdr.ended_at, "endedAt")?
        .ok_or_else(|| Error::field("endedAt", "endedAt is required"))?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    if let Some(done) = stored(&mut tx, &cdr.call_id).await? {
        return Ok(done);
    }
    let held_by = release(&mut tx, &cdr.call_id).await?;
    let party = find_party(&mut tx, &cdr.direction, &cdr.from, &cdr.to, now).await?;
    // Read after the release above, so this call's own reservation is free again.
    let package_free = match (&party, cdr.direction.as_str()) {
        (Some(p), "outbound") => p.free_package_seconds(),
        (None, "outbound") => match held_by {
            Some(user) => free_package_seconds(&mut tx, user, now).await?,
            None => 0,
        },
        _ => 0,
    };
    let (user_id, number_id) = match (&party, held_by) {
        (Some(p), _) => (p.user_id, Some(p.number_id)),
        (None, Some(user)) => (user, None),
        (None, None) => {
            return Err(Error::NotFound(
                "No active number of a customer is part of this call".into(),
            ))
        }
    };
    let destination = party.and_then(|p| p.destination);
    let (rate, increments, country_id) = match &destination {
        Some(d) => (
            rate_for(d, &cdr.direction),
            d.increments,
            Some(d.country_id),
        ),
        None => (0, Increments::default(), None),
    };
    let answered_call = cdr.status == "completed" && answered.is_some();
    let duration = if answered_call {
        cdr.duration_seconds
    } else {
        0
    };
    let charge = rate_call(duration, rate, increments, package_free);
    consume_packages(&mut tx, user_id, charge.package_seconds, now).await?;
    let mut cost = charge.cost;
    if cost > 0 {
        let description = format!(
            "{} call {} {}",
            cap(&cdr.direction),
            if cdr.direction == "outbound" {
                "to"
            } else {
                "from"
            },
            if cdr.direction == "outbound" {
                &cdr.to
            } else {
                &cdr.from
            }
        );
        let posting = Posting {
            user_id,
            amount: -cost,
            kind: Kind::Call,
            description: &description,
            reference: Some(format!("call:{}", cdr.call_id)),
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => {}
            // Only a call that ran without (or past) its reservation gets here: it is
            // charged what the balance holds, and the shortfall is logged.
            Err(PostError::InsufficientFunds { balance }) => {
                tracing::warn!(call_id = %cdr.call_id, cost, balance, "call cost more than the balance; charged the balance");
                cost = balance;
                if balance > 0 {
                    let posting = Posting {
                        user_id,
                        amount: -balance,
                        kind: Kind::Call,
                        description: &description,
                        reference: Some(format!("call:{}", cdr.call_id)),
                        actor_id: None,
                    };
                    ledger::post(&mut tx, posting).await?;
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    sqlx::query(
        "INSERT INTO calls (call_id, user_id, number_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
         duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(&cdr.call_id)
    .bind(user_id)
    .bind(number_id)
    .bind(&cdr.direction)
    .bind(&cdr.from)
    .bind(&cdr.to)
    .bind(country_id)
    .bind(started)
    .bind(answered)
    .bind(ended)
    .bind(duration)
    .bind(charge.billable_seconds)
    .bind(charge.package_seconds)
    .bind(cost)
    .bind(&cdr.status)
    .bind(cdr.recording as i64)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros) VALUES ($1, $2, 1, $3, $4, $5) \
         ON CONFLICT (day, country_id) DO UPDATE SET calls = call_daily.calls + 1, answered = call_daily.answered + excluded.answered, \
         seconds = call_daily.seconds + excluded.seconds, cost_micros = call_daily.cost_micros + excluded.cost_micros",
    )
    .bind(started / crate::settings::DAY_MS)
    .bind(country_id.unwrap_or(0))
    .bind(i64::from(answered_call))
    .bind(charge.billable_seconds)
    .bind(cost)
    .execute(&mut *tx)
    .await?;
    if cost > 0 {
        warn_low_balance(&mut tx, user_id).await?;
    }
    tx.commit().await?;
    Ok(CdrResult {
        call_id: cdr.call_id.clone(),
        billable_seconds: charge.billable_seconds,
        package_seconds: charge.package_seconds,
        cost_micros: cost,
        status: cdr.status.clone(),
    })
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// Once the balance falls under the threshold, one notification until a deposit.
/// The threshold is read inside the UPDATE: one round trip on every charged call.
pub async fn warn_low_balance(conn: &mut AnyConnection, user_id: i64) -> Result<()> {
    let balance: Option<i64> = sqlx::query_scalar(
        "UPDATE users SET low_balance_notified = 1 WHERE id = $1 AND low_balance_notified = 0 AND balance_micros < \
         COALESCE((SELECT CAST(value AS BIGINT) FROM settings WHERE key = 'low_balance_micros'), $2) RETURNING balance_micros",
    )
    .bind(user_id)
    .bind(crate::settings::DEFAULT_LOW_BALANCE_MICROS)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(balance) = balance {
        let message = format!(
            "Your balance is {}. Add funds to keep calling and messaging.",
            format_micros(balance)
        );
        notify(&mut *conn, user_id, "low_balance", "Low balance", &message).await?;
    }
    Ok(())
}

/// Package seconds of a user that no call in progress has reserved, for a CDR whose
/// number is no longer active (so `find_party` found nobody).
async fn free_package_seconds(conn: &mut AnyConnection, user_id: i64, now: i64) -> Result<i64> {
    let (total, reserved): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(seconds_remaining), 0) AS BIGINT), \
         (SELECT reserved_package_seconds FROM users WHERE id = $1) \
         FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2",
    )
    .bind(user_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    Ok((total - reserved).max(0))
}
