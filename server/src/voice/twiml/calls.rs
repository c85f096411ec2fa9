//! The Calls API's calls: one of the account's numbers calls a destination through the
//! switch and runs TwiML when answered (`ivr_endpoint::originate`). A request retried
//! with the same Idempotency-Key places one call.

use super::repo::{self, ApiCall};
use super::TwimlCall;
use crate::db::now_ms;
use crate::state::AppState;
use crate::voice::ivr_endpoint::originate::{self, First, Originate};

/// A call to place, checked by the caller (the Twilio adapter).
pub struct PlaceCall {
    pub owner_id: i64,
    pub account_sid: String,
    pub from: String,
    pub to: String,
    pub first: First,
    pub ring_seconds: u32,
    pub status_callback: Option<String>,
    pub idempotency_key: Option<String>,
    /// Record the whole call from its answer.
    pub record: bool,
}

#[derive(Debug)]
pub enum PlaceError {
    /// From is neither an active number of the account's nor one it verified.
    NotYourNumber,
    /// This instance runs no IVR endpoint, or knows no switch.
    NoEndpoint,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for PlaceError {
    fn from(e: sqlx::Error) -> Self {
        PlaceError::Db(e)
    }
}

/// The number a call from `from` is placed and billed as: `from` itself when it is an
/// active number of `owner`; the account's first number when `from` is an outside
/// number the account verified (shown to the callee, signed with attestation B), with
/// that number as `billed`.
async fn calling_number(
    pool: &sqlx::AnyPool,
    owner: i64,
    from: &str,
) -> Result<(i64, Option<String>), PlaceError> {
    if let Some(id) = repo::active_number(pool, owner, from).await? {
        return Ok((id, None));
    }
    if !crate::trial::repo::is_verified(pool, owner, from).await? {
        return Err(PlaceError::NotYourNumber);
    }
    let own = crate::numbers::repo::first_active_number(pool, owner)
        .await?
        .ok_or(PlaceError::NotYourNumber)?;
    let id = repo::active_number(pool, owner, &own)
        .await?
        .ok_or(PlaceError::NotYourNumber)?;
    Ok((id, Some(own)))
}

/// Records the call and places it; the call as recorded (the first one, for a key
/// used before).
pub async fn place(state: &AppState, p: PlaceCall) -> Result<ApiCall, PlaceError> {
    let pool = &state.db.pool;
    if let Some(key) = &p.idempotency_key {
        if let Some(done) = repo::api_call_by_key(pool, p.owner_id, key).await? {
            return Ok(done);
        }
    }
    let (number_id, billed) = calling_number(pool, p.owner_id, &p.from).await?;
    let call_id = format!("{}@dialtone-api", crate::infra::security::random_token());
    let now = now_ms();
    let row = ApiCall {
        sid: crate::webhooks::call_sid(&call_id),
        user_id: p.owner_id,
        call_id: call_id.clone(),
        from_number: p.from.clone(),
        to_number: p.to.clone(),
        status: "queued".into(),
        direction: "outbound-api".into(),
        created_at: now,
        updated_at: now,
    };
    if !repo::insert_api_call(pool, &row, p.idempotency_key.as_deref()).await? {
        // The same key, at the same moment: the other request's call.
        let key = p.idempotency_key.as_deref().unwrap_or_default();
        return repo::api_call_by_key(pool, p.owner_id, key)
            .await?
            .ok_or(PlaceError::NoEndpoint);
    }
    let o = Originate {
        call_id,
        call: TwimlCall {
            account_sid: p.account_sid,
            owner_id: p.owner_id,
            call_sid: row.sid.clone(),
            from: p.from,
            to: p.to,
            direction: "outbound-api",
        },
        number_id,
        first: p.first,
        ring_seconds: p.ring_seconds,
        status_callback: p.status_callback,
        record: p.record,
        billed,
    };
    if !originate::place(state, o) {
        repo::set_api_call_status(pool, &row.sid, "failed", now_ms()).await?;
        return Err(PlaceError::NoEndpoint);
    }
    Ok(row)
}
