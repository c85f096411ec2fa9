//! What a finished call costs and how it is paid: package seconds first (outbound
//! only), money after, within what the account has. A pure decision over the facts the
//! server read with the call's record (its reservation, the party's funds, the rate).

use super::authorize::{Funds, Rate};
use super::Direction;
use crate::rating::{rate_call, CallCharge};
use crate::Micros;
use serde::{Deserialize, Serialize};

/// The reservation the call's authorization made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Held {
    #[serde(with = "crate::money::micros_text")]
    pub amount: Micros,
    #[serde(default)]
    pub package_seconds: i64,
    /// Made on the account that pays now (a number released and bought again since
    /// is someone else's).
    #[serde(default = "yes")]
    pub same_account: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SettleFacts {
    pub direction: Direction,
    /// Talk time in seconds (0 for an unanswered call).
    pub duration_seconds: i64,
    #[serde(default)]
    pub held: Option<Held>,
    /// Every reservation of the account counts in `reserved`, this call's included.
    #[serde(flatten)]
    pub funds: Funds,
    /// None: no rate applies any more, and the call is free.
    pub rate: Option<Rate>,
    #[serde(with = "crate::money::micros_text")]
    pub low_balance_threshold: Micros,
    #[serde(default)]
    pub low_balance_notified: bool,
    #[serde(default)]
    pub status_callback: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Charge {
    pub charge: CallCharge,
    /// The balance falls below the account's threshold with this charge, and the
    /// owner was not told yet (the warning's own write checks again).
    pub warn_low_balance: bool,
    /// No other call's write could change this charge: no package seconds in play,
    /// no warning or callback to write with it.
    pub stable: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "camelCase")]
pub enum Settlement {
    Charge(Charge),
    /// A statement at a time: the reservation was made on another account, or the
    /// account cannot pay for all of it (the rest becomes a shortfall: `collect`).
    StepByStep,
}

/// The charge of a finished call, as if its own reservation were released already.
pub fn settle(f: &SettleFacts) -> Settlement {
    let held = f.held.unwrap_or_default();
    if f.held.is_some() && !held.same_account {
        return Settlement::StepByStep;
    }
    let outbound = f.direction.uses_packages();
    let Funds {
        balance,
        reserved,
        package_seconds,
        reserved_package_seconds,
    } = f.funds;
    let package_free = match outbound {
        true => (package_seconds - (reserved_package_seconds - held.package_seconds)).max(0),
        false => 0,
    };
    let available = balance - (reserved - held.amount);
    let charge = match f.rate {
        Some(r) => rate_call(f.duration_seconds, r.per_minute, r.increments, package_free),
        None => rate_call(f.duration_seconds, 0, Default::default(), package_free),
    };
    if charge.cost > available {
        return Settlement::StepByStep;
    }
    let warn_low_balance = charge.cost > 0
        && !f.low_balance_notified
        && balance - charge.cost < f.low_balance_threshold;
    // Package seconds change only by calls' writes and purchases: an account without
    // any has none in the writer's turn either.
    let no_packages = !outbound || package_seconds == 0;
    Settlement::Charge(Charge {
        charge,
        warn_low_balance,
        stable: no_packages && !warn_low_balance && !f.status_callback,
    })
}

/// What a call that ran past its funds pays: what is available, never below zero, and
/// the rest as a shortfall (collected, shortfall).
pub fn collect(cost: Micros, available: Micros) -> (Micros, Micros) {
    let collected = available.max(0).min(cost);
    (collected, cost - collected)
}

#[cfg(test)]
mod tests {
    use super::super::authorize::{authorize, Authorization, CallFacts, Party, Route};
    use super::*;
    use crate::rating::Increments;
    use proptest::prelude::*;

    fn direction() -> impl Strategy<Value = Direction> {
        prop_oneof![Just(Direction::Inbound), Just(Direction::Outbound)]
    }

    prop_compose! {
        fn rate()(per_minute in 0i64..2_000_000, first in 1i64..61, next in 1i64..61) -> Rate {
            Rate { per_minute, increments: Increments { first, next } }
        }
    }

    proptest! {
        #[test]
        fn a_settlement_never_takes_more_than_is_available_and_packages_go_first(
            direction in direction(), duration in 0i64..20_000, rate in rate(),
            balance in 0i64..100_000_000, reserved in 0i64..50_000_000,
            held_amount in 0i64..50_000_000, packages in 0i64..20_000, reserved_pkg in 0i64..20_000,
        ) {
            let held = Held { amount: held_amount.min(reserved), package_seconds: reserved_pkg, same_account: true };
            let funds = Funds { balance, reserved, package_seconds: packages, reserved_package_seconds: reserved_pkg };
            let f = SettleFacts {
                direction, duration_seconds: duration, held: Some(held), funds, rate: Some(rate),
                ..Default::default()
            };
            if let Settlement::Charge(c) = settle(&f) {
                prop_assert!(c.charge.cost <= balance - reserved + held.amount);
                let free = if direction == Direction::Outbound { packages } else { 0 };
                prop_assert_eq!(c.charge.package_seconds, c.charge.billable_seconds.min(free));
            }
        }

        #[test]
        fn a_call_within_its_authorized_length_settles_within_its_hold(
            direction in direction(), rate in rate(), balance in 0i64..100_000_000,
            packages in 0i64..20_000, talk in 0i64..=1000,
        ) {
            let funds = Funds { balance, package_seconds: packages, ..Default::default() };
            let party = Party { user_id: 1, rate: Some(rate), funds, route: Route::Direct, ..Default::default() };
            let facts = CallFacts { direction, now_ms: 0, party: Some(party), ..Default::default() };
            if let Authorization::Hold(h) = authorize(&facts) {
                prop_assert!(h.amount <= balance);
                let duration = h.max_duration_seconds * talk / 1000;
                let funds = Funds { balance, reserved: h.amount, package_seconds: packages, reserved_package_seconds: h.package_seconds };
                let f = SettleFacts {
                    direction, duration_seconds: duration, funds,
                    held: Some(Held { amount: h.amount, package_seconds: h.package_seconds, same_account: true }),
                    rate: Some(rate), ..Default::default()
                };
                match settle(&f) {
                    Settlement::Charge(c) => prop_assert!(c.charge.cost <= h.amount),
                    Settlement::StepByStep => prop_assert!(false, "a held call went the long way"),
                }
            }
        }

        #[test]
        fn collecting_never_goes_below_zero_nor_loses_a_micro(cost in 0i64..10_000_000, available in -5_000_000i64..10_000_000) {
            let (collected, shortfall) = collect(cost, available);
            prop_assert!(collected >= 0 && shortfall >= 0);
            prop_assert_eq!(collected + shortfall, cost);
        }
    }
}
