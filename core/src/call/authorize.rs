//! May this call go, and for how long? A pure decision over the facts the server read
//! in one go: the call's own earlier state, the paying party, its rate and its funds.
//! An allowed call holds what its longest allowed length would cost, so calls running
//! at once can never together spend more than the balance plus package minutes.

use super::{Direction, Refusal};
use crate::caps::{Caps, Usage};
use crate::rating::{max_duration, max_duration_forwarded, rate_call, Increments};
use crate::Micros;
use serde::{Deserialize, Serialize};

/// No single call is authorized for more than four hours.
pub const MAX_CALL_SECONDS: i64 = 4 * 3600;
/// A reservation without a CDR is released this long after the call could have ended.
pub const RESERVATION_SLACK_MS: i64 = 10 * 60 * 1000;

/// A per-minute rate with its billing increments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rate {
    #[serde(with = "crate::money::micros_text")]
    pub per_minute: Micros,
    #[serde(default)]
    pub increments: Increments,
}

/// What the switch's earlier requests for this call left.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Earlier {
    #[default]
    Nothing,
    /// Its CDR is recorded.
    Ended,
    /// It holds a reservation already.
    #[serde(rename_all = "camelCase")]
    Held {
        created_at_ms: i64,
        expires_at_ms: i64,
    },
}

/// Where an inbound call to the party's number goes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Route {
    /// Outbound, or an inbound call that rings the owner's devices.
    #[default]
    Direct,
    /// Answered by Dialtone's IVR endpoint.
    Ivr,
    /// Forwarded: a second, outbound leg at `leg` (None when that destination has no
    /// active rate; the switch's own authorization of the leg then refuses it).
    Forward { leg: Option<Rate> },
}

/// What an account has: its balance, what calls in progress hold of it, and its
/// package seconds (all of them, and those calls in progress hold).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Funds {
    #[serde(with = "crate::money::micros_text")]
    pub balance: Micros,
    #[serde(default, with = "crate::money::micros_text")]
    pub reserved: Micros,
    #[serde(default)]
    pub package_seconds: i64,
    #[serde(default)]
    pub reserved_package_seconds: i64,
}

/// The customer who pays for the call, as read with its number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub user_id: i64,
    #[serde(default)]
    pub suspended: bool,
    /// For a device's call: the account that owns the device, if it still exists.
    #[serde(default)]
    pub device_owner: Option<i64>,
    /// For an IVR endpoint's forward leg: whether its ticket is Dialtone's.
    #[serde(default)]
    pub ivr_ticket_valid: Option<bool>,
    /// For an account in its trial: whether the number called is one it verified
    /// (read for outbound calls only).
    #[serde(default)]
    pub trial_verified: Option<bool>,
    /// The active rate for this direction; None when no active rate covers it.
    pub rate: Option<Rate>,
    /// For an outbound call: whether the account's geo permissions reach the country
    /// called (`permissions::permits`).
    #[serde(default = "yes")]
    pub country_permitted: bool,
    /// The account's spend and rate limits (`caps::effective`) and what it has used.
    #[serde(default)]
    pub caps: Caps,
    #[serde(default)]
    pub usage: Usage,
    #[serde(flatten)]
    pub funds: Funds,
    #[serde(default)]
    pub route: Route,
    /// An inbound call whose number notifies a webhook when it rings.
    #[serde(default)]
    pub ringing_webhook: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallFacts {
    pub direction: Direction,
    pub now_ms: i64,
    #[serde(default)]
    pub earlier: Earlier,
    /// The call comes from a SIP device (its caller ID must be its account's number).
    #[serde(default)]
    pub from_device: bool,
    /// The number called is one `phone::destination_allowed` refuses (premium rate,
    /// shared cost, satellite) or in the administrator's high-risk prefixes
    /// (`permissions::high_risk`).
    #[serde(default)]
    pub blocked_destination: bool,
    /// None when neither party is an active number of a customer.
    pub party: Option<Party>,
}

/// What to hold for an allowed call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Hold {
    pub max_duration_seconds: i64,
    #[serde(with = "crate::money::micros_text")]
    pub amount: Micros,
    pub package_seconds: i64,
    pub expires_at_ms: i64,
    pub rate: Rate,
    /// No other call's write could change this hold: the longest call, no package
    /// seconds, forward or webhook, so only the balance could differ (and the write
    /// re-checks that it covers the hold).
    pub stable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "camelCase")]
pub enum Authorization {
    Refuse {
        refusal: Refusal,
    },
    /// The switch asked twice for one call: the same answer, nothing held again.
    #[serde(rename_all = "camelCase")]
    Again {
        max_duration_seconds: i64,
    },
    Hold(Hold),
}

impl Authorization {
    /// Whether no other call's write could change this answer.
    pub fn is_final(&self) -> bool {
        match self {
            Authorization::Refuse { refusal } => refusal.is_final(),
            Authorization::Again { .. } => false,
            Authorization::Hold(h) => h.stable,
        }
    }
}

fn refuse(refusal: Refusal) -> Authorization {
    Authorization::Refuse { refusal }
}

impl Default for Party {
    fn default() -> Party {
        Party {
            user_id: 0,
            suspended: false,
            device_owner: None,
            ivr_ticket_valid: None,
            trial_verified: None,
            rate: None,
            country_permitted: true,
            caps: Caps::default(),
            usage: Usage::default(),
            funds: Funds::default(),
            route: Route::Direct,
            ringing_webhook: false,
        }
    }
}

/// The decision, in this order: the call's earlier state, who pays, whether they may
/// (device, IVR leg, suspension, the destination's kind, trial), a rate, the
/// account's geo permissions, then the funds.
pub fn authorize(f: &CallFacts) -> Authorization {
    match f.earlier {
        Earlier::Ended => return refuse(Refusal::CallAlreadyEnded),
        Earlier::Held {
            created_at_ms,
            expires_at_ms,
        } => {
            let max = (expires_at_ms - created_at_ms - RESERVATION_SLACK_MS) / 1000;
            return Authorization::Again {
                max_duration_seconds: max,
            };
        }
        Earlier::Nothing => {}
    }
    let Some(party) = &f.party else {
        // A device's caller ID that is no longer an active number is not its to use.
        return refuse(match f.from_device {
            true => Refusal::CallerIdNotYours,
            false => Refusal::UnknownNumber,
        });
    };
    match permitted(f, party) {
        Err(refusal) => refuse(refusal),
        Ok(rate) => hold(f, party, rate),
    }
}

/// Whether the party may place or take this call, and at what rate.
fn permitted(f: &CallFacts, p: &Party) -> Result<Rate, Refusal> {
    let outbound = f.direction == Direction::Outbound;
    if f.from_device && crate::sip::device_may_call(outbound, p.device_owner, p.user_id).is_err() {
        return Err(Refusal::CallerIdNotYours);
    }
    if p.ivr_ticket_valid.is_some_and(|ours| !ours || !outbound) {
        return Err(Refusal::CallerIdNotYours);
    }
    if p.suspended {
        return Err(Refusal::AccountSuspended);
    }
    if outbound && f.blocked_destination {
        return Err(Refusal::DestinationNotAllowed);
    }
    // Trial credit reaches only numbers the user verified; an inbound call to a trial
    // account's number is billed like any other.
    let verified = !outbound || p.trial_verified.unwrap_or(true);
    if crate::trial::check_destination(p.trial_verified.is_some(), verified).is_err() {
        return Err(Refusal::TrialRestricted);
    }
    let rate = p.rate.ok_or(Refusal::NoRate)?;
    if outbound {
        limits(p, rate)?;
    }
    Ok(rate)
}

/// What only calls the account places are held to: its countries, the price a
/// minute, and how many calls at once and per second.
fn limits(p: &Party, rate: Rate) -> Result<(), Refusal> {
    let (caps, usage) = (&p.caps, &p.usage);
    if !p.country_permitted {
        return Err(Refusal::CountryNotPermitted);
    }
    if caps
        .max_rate_per_minute
        .is_some_and(|max| rate.per_minute > max)
    {
        return Err(Refusal::RateAboveLimit);
    }
    if caps
        .concurrent_calls
        .is_some_and(|max| usage.live_calls >= max)
    {
        return Err(Refusal::TooManyCalls);
    }
    if caps
        .calls_per_second
        .is_some_and(|max| usage.calls_last_second >= max)
    {
        return Err(Refusal::CallRateLimited);
    }
    Ok(())
}

fn yes() -> bool {
    true
}

/// Why not even a first increment fits: the day's limit, the cost a call may reach,
/// or the funds.
fn unaffordable(p: &Party, available: Micros) -> Refusal {
    let daily = crate::caps::daily_room(&p.caps, &p.usage, p.funds.reserved);
    if daily.is_some_and(|d| d < available && p.caps.max_call_cost.is_none_or(|c| d <= c)) {
        return Refusal::DailyLimitReached;
    }
    if p.caps.max_call_cost.is_some_and(|c| c < available) {
        return Refusal::RateAboveLimit;
    }
    Refusal::InsufficientFunds
}

/// The longest call the funds pay for, and what to hold for it.
fn hold(f: &CallFacts, p: &Party, rate: Rate) -> Authorization {
    let Funds {
        balance,
        reserved,
        package_seconds,
        reserved_package_seconds,
    } = p.funds;
    // The money limits (a call's cost, the day's spending) cut the funds a call the
    // account places holds; a call it takes is not the traffic a thief makes.
    let room = match f.direction {
        Direction::Outbound => crate::caps::money_room(&p.caps, &p.usage, reserved),
        Direction::Inbound => None,
    };
    let funds = match room {
        Some(room) => (balance - reserved).min(room),
        None => balance - reserved,
    };
    let (package_total, package_free) = match f.direction.uses_packages() {
        true => (
            package_seconds,
            (package_seconds - reserved_package_seconds).max(0),
        ),
        false => (0, 0),
    };
    let (per_minute, inc) = (rate.per_minute, rate.increments);
    let max = match p.route {
        // Both legs at once: the inbound one holds only its share of the funds.
        Route::Forward { leg: Some(out) } => max_duration_forwarded(
            funds,
            (per_minute, inc),
            (out.per_minute, out.increments),
            MAX_CALL_SECONDS,
        ),
        _ => max_duration(funds, per_minute, inc, package_free, MAX_CALL_SECONDS),
    };
    if max == 0 {
        return refuse(match room {
            Some(_) => unaffordable(p, balance - reserved),
            None => Refusal::InsufficientFunds,
        });
    }
    let charge = rate_call(max, per_minute, inc, package_free);
    let forwarded = matches!(p.route, Route::Forward { leg: Some(_) });
    Authorization::Hold(Hold {
        max_duration_seconds: max,
        amount: charge.cost,
        package_seconds: charge.package_seconds,
        expires_at_ms: f.now_ms + max * 1000 + RESERVATION_SLACK_MS,
        rate,
        stable: max == MAX_CALL_SECONDS && package_total == 0 && !forwarded && !p.ringing_webhook,
    })
}
