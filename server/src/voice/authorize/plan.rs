//! What an authorization's read decides (`plan`): the facts read in one go, core's
//! decision over them (`dialtone_core::call::authorize`), and what that decision holds
//! and answers, whether read in the writer's turn or before it.

use super::{allow, find_party, rate_for, refuse, AuthorizeRequest, AuthorizeResponse, Party};
use crate::error::Result;
use crate::state::AppState;
use crate::voice::destination::Destination;
use crate::voice::repo;
use dialtone_core::call::authorize::{self as core, Earlier, Rate, Route};
use dialtone_core::call::{Authorization, Direction};
use dialtone_core::permissions as geo;
use dialtone_core::sip::{RouteChoice, RouteInput};
use sqlx::AnyConnection;

/// What a call's read decided: an answer, or a reservation to hold first.
pub(super) enum Plan {
    /// `settled` when no write of the call path can change it (see `authorize`).
    Answer {
        answer: Box<AuthorizeResponse>,
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
    /// A fresh read would reserve the same (core's `Hold::stable`); the hold re-checks
    /// that the balance covers the reservation.
    pub settled: bool,
}

/// A reservation's figures, apart from the request it is for (so that a plan read on
/// one thread can be written on the call path's).
pub(super) struct Reserve {
    user_id: i64,
    hold: core::Hold,
    created_at: i64,
    limits: repo::HoldLimits,
}

impl Reserve {
    pub fn of<'a>(&self, req: &'a AuthorizeRequest) -> repo::Reservation<'a> {
        repo::Reservation {
            call_id: &req.call_id,
            user_id: self.user_id,
            amount_micros: self.hold.amount,
            package_seconds: self.hold.package_seconds,
            created_at: self.created_at,
            expires_at: self.hold.expires_at_ms,
            direction: &req.direction,
            from: &req.from,
            to: &req.to,
            rate_micros: self.hold.rate.per_minute,
            increments: self.hold.rate.increments,
            limits: self.limits,
        }
    }

    pub fn user_id(&self) -> i64 {
        self.user_id
    }
}

/// The facts core decides on, and what the server keeps beside them to answer with.
struct Read {
    facts: core::CallFacts,
    party: Option<Party>,
    ivr: Option<String>,
    choice: Option<RouteChoice>,
    ringing: Option<(String, String, i64)>,
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
    let read = read(state, req, direction, now, deck, conn).await?;
    let decision = dialtone_core::call::authorize(&read.facts);
    Ok(planned(state, req, read, decision))
}

/// The call's facts: what it already left, its party and the party's route.
async fn read(
    state: &AppState,
    req: &AuthorizeRequest,
    direction: Direction,
    now: i64,
    deck: Option<Destination>,
    conn: &mut AnyConnection,
) -> Result<Read> {
    // The number's customer and what this call already left, in one read.
    // Only an inbound call is routed (rung, forwarded, answered by a flow or a webhook).
    let guards = state.config.call_guards;
    // The dialled number's plan facts, from one parse: its region rates +1 calls, its
    // kind and country are the guards'.
    let dialled =
        (direction == Direction::Outbound).then(|| crate::infra::numbering::facts(&req.to));
    let settings = match guards {
        true => Some(state.guard_settings.get(&mut *conn).await?),
        false => None,
    };
    let reading = repo::Reading {
        routing: direction == Direction::Inbound,
        priced: deck.is_some(),
        guards,
        dialled: dialled.as_ref(),
        settings: settings.as_deref(),
    };
    let call = (req.from.as_str(), req.to.as_str());
    let found = repo::find_call(conn, direction, call, now, &req.call_id, reading).await?;
    let mut facts = core::CallFacts {
        direction,
        now_ms: now,
        from_device: req.device.is_some(),
        ..Default::default()
    };
    let mut read = Read {
        facts: Default::default(),
        party: None,
        ivr: None,
        choice: None,
        ringing: None,
    };
    let Some((mut party, call_facts)) = found else {
        // No active number: the call's own state still answers first.
        facts.earlier = earlier_without_party(conn, &req.call_id).await?;
        read.facts = facts;
        return Ok(read);
    };
    facts.earlier = earlier_of(&call_facts);
    if facts.earlier == Earlier::Nothing {
        // The destination's kind and country (one parse of the number), and the
        // administrator's high-risk prefixes.
        let dialled = dialled.filter(|_| guards);
        facts.blocked_destination = dialled.as_ref().is_some_and(|d| {
            d.allowed(&req.to).is_err() || geo::high_risk(&req.to, party.high_risk.as_deref())
        });
        party.destination = deck.or(party.destination.take());
        if !guards {
            // The benchmark's comparison only (`Config::call_guards`): no limits, in
            // core's decision nor in the reservation's re-check.
            party.caps = Default::default();
        }
        let country = dialled.map(|d| d.country);
        let mut party_facts = party_facts(state, req, direction, &party, country, conn).await?;
        party_facts.usage = dialtone_core::caps::Usage {
            spent_today: party.spent_today,
            live_calls: call_facts.live_calls,
            calls_last_second: call_facts.calls_last_second,
        };
        let ask = (state, req, direction, now);
        facts.party = Some(route(ask, &party, call_facts, party_facts, &mut read, conn).await?);
        read.party = Some(party);
    }
    read.facts = facts;
    Ok(read)
}

/// What the call already left (its record, its reservation), read with its party.
fn earlier_of(call_facts: &repo::CallFacts) -> Earlier {
    match (&call_facts.stored, &call_facts.held) {
        (Some(_), _) => Earlier::Ended,
        (None, Some(h)) => Earlier::Held {
            created_at_ms: h.created_at,
            expires_at_ms: h.expires_at,
        },
        (None, None) => Earlier::Nothing,
    }
}

/// What the call already left when its number is no one's active number.
async fn earlier_without_party(conn: &mut AnyConnection, call_id: &str) -> Result<Earlier> {
    Ok(match repo::call_state(&mut *conn, call_id).await? {
        (1.., _, _) => Earlier::Ended,
        (_, Some(created_at_ms), Some(expires_at_ms)) => Earlier::Held {
            created_at_ms,
            expires_at_ms,
        },
        _ => Earlier::Nothing,
    })
}

/// Who pays and whether they may: the device's owner, the IVR leg's ticket, the trial.
async fn party_facts(
    state: &AppState,
    req: &AuthorizeRequest,
    direction: Direction,
    party: &Party,
    country: Option<Option<String>>,
    conn: &mut AnyConnection,
) -> Result<core::Party> {
    let device_owner = match &req.device {
        Some(device) => crate::voice::devices::repo::owner_of(&mut *conn, device).await?,
        None => None,
    };
    let secret = &state.config.switch_token;
    let ivr_ticket_valid = req.ivr_leg.as_ref().map(|ticket| {
        crate::voice::ivr_endpoint::ticket::verify_leg(
            secret,
            &req.call_id,
            &req.from,
            &req.to,
            ticket,
        )
    });
    // Whether a trial account calls a number it verified: read for outbound calls only.
    let trial_verified = match (party.in_trial, direction) {
        (false, _) => None,
        (true, Direction::Inbound) => Some(false),
        (true, Direction::Outbound) => {
            Some(crate::trial::account::is_verified(&mut *conn, party.user_id, &req.to).await?)
        }
    };
    let rate = party
        .destination
        .as_ref()
        .filter(|d| d.active)
        .map(|d| Rate {
            per_minute: rate_for(d, direction),
            increments: d.increments,
        });
    // `country`: the dialled number's, read where the guards apply (outbound).
    let country_permitted = match &country {
        Some(country) => geo::permits(party.voice_countries.as_deref(), country.as_deref()),
        None => true,
    };
    Ok(core::Party {
        country_permitted,
        caps: party.caps,
        usage: Default::default(),
        user_id: party.user_id,
        suspended: party.suspended,
        device_owner,
        ivr_ticket_valid,
        trial_verified,
        rate,
        funds: party.funds(),
        route: Route::Direct,
        ringing_webhook: false,
    })
}

/// Where an inbound call goes (a flow, a forward, devices) and its webhook.
async fn route(
    ask: (&AppState, &AuthorizeRequest, Direction, i64),
    party: &Party,
    facts: repo::CallFacts,
    mut p: core::Party,
    read: &mut Read,
    conn: &mut AnyConnection,
) -> Result<core::Party> {
    let (state, req, direction, now) = ask;
    if direction != Direction::Inbound {
        return Ok(p);
    }
    // A number routed to a flow, or with a VoiceUrl (TwiML), is answered by the IVR
    // endpoint, not rung or forwarded.
    read.ivr = match &state.config.ivr_sip_addr {
        Some(addr) if facts.ivr_flow || facts.voice_url.is_some() => Some(addr.clone()),
        _ => None,
    };
    // The TwiML request tells the VoiceUrl of the call: no ringing webhook besides.
    let twiml = read.ivr.is_some() && !facts.ivr_flow;
    if read.ivr.is_some() {
        p.route = Route::Ivr;
    } else {
        let (choice, leg) = inbound_route(&mut *conn, party, &facts, &req.to, now).await?;
        if let RouteChoice::Forward { .. } = choice {
            p.route = Route::Forward { leg };
        }
        read.choice = Some(choice);
    }
    read.ringing = match (facts.voice_url, facts.account_sid) {
        (Some(url), Some(sid)) if !twiml => Some((url, sid, party.number_id)),
        _ => None,
    };
    p.ringing_webhook = read.ringing.is_some();
    Ok(p)
}

/// What core's decision answers and holds.
fn planned(state: &AppState, req: &AuthorizeRequest, read: Read, decision: Authorization) -> Plan {
    let settled = decision.is_final();
    let h = match decision {
        Authorization::Refuse { refusal } => {
            return Plan::Answer {
                answer: Box::new(refuse(refusal)),
                settled,
            }
        }
        Authorization::Again {
            max_duration_seconds,
        } => {
            return Plan::Answer {
                answer: Box::new(allow(max_duration_seconds)),
                settled,
            }
        }
        Authorization::Hold(h) => h,
    };
    let party = read.party.expect("a hold has a party");
    let mut answer = allow(h.max_duration_seconds);
    if let Some(addr) = read.ivr {
        let secret = &state.config.switch_token;
        let ticket = crate::voice::ivr_endpoint::ticket::sign(
            secret,
            &req.call_id,
            &req.to,
            h.max_duration_seconds,
        );
        answer.ivr_ticket = Some(ticket);
        answer.ivr = Some(addr);
    }
    match read.choice {
        Some(RouteChoice::Forward { to }) => answer.forward_to = Some(to),
        Some(RouteChoice::Ring { devices }) => answer.ring_devices = devices,
        None => {}
    }
    let package_total = match read.facts.direction.uses_packages() {
        true => party.package_seconds,
        false => 0,
    };
    Plan::Hold(Box::new(Hold {
        reserve: Reserve {
            user_id: party.user_id,
            hold: h,
            created_at: read.facts.now_ms,
            limits: repo::HoldLimits::of(&party.caps, read.facts.direction == Direction::Outbound),
        },
        package_total,
        ringing: read.ringing,
        answer,
        settled,
    }))
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
) -> Result<(RouteChoice, Option<Rate>)> {
    let forwarded = facts.forward_to.as_deref().is_some_and(|t| !t.is_empty());
    // Devices are read only when the call may ring them.
    let devices = if facts.has_devices && !forwarded {
        crate::voice::devices::repo::route_devices(&mut *conn, party.user_id, party.number_id, now)
            .await?
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
            .map(|d| Rate {
                per_minute: d.outbound,
                increments: d.increments,
            }),
        RouteChoice::Ring { .. } => None,
    };
    Ok((choice, leg))
}
