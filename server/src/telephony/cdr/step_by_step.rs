//! A CDR the one-round-trip settlement does not take: a statement at a time, as the
//! call path worked before `charge::settle`.

use super::{call_event, describe, new_call, stored, Cdr, CdrResult, Ended};
use crate::calls::repo as calls;
use crate::error::{Error, Result};
use crate::ledger::low_balance::warn_low_balance;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::state::AppState;
use crate::telephony::authorize::{find_party, rate_for};
use crate::telephony::release::release_matching;
use dialtone_core::money::format_micros;
use dialtone_core::rating::{rate_call, Increments};

/// Every other CDR, a statement at a time: a number no longer active, a reservation
/// on another account, a charge the account cannot cover in full.
pub(super) async fn record_step_by_step(
    state: &AppState,
    cdr: &Cdr,
    e: &Ended,
) -> Result<CdrResult> {
    let (direction, now) = (e.direction, e.now);
    let mut tx = state.call_writes.begin(&state.db).await?;
    if let Some(done) = stored(&mut tx, &cdr.call_id).await? {
        return Ok(done);
    }
    let call = (cdr.direction.as_str(), cdr.from.as_str(), cdr.to.as_str());
    let held_by = release_matching(&mut tx, &cdr.call_id, Some(call))
        .await?
        .map(|held| held.user_id);
    let mut party = find_party(&mut tx, direction, &cdr.from, &cdr.to, now).await?;
    if let (Some(p), Some(d)) = (party.as_mut(), e.deck.clone()) {
        p.destination = Some(d);
    }
    // Read after the release above, so this call's own reservation is free again.
    let package_free = match (&party, direction.uses_packages()) {
        (Some(p), true) => p.free_package_seconds(),
        (None, true) => match held_by {
            // The number is no longer active (so `find_party` found nobody).
            Some(user) => crate::packages::repo::free_seconds(&mut *tx, user, now).await?,
            None => 0,
        },
        _ => 0,
    };
    let (user_id, number_id) = match (&party, held_by) {
        (Some(p), _) => (p.user_id, Some(p.number_id)),
        (None, Some(user)) => (user, None),
        (None, None) => {
            return Err(Error::NotFound(
                "No active number of a customer is part of this call".into(),
            ))
        }
    };
    let destination = party.and_then(|p| p.destination);
    let (rate, increments, country_id) = match &destination {
        Some(d) => (rate_for(d, direction), d.increments, Some(d.country_id)),
        None => (0, Increments::default(), None),
    };
    let duration = e.duration(cdr);
    let charge = rate_call(duration, rate, increments, package_free);
    crate::packages::repo::consume_seconds(&mut tx, user_id, charge.package_seconds, now).await?;
    let mut cost = charge.cost;
    let mut shortfall = 0;
    if cost > 0 {
        let description = describe(direction, cdr);
        let posting = Posting {
            user_id,
            amount: -cost,
            kind: Kind::Call,
            description: &description,
            reference: Some(format!("call:{}", cdr.call_id)),
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => {}
            // Only a call that ran without (or past) its reservation gets here. It is
            // charged what is available (the balance net of other calls' held money)
            // and the rest is recorded as a shortfall, visible to the admin.
            Err(PostError::InsufficientFunds {
                balance: available, ..
            }) => {
                let collected = available.max(0);
                shortfall = cost - collected;
                tracing::warn!(call_id = %cdr.call_id, cost, collected, shortfall, "call cost more than was available; shortfall recorded");
                cost = collected;
                if collected > 0 {
                    let description =
                        format!("{description} (uncollected {})", format_micros(shortfall));
                    let posting = Posting {
                        user_id,
                        amount: -collected,
                        kind: Kind::Call,
                        description: &description,
                        reference: Some(format!("call:{}", cdr.call_id)),
                        actor_id: None,
                    };
                    ledger::post(&mut tx, posting).await?;
                }
                ledger::repo::add_shortfall(&mut *tx, user_id, shortfall).await?;
            }
            Err(e) => return Err(e.into()),
        }
    }
    let call = new_call(
        cdr, e, user_id, number_id, country_id, &charge, cost, shortfall,
    );
    calls::insert(&mut *tx, call).await?;
    calls::add_to_totals(
        &mut *tx,
        user_id,
        &cdr.direction,
        &cdr.status,
        duration,
        cost,
    )
    .await?;
    calls::add_to_day(
        &mut *tx,
        e.started / crate::settings::DAY_MS,
        country_id.unwrap_or(0),
        e.answered_call(),
        charge.billable_seconds,
        cost,
    )
    .await?;
    if cost > 0 {
        warn_low_balance(&mut tx, user_id).await?;
    }
    if let Some(number_id) = number_id {
        let event = call_event(cdr, user_id, number_id);
        crate::twilio::callbacks::call_ended(&mut tx, &event, &cdr.status, duration).await?;
    }
    tx.commit().await?;
    Ok(CdrResult {
        call_id: cdr.call_id.clone(),
        billable_seconds: charge.billable_seconds,
        package_seconds: charge.package_seconds,
        cost_micros: cost,
        status: cdr.status.clone(),
    })
}
