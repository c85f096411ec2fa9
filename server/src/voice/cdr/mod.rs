//! POST /api/telephony/cdr: the end of a call. Rating, package minutes, the debit,
//! the release of the reservation and the call record happen in one transaction,
//! once per callId; a replay answers the same result.

mod plan;
mod step_by_step;

use super::authorize::validate;
use super::repo;
use super::repo::charge::Ahead;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::ledger::low_balance::warn_low_balance;
use crate::state::AppState;
use crate::voice::calls::repo as calls;
use dialtone_core::call::{CallStatus, Direction};
use plan::{plan, Plan};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;
use step_by_step::record_step_by_step;

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
    Ok(crate::voice::calls::repo::find_rated(&mut *conn, call_id)
        .await?
        .map(|r| CdrResult {
            call_id: call_id.to_string(),
            billable_seconds: r.billable_seconds,
            package_seconds: r.package_seconds,
            cost_micros: r.cost_micros,
            status: r.status,
        }))
}

/// Records a CDR once. When the same CDR arrives twice at the same moment (two
/// instances, a retrying switch), the loser meets the winner's unique keys: it
/// then answers the stored result, as any replay does.
pub async fn record(state: &AppState, cdr: &Cdr) -> Result<CdrResult> {
    let e = ended(state, cdr).await?;
    let ahead = match read_ahead(state, cdr, &e).await? {
        Ok(done) => return Ok(done),
        Err(ahead) => ahead,
    };
    let (state, cdr) = (state.clone(), cdr.clone());
    let lane = state.clone();
    let turn = async move { record_now(&state, &cdr, &e, ahead).await };
    lane.call_writes.run(turn).await
}

async fn record_now(
    state: &AppState,
    cdr: &Cdr,
    e: &Ended,
    ahead: Option<Box<plan::Settling>>,
) -> Result<CdrResult> {
    let once = match settle_at_once(state, cdr, e, ahead).await {
        Ok(Some(done)) => Ok(done),
        Ok(None) => record_step_by_step(state, cdr, e).await,
        Err(err) => Err(err),
    };
    match once {
        Err(Error::Internal(err))
            if err
                .downcast_ref::<sqlx::Error>()
                .is_some_and(crate::db::is_unique_violation) =>
        {
            let mut conn = state.db.pool.acquire().await?;
            stored(&mut conn, &cdr.call_id)
                .await?
                .ok_or(Error::Internal(err))
        }
        other => other,
    }
}

/// A CDR's validated content.
struct Ended {
    direction: Direction,
    status: CallStatus,
    started: i64,
    answered: Option<i64>,
    ended: i64,
    /// When the CDR was taken.
    now: i64,
    /// The rate deck's destination for the call, when a deck prices it.
    deck: Option<super::destination::Destination>,
}

impl Ended {
    /// Talk time billed: none unless the call was answered.
    fn duration(&self, cdr: &Cdr) -> i64 {
        if self.answered_call() {
            cdr.duration_seconds
        } else {
            0
        }
    }

    fn answered_call(&self) -> bool {
        self.status == CallStatus::Completed && self.answered.is_some()
    }
}

/// Checks a CDR and reads the rate deck in force when the call started.
async fn ended(state: &AppState, cdr: &Cdr) -> Result<Ended> {
    let direction = validate(&cdr.call_id, &cdr.direction, &cdr.from, &cdr.to)?;
    let status = CallStatus::parse(&cdr.status)
        .ok_or_else(|| Error::field("status", dialtone_core::call::STATUS_MESSAGE))?;
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
    Ok(Ended {
        direction,
        status,
        started,
        answered,
        ended,
        now: now_ms(),
        // Rated with the deck in force when the call started.
        deck: super::destination::deck_rate(state, &cdr.to, started).await?,
    })
}

/// Batched, reads the call before its turn, on this thread rather than the call
/// path's (see `authorize`): the stored result of a recorded call, or the settlement
/// to write in the turn when the read could settle it.
async fn read_ahead(
    state: &AppState,
    cdr: &Cdr,
    e: &Ended,
) -> Result<std::result::Result<CdrResult, Option<Box<plan::Settling>>>> {
    if !state.call_writes.reads_ahead() {
        return Ok(Err(None));
    }
    let mut conn = state.db.readers.acquire().await?;
    let plan = plan(&mut conn, cdr, e).await;
    conn.done(&plan);
    Ok(match plan? {
        Plan::Stored(done) => {
            super::read_ahead("cdr", "answered");
            Ok(done)
        }
        Plan::Settle(s) if s.settled => Err(Some(s)),
        _ => {
            super::read_ahead("cdr", "in_turn");
            Err(None)
        }
    })
}

/// The usual CDR in two round trips: one read (`find_call`), then one write
/// (`charge::settle`). Batched, the read came before the call's turn (`ahead`), and
/// the turn is one round trip, unless that read no longer holds there. None when the call needs
/// the step-by-step way; nothing is kept then.
async fn settle_at_once(
    state: &AppState,
    cdr: &Cdr,
    e: &Ended,
    ahead: Option<Box<plan::Settling>>,
) -> Result<Option<CdrResult>> {
    let (writes, db) = (&state.call_writes, &state.db);
    let mut turn = None;
    if let Some(s) = ahead {
        let (description, reference) =
            (describe(e.direction, cdr), format!("call:{}", cdr.call_id));
        let settlement = s.settlement(cdr, e, &description, &reference);
        match repo::charge::settle_ahead(writes, db, settlement, s.threshold).await? {
            Ahead::Written => {
                super::read_ahead("cdr", "written");
                return Ok(Some(s.result(cdr)));
            }
            // Stale: nothing was written; read again in a turn.
            Ahead::Stale(given_back) => {
                super::read_ahead("cdr", "stale");
                turn = given_back;
            }
        }
    }
    let mut tx = match turn {
        Some(tx) => tx,
        None => writes.begin_call(db).await?,
    };
    let s = match plan(&mut tx, cdr, e).await? {
        Plan::Stored(done) => return Ok(Some(done)),
        Plan::LongWay => return Ok(None),
        Plan::Settle(s) => s,
    };
    if s.charge.package_seconds > 0 || s.warn || s.callback.is_some() {
        // Writes beside the settlement: all of them or none.
        tx.several_writes(&state.db).await?;
    }
    crate::packages::repo::consume_seconds(&mut tx, s.user_id, s.charge.package_seconds, e.now)
        .await?;
    let (description, reference) = (describe(e.direction, cdr), format!("call:{}", cdr.call_id));
    let settlement = s.settlement(cdr, e, &description, &reference);
    if !repo::charge::settle(&mut tx, state.db.backend, settlement).await? {
        return Ok(None); // rolled back when `tx` drops
    }
    if s.warn {
        warn_low_balance(&mut tx, s.user_id).await?;
    }
    if let Some((url, sid)) = &s.callback {
        let event = call_event(cdr, s.user_id, s.number_id);
        let duration = e.duration(cdr);
        crate::webhooks::events::ended_to(&mut tx, url, sid, &event, &cdr.status, duration).await?;
    }
    tx.commit().await?;
    Ok(Some(s.result(cdr)))
}

/// A CDR that names another call's id gets 409: it cannot charge or free another
/// customer's reservation.
fn check_matches(call_id: &str, held: &repo::facts::HeldCall, cdr: &Cdr) -> Result<()> {
    // Reservations made before these columns existed have them empty.
    if held.direction.is_empty()
        || (held.direction == cdr.direction && held.from == cdr.from && held.to == cdr.to)
    {
        return Ok(());
    }
    tracing::warn!(%call_id, reserved_for = ?(&held.direction, &held.from, &held.to), cdr.direction, cdr.from, cdr.to, "CDR does not match its authorization; refused");
    Err(Error::Conflict(
        "This CDR does not match the call that was authorized with this callId".into(),
    ))
}

fn describe(direction: Direction, cdr: &Cdr) -> String {
    format!(
        "{} call {} {}",
        cap(direction.as_str()),
        if direction == Direction::Outbound {
            "to"
        } else {
            "from"
        },
        direction.other_party(&cdr.from, &cdr.to)
    )
}

fn call_event<'a>(
    cdr: &'a Cdr,
    user_id: i64,
    number_id: i64,
) -> crate::webhooks::events::CallEvent<'a> {
    crate::webhooks::events::CallEvent {
        number_id,
        user_id,
        sip_call_id: &cdr.call_id,
        direction: &cdr.direction,
        from: &cdr.from,
        to: &cdr.to,
    }
}

#[allow(clippy::too_many_arguments)]
fn new_call<'a>(
    cdr: &'a Cdr,
    e: &Ended,
    user_id: i64,
    number_id: Option<i64>,
    country_id: Option<i64>,
    charge: &dialtone_core::rating::CallCharge,
    cost: i64,
    shortfall: i64,
) -> calls::NewCall<'a> {
    calls::NewCall {
        call_id: &cdr.call_id,
        user_id,
        number_id,
        direction: &cdr.direction,
        from: &cdr.from,
        to: &cdr.to,
        country_id,
        started_at: e.started,
        answered_at: e.answered,
        ended_at: e.ended,
        duration_seconds: e.duration(cdr),
        billable_seconds: charge.billable_seconds,
        package_seconds: charge.package_seconds,
        cost_micros: cost,
        status: &cdr.status,
        recording: cdr.recording,
        created_at: e.now,
        shortfall_micros: shortfall,
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
