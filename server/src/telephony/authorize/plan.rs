//! What an authorization's read decides (`plan`): an answer, or a reservation to
//! hold with the answer it gives, whether read in the writer's turn or before it.

use super::{allow, find_party, rate_for, refuse, AuthorizeRequest, AuthorizeResponse, Party};
use super::{MAX_CALL_SECONDS, RESERVATION_SLACK_MS};
use crate::error::Result;
use crate::state::AppState;
use crate::telephony::destination::Destination;
use crate::telephony::repo;
use dialtone_core::call::Direction;
use dialtone_core::rating::{max_duration, max_duration_forwarded, rate_call, Increments};
use dialtone_core::sip::{RouteChoice, RouteInput};
use sqlx::AnyConnection;

/// What a call's read decided: an answer, or a reservation to hold first.
pub(super) enum Plan {
    /// `settled` when no write of the call path can change it (see `authorize`).
    Answer {
        answer: AuthorizeResponse,
        settled: bool,
    },
    Hold(Box<Hold>),
}

pub(super) struct Hold {
    /// What the reservation holds; the call's own fields come from its request.
    pub reserve: Reserve,
    pub package_total: i64,
    /// The inbound call's webhook, queued with the reservation.
    pub ringing: Option<(String, String, i64)>,
    pub answer: AuthorizeResponse,
    /// A fresh read would reserve the same: the call gets the longest duration,
    /// without package seconds, forward or webhook, so only the balance could differ,
    /// and the hold re-checks that it covers the reservation.
    pub settled: bool,
}

/// A reservation's figures, apart from the request it is for (so that a plan read on
/// one thread can be written on the call path's).
pub(super) struct Reserve {
    user_id: i64,
    amount_micros: i64,
    package_seconds: i64,
    created_at: i64,
    expires_at: i64,
    rate_micros: i64,
    increments: Increments,
}

impl Reserve {
    pub fn of<'a>(&self, req: &'a AuthorizeRequest) -> repo::Reservation<'a> {
        repo::Reservation {
            call_id: &req.call_id,
            user_id: self.user_id,
            amount_micros: self.amount_micros,
            package_seconds: self.package_seconds,
            created_at: self.created_at,
            expires_at: self.expires_at,
            direction: &req.direction,
            from: &req.from,
            to: &req.to,
            rate_micros: self.rate_micros,
            increments: self.increments,
        }
    }

    pub fn user_id(&self) -> i64 {
        self.user_id
    }
}

fn answer(answer: AuthorizeResponse, settled: bool) -> Plan {
    Plan::Answer { answer, settled }
}

/// Everything the call's read decides, on `conn`: the writer's turn, or a reader
/// connection before it.
pub(super) async fn plan(
    state: &AppState,
    req: &AuthorizeRequest,
    direction: Direction,
    now: i64,
    deck: Option<Destination>,
    conn: &mut AnyConnection,
) -> Result<Plan> {
    // The number's customer and what this call already left, in one read.
    // Only an inbound call is routed (rung, forwarded, answered by a flow or a webhook).
    let routing = direction == Direction::Inbound;
    let call = (req.from.as_str(), req.to.as_str());
    let read = (routing, deck.is_some());
    let found = repo::find_call(conn, direction, call, now, &req.call_id, read).await?;
    let Some((mut party, facts)) = found else {
        // No active number: the call's own state still answers first.
        let (done, held_created, held_expires) = repo::call_state(&mut *conn, &req.call_id).await?;
        return Ok(match (done, held_created, held_expires) {
            (1.., _, _) => answer(refuse("call_already_ended"), true),
            (_, Some(created), Some(expires)) => answer(
                allow((expires - created - RESERVATION_SLACK_MS) / 1000),
                false,
            ),
            _ => answer(refuse("unknown_number"), true),
        });
    };
    if facts.stored.is_some() {
        return Ok(answer(refuse("call_already_ended"), true));
    }
    if let Some(held) = &facts.held {
        // The switch asked twice for one call: same answer, no second reservation.
        let max = (held.expires_at - held.created_at - RESERVATION_SLACK_MS) / 1000;
        return Ok(answer(allow(max), false));
    }
    party.destination = deck.or(party.destination.take());
    if let Some(device) = &req.device {
        // A device calls as its own account: a caller ID that is now someone else's
        // number (released and bought again) must not bill that someone.
        let owner = crate::sip::repo::owner_of(&mut *conn, device).await?;
        let outbound = direction == Direction::Outbound;
        if let Err(reason) = dialtone_core::sip::device_may_call(outbound, owner, party.user_id) {
            return Ok(answer(refuse(reason), true));
        }
    }
    if let Some(ticket) = &req.ivr_leg {
        let secret = &state.config.switch_token;
        let ours =
            crate::ivr::media::ticket::verify_leg(secret, &req.call_id, &req.from, &req.to, ticket);
        if direction != Direction::Outbound || !ours {
            return Ok(answer(refuse("caller_id_not_yours"), true));
        }
    }
    if party.suspended {
        return Ok(answer(refuse("account_suspended"), true));
    }
    if party.in_trial {
        // Trial credit reaches only numbers the user verified (outbound); an inbound
        // call to a trial account's number is billed like any other.
        let verified = direction == Direction::Inbound
            || crate::trial::account::is_verified(&mut *conn, party.user_id, &req.to).await?;
        if dialtone_core::trial::check_destination(true, verified).is_err() {
            return Ok(answer(refuse("trial_restricted"), true));
        }
    }
    let Some(dest) = party.destination.as_ref().filter(|d| d.active) else {
        return Ok(answer(refuse("no_rate"), true));
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
            inbound_route(&mut *conn, &party, &facts, &req.to, now).await?
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
        // Calls settling meanwhile may have freed funds: not settled.
        return Ok(answer(refuse("insufficient_funds"), false));
    }
    let charge = rate_call(max, rate, dest.increments, pkg_free);
    let reserve = Reserve {
        user_id: party.user_id,
        amount_micros: charge.cost,
        package_seconds: charge.package_seconds,
        created_at: now,
        expires_at: now + max * 1000 + RESERVATION_SLACK_MS,
        rate_micros: rate,
        increments: dest.increments,
    };
    let ringing = match (direction, facts.voice_url, facts.account_sid) {
        (Direction::Inbound, Some(url), Some(sid)) => Some((url, sid, party.number_id)),
        _ => None,
    };
    let settled =
        max == MAX_CALL_SECONDS && pkg_total == 0 && forward_leg.is_none() && ringing.is_none();
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
    Ok(Plan::Hold(Box::new(Hold {
        reserve,
        package_total: pkg_total,
        ringing,
        answer,
        settled,
    })))
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
