//! POST /api/telephony/authorize: may this call proceed, and for how long? The
//! answer reserves what the longest allowed call would cost, so calls running at the
//! same time can never together spend more than the balance plus package minutes.

use super::destination::Destination;
use super::repo;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::state::AppState;
use dialtone_core::call::{self, Direction};
use dialtone_core::phone;
use dialtone_core::rating::{max_duration, max_duration_forwarded, rate_call, Increments};
use dialtone_core::sip::{RouteChoice, RouteInput};
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

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
    /// For calls from a SIP device: its username. The caller ID `from` must then be
    /// an active number of the device's own account, or the call is refused.
    #[serde(default)]
    pub device: Option<String>,
    /// For the second leg of an IVR flow's forward (the IVR endpoint's own call from
    /// the flow's number): the ticket from its X-Dialtone-Ivr-Leg header. A ticket that
    /// is not Dialtone's refuses the call.
    #[serde(default)]
    pub ivr_leg: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorizeResponse {
    pub allowed: bool,
    /// The longest the call may last (0 when refused).
    pub max_duration_seconds: i64,
    /// Why it was refused: call_already_ended, unknown_number, account_suspended,
    /// trial_restricted, caller_id_not_yours, no_rate or insufficient_funds; null when
    /// allowed.
    pub reason: Option<String>,
    /// The SIP status the switch answers a refused call with (402 no funds, 403 not
    /// allowed, 404 no such destination); absent when allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sip_status: Option<u16>,
    /// For an allowed inbound call: the SIP devices (usernames) of the number's owner
    /// the switch rings, all at once. Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ring_devices: Vec<String>,
    /// For an allowed inbound call to a number its owner forwards: the E.164 number the
    /// switch calls instead of ringing devices. That second leg is an outbound call the
    /// switch authorizes on its own (from the forwarded number), billed to the owner.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forward_to: Option<String>,
    /// For an allowed inbound call to a number routed to an IVR flow: Dialtone's IVR
    /// endpoint (SIP over UDP, host:port) that the switch relays the call to instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ivr: Option<String>,
    /// With `ivr`: what the switch passes in X-Dialtone-Ticket (beside the paid time in
    /// X-Dialtone-Max-Duration) so that the endpoint knows the call was authorized.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ivr_ticket: Option<String>,
}

fn refuse(reason: &str) -> AuthorizeResponse {
    AuthorizeResponse {
        allowed: false,
        max_duration_seconds: 0,
        reason: Some(reason.into()),
        sip_status: Some(dialtone_core::sip::refusal_status(reason).0),
        ring_devices: Vec::new(),
        forward_to: None,
        ivr: None,
        ivr_ticket: None,
    }
}

fn allow(max_duration_seconds: i64) -> AuthorizeResponse {
    AuthorizeResponse {
        allowed: true,
        max_duration_seconds,
        reason: None,
        sip_status: None,
        ring_devices: Vec::new(),
        forward_to: None,
        ivr: None,
        ivr_ticket: None,
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
    /// Whether the owner's free trial restricts where the call may go.
    pub in_trial: bool,
}

impl Party {
    /// Package seconds no call in progress has reserved.
    pub fn free_package_seconds(&self) -> i64 {
        (self.package_seconds - self.reserved_package_seconds).max(0)
    }
}

/// Checks a call's identity and returns its direction (core's closed set).
pub fn validate(call_id: &str, direction: &str, from: &str, to: &str) -> Result<Direction> {
    let mut errors = dialtone_core::FieldErrors::new();
    if call_id.trim().is_empty() || call_id.len() > 128 {
        errors.insert(
            "callId".into(),
            "callId is required (at most 128 characters)".into(),
        );
    }
    let parsed = Direction::parse(direction);
    if parsed.is_none() {
        errors.insert("direction".into(), call::DIRECTION_MESSAGE.into());
    }
    for (field, n) in [("from", from), ("to", to)] {
        if !phone::is_e164(n) {
            errors.insert(field.into(), phone::E164_MESSAGE.into());
        }
    }
    Error::check(errors)?;
    Ok(parsed.unwrap_or(Direction::Outbound))
}

pub use super::repo::find_party;

pub fn rate_for(d: &Destination, direction: Direction) -> i64 {
    match direction {
        Direction::Outbound => d.outbound,
        Direction::Inbound => d.inbound,
    }
}

pub async fn authorize(state: &AppState, req: &AuthorizeRequest) -> Result<AuthorizeResponse> {
    let (state, req) = (state.clone(), req.clone());
    let lane = state.clone();
    lane.call_writes
        .run(&lane.db, async move { authorize_now(&state, &req).await })
        .await
}

async fn authorize_now(state: &AppState, req: &AuthorizeRequest) -> Result<AuthorizeResponse> {
    let direction = validate(&req.call_id, &req.direction, &req.from, &req.to)?;
    let now = now_ms();
    let deck = super::destination::deck_rate(state, &req.to, now).await?;
    let mut tx = state.call_writes.begin_call(&state.db).await?;
    // The number's customer and what this call already left, in one read.
    let found = repo::find_call(&mut tx, direction, &req.from, &req.to, now, &req.call_id).await?;
    let Some((mut party, facts)) = found else {
        // No active number: the call's own state still answers first.
        let (done, held_created, held_expires) = repo::call_state(&mut *tx, &req.call_id).await?;
        return Ok(match (done, held_created, held_expires) {
            (1.., _, _) => refuse("call_already_ended"),
            (_, Some(created), Some(expires)) => {
                allow((expires - created - RESERVATION_SLACK_MS) / 1000)
            }
            _ => refuse("unknown_number"),
        });
    };
    if facts.stored.is_some() {
        return Ok(refuse("call_already_ended"));
    }
    if let Some(held) = &facts.held {
        // The switch asked twice for one call: same answer, no second reservation.
        return Ok(allow(
            (held.expires_at - held.created_at - RESERVATION_SLACK_MS) / 1000,
        ));
    }
    party.destination = deck.or(party.destination.take());
    if let Some(device) = &req.device {
        // A device calls as its own account: a caller ID that is now someone else's
        // number (released and bought again) must not bill that someone.
        let owner = crate::sip::repo::owner_of(&mut *tx, device).await?;
        let outbound = direction == Direction::Outbound;
        if let Err(reason) = dialtone_core::sip::device_may_call(outbound, owner, party.user_id) {
            return Ok(refuse(reason));
        }
    }
    if let Some(ticket) = &req.ivr_leg {
        let secret = &state.config.switch_token;
        let ours =
            crate::ivr::media::ticket::verify_leg(secret, &req.call_id, &req.from, &req.to, ticket);
        if direction != Direction::Outbound || !ours {
            return Ok(refuse("caller_id_not_yours"));
        }
    }
    if party.suspended {
        return Ok(refuse("account_suspended"));
    }
    if party.in_trial {
        // Trial credit reaches only numbers the user verified (outbound); an inbound
        // call to a trial account's number is billed like any other.
        let verified = direction == Direction::Inbound
            || crate::trial::account::is_verified(&mut tx, party.user_id, &req.to).await?;
        if dialtone_core::trial::check_destination(true, verified).is_err() {
            return Ok(refuse("trial_restricted"));
        }
    }
    let Some(dest) = party.destination.as_ref().filter(|d| d.active) else {
        return Ok(refuse("no_rate"));
    };
    let rate = rate_for(dest, direction);
    let (pkg_total, pkg_free) = if direction.uses_packages() {
        (party.package_seconds, party.free_package_seconds())
    } else {
        (0, 0)
    };
    let (balance, reserved) = (party.balance, party.reserved);
    // A number routed to a flow is answered by the IVR endpoint, not rung or forwarded.
    let ivr = match (direction, &state.config.ivr_sip_addr) {
        (Direction::Inbound, Some(addr)) if facts.ivr_flow => Some(addr.clone()),
        _ => None,
    };
    let (choice, forward_leg) = match direction {
        Direction::Inbound if ivr.is_none() => {
            inbound_route(&mut tx, &party, &facts, &req.to, now).await?
        }
        _ => (None, None),
    };
    let max = match forward_leg {
        // Both legs at once: the inbound one holds only its share of the funds.
        Some(out) => max_duration_forwarded(
            balance - reserved,
            (rate, dest.increments),
            out,
            MAX_CALL_SECONDS,
        ),
        None => max_duration(
            balance - reserved,
            rate,
            dest.increments,
            pkg_free,
            MAX_CALL_SECONDS,
        ),
    };
    if max == 0 {
        return Ok(refuse("insufficient_funds"));
    }
    let charge = rate_call(max, rate, dest.increments, pkg_free);
    let reservation = repo::Reservation {
        call_id: &req.call_id,
        user_id: party.user_id,
        amount_micros: charge.cost,
        package_seconds: charge.package_seconds,
        created_at: now,
        expires_at: now + max * 1000 + RESERVATION_SLACK_MS,
        direction: &req.direction,
        from: &req.from,
        to: &req.to,
        rate_micros: rate,
        increments: dest.increments,
    };
    // Re-checked in the same statement that reserves: a call authorized meanwhile
    // elsewhere makes this match nothing instead of overspending.
    let ringing = match (direction, &facts.voice_url, &facts.account_sid) {
        (Direction::Inbound, Some(url), Some(sid)) => Some((url, sid)),
        _ => None,
    };
    if ringing.is_some() {
        // The webhook is queued with the reservation, all or nothing.
        tx.several_writes(&state.db).await?;
    }
    let backend = state.db.backend;
    if !repo::charge::hold_and_reserve(&mut tx, backend, reservation, pkg_total).await? {
        return Ok(refuse("insufficient_funds"));
    }
    if let Some((url, sid)) = ringing {
        let event = crate::twilio::callbacks::CallEvent {
            number_id: party.number_id,
            user_id: party.user_id,
            sip_call_id: &req.call_id,
            direction: &req.direction,
            from: &req.from,
            to: &req.to,
        };
        crate::twilio::callbacks::ringing_to(&mut tx, url, sid, &event).await?;
    }
    tx.commit().await?;
    let mut answer = allow(max);
    if let Some(addr) = ivr {
        let secret = &state.config.switch_token;
        answer.ivr_ticket = Some(crate::ivr::media::ticket::sign(
            secret,
            &req.call_id,
            &req.to,
            max,
        ));
        answer.ivr = Some(addr);
    }
    match choice {
        Some(RouteChoice::Forward { to }) => answer.forward_to = Some(to),
        Some(RouteChoice::Ring { devices }) => answer.ring_devices = devices,
        None => {}
    }
    Ok(answer)
}

/// Where an inbound call to the party's number goes (core's route choice) and, when it
/// is forwarded, the outbound rate of the second leg (None when that destination has no
/// active rate: the switch's own authorization of the leg then refuses it).
async fn inbound_route(
    conn: &mut AnyConnection,
    party: &Party,
    facts: &repo::CallFacts,
    number: &str,
    now: i64,
) -> Result<(Option<RouteChoice>, Option<(i64, Increments)>)> {
    let forwarded = facts.forward_to.as_deref().is_some_and(|t| !t.is_empty());
    // Devices are read only when the call may ring them.
    let devices = if facts.has_devices && !forwarded {
        crate::sip::repo::route_devices(&mut *conn, party.user_id, party.number_id).await?
    } else {
        Vec::new()
    };
    let route = RouteInput {
        forward_to: facts.forward_to.clone(),
        devices,
    };
    let choice = dialtone_core::sip::route_choice(&route);
    let leg = match &choice {
        RouteChoice::Forward { to } => find_party(&mut *conn, Direction::Outbound, number, to, now)
            .await?
            .and_then(|p| p.destination)
            .filter(|d| d.active)
            .map(|d| (d.outbound, d.increments)),
        RouteChoice::Ring { .. } => None,
    };
    Ok((Some(choice), leg))
}
