//! A CDR the one-round-trip settlement does not take: a statement at a time, as the
//! call path worked before `charge::settle`.

use super::{call_event, describe, new_call, stored, Cdr, CdrResult, Ended};
use crate::error::{Error, Result};
use crate::ledger::low_balance::warn_low_balance;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::state::AppState;
use crate::voice::authorize::{find_party, rate_for};
use crate::voice::batch::CallTx;
use crate::voice::calls::repo as calls;
use crate::voice::release::release_matching;
use dialtone_core::money::format_micros;
use dialtone_core::rating::{rate_call, Increments};

/// Every other CDR, a statement at a time: a number no longer active, a reservation
/// on another account, a charge the account cannot cover in full.
pub(super) async fn record_step_by_step(
    state: &AppState,
    cdr: &Cdr,
    e: &Ended,
) -> Result<CdrResult> {
    let mut tx = state.call_writes.begin(&state.db).await?;
    if let Some(done) = stored(&mut tx, &cdr.call_id).await? {
        return Ok(done);
    }
    let payer = payer(&mut tx, cdr, e).await?;
    let duration = e.duration(cdr);
    let charge = rate_call(duration, payer.rate, payer.increments, payer.package_free);
    let user_id = payer.user_id;
    crate::packages::repo::consume_seconds(&mut tx, user_id, charge.package_seconds, e.now).await?;
    let (cost, shortfall) = debit(&mut tx, cdr, e, user_id, charge.cost).await?;
    let call = new_call(
        cdr,
        e,
        user_id,
        payer.number_id,
        payer.country_id,
        &charge,
        cost,
        shortfall,
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
    let day = e.started / crate::settings::DAY_MS;
    let country = payer.country_id.unwrap_or(0);
    let seconds = charge.billable_seconds;
    calls::add_to_day(&mut *tx, day, country, e.answered_call(), seconds, cost).await?;
    if cost > 0 {
        warn_low_balance(&mut tx, user_id).await?;
    }
    if let Some(number_id) = payer.number_id {
        let event = call_event(cdr, user_id, number_id);
        crate::webhooks::events::call_ended(&mut tx, &event, &cdr.status, duration).await?;
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

/// Who pays for the call, at what rate, and with how many package seconds.
struct Payer {
    user_id: i64,
    number_id: Option<i64>,
    country_id: Option<i64>,
    rate: i64,
    increments: Increments,
    package_free: i64,
}

/// The call's reservation released, then its payer: the number's present owner, or the
/// account that held the reservation when the number is no longer active.
async fn payer(tx: &mut CallTx, cdr: &Cdr, e: &Ended) -> Result<Payer> {
    let (direction, now) = (e.direction, e.now);
    let call = (cdr.direction.as_str(), cdr.from.as_str(), cdr.to.as_str());
    let held_by = release_matching(tx, &cdr.call_id, Some(call))
        .await?
        .map(|held| held.user_id);
    let mut party = find_party(tx, direction, &cdr.from, &cdr.to, now).await?;
    if let (Some(p), Some(d)) = (party.as_mut(), e.deck.clone()) {
        p.destination = Some(d);
    }
    // Read after the release above, so this call's own reservation is free again.
    let package_free = match (&party, direction.uses_packages()) {
        (Some(p), true) => p.free_package_seconds(),
        (None, true) => match held_by {
            // The number is no longer active (so `find_party` found nobody).
            Some(user) => crate::packages::repo::free_seconds(&mut **tx, user, now).await?,
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
    Ok(Payer {
        user_id,
        number_id,
        country_id,
        rate,
        increments,
        package_free,
    })
}

/// Debits the call's cost; a call that ran without (or past) its reservation is
/// charged what is available (the balance net of other calls' held money) and the rest
/// is recorded as a shortfall, visible to the admin. (cost collected, shortfall)
async fn debit(
    tx: &mut CallTx,
    cdr: &Cdr,
    e: &Ended,
    user_id: i64,
    cost: i64,
) -> Result<(i64, i64)> {
    if cost <= 0 {
        return Ok((cost, 0));
    }
    let description = describe(e.direction, cdr);
    let reference = || Some(format!("call:{}", cdr.call_id));
    let posting = |amount, description| Posting {
        user_id,
        amount,
        kind: Kind::Call {
            inbound: cdr.direction == "inbound",
        },
        description,
        reference: reference(),
        actor_id: None,
    };
    let available = match ledger::post(tx, posting(-cost, &description)).await {
        Ok(_) => return Ok((cost, 0)),
        Err(PostError::InsufficientFunds { balance, .. }) => balance,
        Err(e) => return Err(e.into()),
    };
    let (collected, shortfall) = dialtone_core::call::collect(cost, available);
    tracing::warn!(call_id = %cdr.call_id, cost, collected, shortfall, "call cost more than was available; shortfall recorded");
    if collected > 0 {
        let description = format!("{description} (uncollected {})", format_micros(shortfall));
        ledger::post(tx, posting(-collected, &description)).await?;
    }
    ledger::repo::add_shortfall(&mut **tx, user_id, shortfall).await?;
    Ok((collected, shortfall))
}
