//! POST /api/telephony/authorize: may this call proceed, and for how long? The
//! answer reserves what the longest allowed call would cost, so calls running at the
//! same time can never together spend more than the balance plus package minutes.

mod plan;

use super::destination::Destination;
use super::repo;
use super::repo::charge::Ahead;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::state::AppState;
use dialtone_core::call::{self, Direction, Refusal};
use dialtone_core::phone;
use plan::{plan, Plan};
use serde::{Deserialize, Serialize};

pub use dialtone_core::call::authorize::{MAX_CALL_SECONDS, RESERVATION_SLACK_MS};

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
    /// an active number of the device's own account, or the call is refused (or, where
    /// the account chose it, goes out with the device's configured caller ID: the
    /// answer's `callerId`).
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
    /// trial_restricted, caller_id_not_yours, destination_not_allowed, no_rate or
    /// insufficient_funds; null when allowed.
    pub reason: Option<String>,
    /// The SIP status the switch answers a refused call with (402 no funds, 403 not
    /// allowed, 404 no such destination); absent when allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sip_status: Option<u16>,
    /// The reason phrase of that SIP answer, in plain words (core's `Refusal::phrase`);
    /// absent when allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sip_reason: Option<&'static str>,
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
    /// For an allowed call from a SIP device whose caller ID was not one of the
    /// account's numbers: the caller ID the call goes out with, the number it sent where
    /// the account verified it holds it, else the device's configured one where the
    /// account chose to replace. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caller_id: Option<String>,
    /// With a verified outside `callerId`: the account's own number the call is
    /// recorded and billed as (the device's configured caller ID).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub billed_as: Option<String>,
    /// With `callerId`: the STIR/SHAKEN attestation the carrier gets, "A" for the
    /// account's own number, "B" for a verified outside one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, example = "B")]
    pub attestation: Option<dialtone_core::sip::Attestation>,
    /// For an allowed call from a SIP device or an IVR leg, where Dialtone has a
    /// STIR/SHAKEN key: the Identity header the carrier gets (RFC 8224), a PASSporT
    /// signed for the caller ID shown (`callerId`, else `from`), `to` and the
    /// attestation. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub identity: Option<String>,
}

fn refuse(refusal: Refusal) -> AuthorizeResponse {
    AuthorizeResponse {
        allowed: false,
        max_duration_seconds: 0,
        reason: Some(refusal.code().into()),
        sip_status: Some(refusal.sip().0),
        sip_reason: Some(refusal.phrase()),
        ring_devices: Vec::new(),
        forward_to: None,
        ivr: None,
        ivr_ticket: None,
        caller_id: None,
        billed_as: None,
        attestation: None,
        identity: None,
    }
}

fn allow(max_duration_seconds: i64) -> AuthorizeResponse {
    AuthorizeResponse {
        allowed: true,
        max_duration_seconds,
        reason: None,
        sip_status: None,
        sip_reason: None,
        ring_devices: Vec::new(),
        forward_to: None,
        ivr: None,
        ivr_ticket: None,
        caller_id: None,
        billed_as: None,
        attestation: None,
        identity: None,
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
    /// The countries the owner may call (None: core's default set) and the
    /// administrator's high-risk prefixes: geo permissions, read with the rest.
    pub voice_countries: Option<String>,
    pub high_risk: Option<String>,
    /// The owner's spend and rate limits in force, and what it spent this UTC day.
    pub caps: dialtone_core::caps::Caps,
    pub spent_today: i64,
}

impl Party {
    /// What the party has, as core's decisions read it.
    pub fn funds(&self) -> dialtone_core::call::authorize::Funds {
        dialtone_core::call::authorize::Funds {
            balance: self.balance,
            reserved: self.reserved,
            package_seconds: self.package_seconds,
            reserved_package_seconds: self.reserved_package_seconds,
        }
    }

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
    if let Some(answer) = shown_leg(state, req).await? {
        return Ok(answer);
    }
    let answer = decide(state, req).await?;
    let fix = match (&answer.reason, &req.device) {
        (Some(refused), Some(device)) => caller_id_fix(state, refused, &req.from, device).await?,
        _ => None,
    };
    let Some(fix) = fix else {
        return Ok(answer);
    };
    // Asked again as the device's own number, checked as any caller ID is: the call is
    // billed as that number, and the carrier shows what core chose.
    let again = AuthorizeRequest {
        from: fix.bill_as.clone(),
        ..req.clone()
    };
    let mut answer = decide(state, &again).await?;
    if answer.allowed {
        answer.billed_as = (fix.shown != fix.bill_as).then_some(fix.bill_as);
        answer.caller_id = Some(fix.shown);
        answer.attestation = Some(fix.attestation);
    }
    Ok(answer)
}

/// An IVR leg (a TwiML Dial) that shows an outside number its account verified: its
/// ticket names the account's number it is billed as, and only Dialtone makes one. It
/// is asked again as that number; allowed, the carrier sees the verified number,
/// signed with attestation B, as a device's verified caller ID is. None for any other
/// call (a ticket that does not verify is refused by `decide`, as a forged one is).
async fn shown_leg(state: &AppState, req: &AuthorizeRequest) -> Result<Option<AuthorizeResponse>> {
    use crate::voice::ivr_endpoint::ticket;
    let Some(presented) = req.ivr_leg.as_deref().filter(|t| t.contains(' ')) else {
        return Ok(None);
    };
    let secret = &state.config.switch_token;
    let Some(billed) =
        ticket::verify_leg_shown(secret, &req.call_id, &req.from, &req.to, presented)
    else {
        return Ok(None);
    };
    let again = AuthorizeRequest {
        from: billed.clone(),
        ivr_leg: Some(ticket::sign_leg(secret, &req.call_id, &billed, &req.to)),
        ..req.clone()
    };
    let mut answer = decide(state, &again).await?;
    if answer.allowed {
        answer.billed_as = Some(billed);
        answer.caller_id = Some(req.from.clone());
        answer.attestation = Some(dialtone_core::sip::Attestation::B);
    }
    Ok(Some(answer))
}

/// How a device's refused call goes out after all (core decides), read only for a
/// refusal for its caller ID: the number it sent where its account verified it, else
/// the device's configured one where its account chose to replace.
async fn caller_id_fix(
    state: &AppState,
    refused: &str,
    from: &str,
    device: &str,
) -> Result<Option<dialtone_core::sip::CallerIdFix>> {
    if !dialtone_core::sip::refused_for_caller_id(refused) {
        return Ok(None);
    }
    let pool = &state.db.pool;
    let Some(found) = crate::voice::devices::repo::credentials(pool, device, now_ms()).await?
    else {
        return Ok(None);
    };
    let case = dialtone_core::sip::CallerIdCase {
        refused: refused.to_string(),
        sent: from.to_string(),
        sent_verified: crate::trial::repo::is_verified(pool, found.user_id, from).await?,
        configured: Some(found.caller_id),
        replace: found.replace_caller_id,
    };
    Ok(dialtone_core::sip::caller_id_fix(&case))
}

/// The answer to one authorization, for the caller ID it names.
async fn decide(state: &AppState, req: &AuthorizeRequest) -> Result<AuthorizeResponse> {
    let direction = validate(&req.call_id, &req.direction, &req.from, &req.to)?;
    let now = now_ms();
    let deck = super::destination::deck_rate(state, &req.to, now).await?;
    let ahead = if state.call_writes.reads_ahead() {
        // Batched: read on a pooled connection before taking the batch's turn, so
        // that a turn is one round trip, and on this thread rather than the call
        // path's, which then only takes turns. That read misses only the open batch's
        // writes, which are the call path's own (on PostgreSQL other instances' call
        // paths wait for the batch: `batch::lock_call_path`); what they could change
        // makes the call take its turn to read again.
        let mut conn = state.db.readers.acquire().await?;
        let plan = plan(state, req, direction, now, deck.clone(), &mut conn).await;
        conn.done(&plan);
        match plan? {
            Plan::Answer { answer, settled } if settled => {
                super::read_ahead("authorize", "answered");
                return Ok(*answer);
            }
            Plan::Hold(h) if h.settled => Some(h),
            _ => {
                super::read_ahead("authorize", "in_turn");
                None
            }
        }
    } else {
        None
    };
    let (state, req) = (state.clone(), req.clone());
    let lane = state.clone();
    let turn = async move { in_turn(&state, &req, (direction, now, deck), ahead).await };
    lane.call_writes.run(turn).await
}

/// The call's turn: the write its read ahead planned, or its read and write.
async fn in_turn(
    state: &AppState,
    req: &AuthorizeRequest,
    (direction, now, deck): (Direction, i64, Option<Destination>),
    ahead: Option<Box<plan::Hold>>,
) -> Result<AuthorizeResponse> {
    let (writes, db) = (&state.call_writes, &state.db);
    let turn = match ahead {
        Some(h) => {
            match repo::charge::hold_ahead(writes, db, h.reserve.of(req), h.package_total).await? {
                Ahead::Written => {
                    super::read_ahead("authorize", "written");
                    return Ok(h.answer);
                }
                // Stale: nothing was held; read again in a turn.
                Ahead::Stale(turn) => {
                    super::read_ahead("authorize", "stale");
                    turn
                }
            }
        }
        None => None,
    };
    let mut tx = match turn {
        Some(tx) => tx,
        None => writes.begin_call(db).await?,
    };
    let h = match plan(state, req, direction, now, deck, &mut tx).await? {
        Plan::Answer { answer, .. } => return Ok(*answer),
        Plan::Hold(h) => h,
    };
    if h.ringing.is_some() {
        // The webhook is queued with the reservation, all or nothing.
        tx.several_writes(&state.db).await?;
    }
    let (backend, user_id) = (state.db.backend, h.reserve.user_id());
    let reservation = h.reserve.of(req);
    if !repo::charge::hold_and_reserve(&mut tx, backend, reservation, h.package_total).await? {
        return Ok(refuse(Refusal::InsufficientFunds));
    }
    if let Some((url, sid, number_id)) = &h.ringing {
        let event = crate::webhooks::events::CallEvent {
            number_id: *number_id,
            user_id,
            sip_call_id: &req.call_id,
            direction: &req.direction,
            from: &req.from,
            to: &req.to,
        };
        crate::webhooks::events::ringing_to(&mut tx, url, sid, &event).await?;
    }
    tx.commit().await?;
    Ok(h.answer)
}
