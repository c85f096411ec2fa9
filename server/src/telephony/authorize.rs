//! POST /api/telephony/authorize: may this call proceed, and for how long? The
//! answer reserves what the longest allowed call would cost, so calls running at the
//! same time can never together spend more than the balance plus package minutes.

use super::destination::{self, Destination};
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::state::AppState;
use dialtone_core::phone;
use dialtone_core::rating::{max_duration, rate_call};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};

/// No single call is authorized for more than four hours.
pub const MAX_CALL_SECONDS: i64 = 4 * 3600;
/// A reservation without a CDR is released this long after the call could have ended.
pub const RESERVATION_SLACK_MS: i64 = 10 * 60 * 1000;

#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeRequest {
    /// The switch's id of the call, 1 to 128 characters.
    pub call_id: String,
    /// "inbound" or "outbound".
    #[schema(example = "outbound")]
    pub direction: String,
    /// E.164, e.g. +14155550100.
    #[schema(example = "+14155550100")]
    pub from: String,
    /// E.164.
    #[schema(example = "+12125550199")]
    pub to: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeResponse {
    pub allowed: bool,
    /// The longest the call may last (0 when refused).
    pub max_duration_seconds: i64,
    /// Why it was refused: call_already_ended, unknown_number, account_suspended,
    /// no_rate or insufficient_funds; null when allowed.
    pub reason: Option<String>,
}

fn refuse(reason: &str) -> AuthorizeResponse {
    AuthorizeResponse {
        allowed: false,
        max_duration_seconds: 0,
        reason: Some(reason.into()),
    }
}

/// The customer a call belongs to: the owner of the active number `from`
/// (outbound) or `to` (inbound), with the rate that applies.
pub struct Party {
    pub user_id: i64,
    pub number_id: i64,
    pub suspended: bool,
    pub destination: Option<Destination>,
    /// What the user has, read in the same query as the number (one round trip
    /// fewer each on the hottest path): balance, reserved money, reserved package
    /// seconds, and the seconds left in active packages.
    pub balance: i64,
    pub reserved: i64,
    pub reserved_package_seconds: i64,
    pub package_seconds: i64,
}

impl Party {
    /// Package seconds no call in progress has reserved.
    pub fn free_package_seconds(&self) -> i64 {
        (self.package_seconds - self.reserved_package_seconds).max(0)
    }
}

pub fn validate(call_id: &str, direction: &str, from: &str, to: &str) -> Result<()> {
    let mut errors = dialtone_core::FieldErrors::new();
    if call_id.trim().is_empty() || call_id.len() > 128 {
        errors.insert(
            "callId".into(),
            "callId is required (at most 128 characters)".into(),
        );
    }
    if !matches!(direction, "inbound" | "outbound") {
        errors.insert(
            "direction".into(),
            "direction must be inbound or outbound".into(),
        );
    }
    for (field, n) in [("from", from), ("to", to)] {
        if !phone::is_e164(n) {
            errors.insert(field.into(), phone::E164_MESSAGE.into());
        }
    }
    Error::check(errors)
}

/// The customer of a call with everything authorizing or rating it needs, in one
/// query: the number, its owner's balance, reservations and package seconds, and the
/// destination (by longest prefix of `to` for outbound calls, by the number's country
/// for inbound ones). Each round trip saved here is saved twice per call.
pub async fn find_party(
    conn: &mut AnyConnection,
    direction: &str,
    from: &str,
    to: &str,
    now: i64,
) -> Result<Option<Party>> {
    let ours = if direction == "outbound" { from } else { to };
    let candidates = if direction == "outbound" {
        destination::prefixes(to).unwrap_or_default()
    } else {
        Vec::new()
    };
    let columns = destination::PREFIXED_COLUMNS;
    let join = if direction != "outbound" {
        format!("LEFT JOIN (SELECT {columns} FROM countries c) d ON d.d_id = n.country_id")
    } else if candidates.is_empty() {
        format!("LEFT JOIN (SELECT {columns} FROM countries c WHERE 1 = 0) d ON 1 = 1")
    } else {
        let sql = destination::longest_prefix_sql(columns, 3, candidates.len());
        format!("LEFT JOIN ({sql}) d ON 1 = 1")
    };
    let sql = format!(
        "SELECT n.id, n.owner_id, u.status, u.balance_micros, u.reserved_micros, u.reserved_package_seconds, \
         (SELECT CAST(COALESCE(SUM(p.seconds_remaining), 0) AS BIGINT) FROM user_packages p \
          WHERE p.user_id = n.owner_id AND p.status = 'active' AND p.expires_at > $2) AS package_seconds, d.* \
         FROM phone_numbers n JOIN users u ON u.id = n.owner_id {join} \
         WHERE n.number = $1 AND n.status = 'active'"
    );
    let mut query = sqlx::query(&sql).bind(ours).bind(now);
    for prefix in candidates {
        query = query.bind(prefix);
    }
    let Some(row) = query.fetch_optional(&mut *conn).await? else {
        return Ok(None);
    };
    Ok(Some(Party {
        user_id: row.try_get("owner_id")?,
        number_id: row.try_get("id")?,
        suspended: row.try_get::<String, _>("status")? == "suspended",
        destination: destination::from_prefixed_row(&row)?,
        balance: row.try_get("balance_micros")?,
        reserved: row.try_get("reserved_micros")?,
        reserved_package_seconds: row.try_get("reserved_package_seconds")?,
        package_seconds: row.try_get("package_seconds")?,
    }))
}

pub fn rate_for(d: &Destination, direction: &str) -> i64 {
    if direction == "outbound" {
        d.outbound
    } else {
        d.inbound
    }
}

pub async fn authorize(state: &AppState, req: &AuthorizeRequest) -> Result<AuthorizeResponse> {
    validate(&req.call_id, &req.direction, &req.from, &req.to)?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    // Ended already, or asked before? One query for both.
    let (done, held_created, held_expires): (i64, Option<i64>, Option<i64>) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM calls WHERE call_id = $1), \
         (SELECT created_at FROM call_reservations WHERE call_id = $1), \
         (SELECT expires_at FROM call_reservations WHERE call_id = $1)",
    )
    .bind(&req.call_id)
    .fetch_one(&mut *tx)
    .await?;
    if done > 0 {
        return Ok(refuse("call_already_ended"));
    }
    if let (Some(created), Some(expires)) = (held_created, held_expires) {
        // The switch asked twice for one call: same answer, no second reservation.
        let secs = (expires - created - RESERVATION_SLACK_MS) / 1000;
        return Ok(AuthorizeResponse {
            allowed: true,
            max_duration_seconds: secs,
            reason: None,
        });
    }
    let Some(party) = find_party(&mut tx, &req.direction, &req.from, &req.to, now).await? else {
        return Ok(refuse("unknown_number"));
    };
    if party.suspended {
        return Ok(refuse("account_suspended"));
    }
    let Some(dest) = party.destination.as_ref().filter(|d| d.active) else {
        return Ok(refuse("no_rate"));
    };
    let rate = rate_for(dest, &req.direction);
    let (pkg_total, pkg_free) = if req.direction == "outbound" {
        (party.package_seconds, party.free_package_seconds())
    } else {
        (0, 0)
    };
    let (balance, reserved) = (party.balance, party.reserved);
    let max = max_duration(
        balance - reserved,
        rate,
        dest.increments,
        pkg_free,
        MAX_CALL_SECONDS,
    );
    if max == 0 {
        return Ok(refuse("insufficient_funds"));
    }
    let charge = rate_call(max, rate, dest.increments, pkg_free);
    // Re-checked in the same statement that reserves: a call authorized meanwhile
    // elsewhere makes this match nothing instead of overspending.
    let reserved_ok = sqlx::query(
        "UPDATE users SET reserved_micros = reserved_micros + $1, reserved_package_seconds = reserved_package_seconds + $2 \
         WHERE id = $3 AND balance_micros - reserved_micros >= $1 AND reserved_package_seconds + $2 <= $4",
    )
    .bind(charge.cost)
    .bind(charge.package_seconds)
    .bind(party.user_id)
    .bind(pkg_total)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    if !reserved_ok {
        return Ok(refuse("insufficient_funds"));
    }
    sqlx::query(
        "INSERT INTO call_reservations (call_id, user_id, amount_micros, package_seconds, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&req.call_id)
    .bind(party.user_id)
    .bind(charge.cost)
    .bind(charge.package_seconds)
    .bind(now)
    .bind(now + max * 1000 + RESERVATION_SLACK_MS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(AuthorizeResponse {
        allowed: true,
        max_duration_seconds: max,
        reason: None,
    })
}

/// Gives back what a reservation held (the CDR arrived, or it timed out).
pub async fn release(conn: &mut AnyConnection, call_id: &str) -> Result<Option<i64>> {
    let held = sqlx::query("DELETE FROM call_reservations WHERE call_id = $1 RETURNING user_id, amount_micros, package_seconds")
        .bind(call_id)
        .fetch_optional(&mut *conn)
        .await?;
    let Some(held) = held else { return Ok(None) };
    let user_id: i64 = held.try_get("user_id")?;
    sqlx::query("UPDATE users SET reserved_micros = reserved_micros - $1, reserved_package_seconds = reserved_package_seconds - $2 WHERE id = $3")
        .bind(held.try_get::<i64, _>("amount_micros")?)
        .bind(held.try_get::<i64, _>("package_seconds")?)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(Some(user_id))
}
