//! What a CDR's read decides (`plan`): the stored result, the step-by-step way, or
//! the settlement to write, whether read in the writer's turn or before it.

use super::{check_matches, new_call, Cdr, CdrResult, Ended};
use crate::error::Result;
use crate::voice::authorize::rate_for;
use crate::voice::repo;
use dialtone_core::call::authorize::Rate;
use dialtone_core::call::settle::Held;
use dialtone_core::call::{SettleFacts, Settlement};
use sqlx::AnyConnection;

/// What a CDR's read decided (`plan`).
pub(super) enum Plan {
    /// The call was recorded already: its result.
    Stored(CdrResult),
    /// The step-by-step way: the number is no longer active, the reservation was made
    /// on another account, or the account cannot pay for all of it (a shortfall).
    LongWay,
    Settle(Box<Settling>),
}

/// A settlement as the read computed it.
pub(super) struct Settling {
    pub user_id: i64,
    pub number_id: i64,
    pub country_id: Option<i64>,
    pub charge: dialtone_core::rating::CallCharge,
    pub held: Option<(i64, i64)>,
    pub warn: bool,
    pub threshold: i64,
    pub callback: Option<(String, String)>,
    /// A read before the call's turn may stand for the turn's: no package seconds
    /// are in play (the turn's re-check covers the rest: `charge::settle_read_ahead`).
    pub settled: bool,
}

/// Reads the call and asks core for its settlement (`dialtone_core::call::settle`), on
/// `conn`: the writer's turn, or a reader connection before it.
pub(super) async fn plan(conn: &mut AnyConnection, cdr: &Cdr, e: &Ended) -> Result<Plan> {
    // A CDR reads no routing (the call went where it went) and nothing the guards
    // decide on (they decided at its authorization).
    let call = (cdr.from.as_str(), cdr.to.as_str());
    let read = repo::Reading {
        routing: false,
        priced: e.deck.is_some(),
        guards: false,
        dialled: None,
        settings: None,
    };
    let found = repo::find_call(conn, e.direction, call, e.now, &cdr.call_id, read).await?;
    let Some((mut party, facts)) = found else {
        return Ok(Plan::LongWay);
    };
    if let Some(r) = facts.stored {
        return Ok(Plan::Stored(CdrResult {
            call_id: cdr.call_id.clone(),
            billable_seconds: r.billable_seconds,
            package_seconds: r.package_seconds,
            cost_micros: r.cost_micros,
            status: r.status,
        }));
    }
    if let Some(h) = &facts.held {
        check_matches(&cdr.call_id, h, cdr)?;
    }
    if let Some(d) = e.deck.clone() {
        party.destination = Some(d);
    }
    let held = facts.held.as_ref().map(|h| Held {
        amount: h.amount_micros,
        package_seconds: h.package_seconds,
        same_account: h.user_id == party.user_id,
    });
    let settle = SettleFacts {
        direction: e.direction,
        duration_seconds: e.duration(cdr),
        held,
        funds: party.funds(),
        rate: party.destination.as_ref().map(|d| Rate {
            per_minute: rate_for(d, e.direction),
            increments: d.increments,
        }),
        // Read before this charge; the warning's own UPDATE checks again.
        low_balance_threshold: facts
            .low_balance_setting
            .unwrap_or(crate::settings::DEFAULT_LOW_BALANCE_MICROS),
        low_balance_notified: facts.low_balance_notified,
        status_callback: facts.status_callback.is_some() && facts.account_sid.is_some(),
    };
    let Settlement::Charge(c) = dialtone_core::call::settle(&settle) else {
        return Ok(Plan::LongWay);
    };
    Ok(Plan::Settle(Box::new(Settling {
        user_id: party.user_id,
        number_id: party.number_id,
        country_id: party.destination.as_ref().map(|d| d.country_id),
        settled: c.stable,
        charge: c.charge,
        held: held.map(|h| (h.amount, h.package_seconds)),
        warn: c.warn_low_balance,
        threshold: settle.low_balance_threshold,
        callback: facts.status_callback.zip(facts.account_sid),
    })))
}

impl Settling {
    pub(super) fn settlement<'a>(
        &self,
        cdr: &'a Cdr,
        e: &Ended,
        description: &'a str,
        reference: &'a str,
    ) -> repo::charge::Settlement<'a> {
        let (held_micros, held_package_seconds) = self.held.unwrap_or((0, 0));
        repo::charge::Settlement {
            call: new_call(
                cdr,
                e,
                self.user_id,
                Some(self.number_id),
                self.country_id,
                &self.charge,
                self.charge.cost,
                0,
            ),
            released: self.held.is_some(),
            held_micros,
            held_package_seconds,
            description,
            reference,
            ledger_day: e.now / crate::settings::DAY_MS,
            call_day: e.started / crate::settings::DAY_MS,
            answered: e.answered_call(),
        }
    }

    pub(super) fn result(&self, cdr: &Cdr) -> CdrResult {
        CdrResult {
            call_id: cdr.call_id.clone(),
            billable_seconds: self.charge.billable_seconds,
            package_seconds: self.charge.package_seconds,
            cost_micros: self.charge.cost,
            status: cdr.status.clone(),
        }
    }
}
