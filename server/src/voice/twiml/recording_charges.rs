//! Keeping a recording and charging it (core's `recordings::cost` at the platform's
//! recording rate). A recording is made during a call, whose hold keeps the account's
//! money for the call: what the hold leaves pays the recording at once; otherwise the
//! recording is kept owing its charge, and the jobs collect it once the call's hold is
//! released. One its owner cannot pay then (or that exceeds the quota) is not kept,
//! and the owner is told.

use super::repo::recordings::{self as repo, Recording};
use crate::ledger::{self, Kind, Posting};
use crate::state::AppState;
use sqlx::AnyConnection;

/// A call's longest life (the endpoint's four hours) and the switch's grace: a charge
/// still owed after this has no call holding money any more.
const LONGEST_CALL_MS: i64 = (4 * 3600 + 10 * 60) * 1000;

/// Stores `recording` unless its owner keeps as many as core's quota allows (counted
/// under the owner's lock) or cannot pay it even once their calls' holds are released:
/// the inner error says which, in the owner's words.
pub async fn store(
    state: &AppState,
    recording: &Recording,
    wav: &[u8],
) -> anyhow::Result<Result<(), String>> {
    let owner = recording.user_id;
    let mut tx = state.db.begin_write().await?;
    crate::users::repo::lock(&mut *tx, owner).await?;
    let have = repo::count_for(&mut *tx, owner).await?;
    let kept = dialtone_core::quota::Kept::Recordings;
    if let Err(refusal) = crate::limits::quota::check(&mut tx, owner, kept, have).await? {
        return Ok(Err(refusal));
    }
    let rate = crate::settings::load(&mut *tx).await?.recording_rate_micros;
    let cost = dialtone_core::recordings::cost(recording.duration_ms, rate);
    let due = match charge(&mut tx, &recording.sid, owner, cost).await? {
        Charged::Paid => 0,
        // The call's hold keeps the money: collected once it is released.
        Charged::Short if repo::held(&mut *tx, owner).await? > 0 => cost,
        Charged::Short => return Ok(Err(unpaid(cost))),
    };
    repo::insert(&mut *tx, recording, wav, due).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

enum Charged {
    Paid,
    /// The available balance (balance less what calls hold) is short of the cost.
    Short,
}

async fn charge(
    conn: &mut AnyConnection,
    sid: &str,
    owner: i64,
    cost: i64,
) -> anyhow::Result<Charged> {
    if cost == 0 {
        return Ok(Charged::Paid);
    }
    let description = format!("Recording {sid}");
    let posting = Posting {
        user_id: owner,
        amount: -cost,
        kind: Kind::Recording,
        description: &description,
        reference: Some(format!("recording:{sid}")),
        actor_id: None,
    };
    Ok(match ledger::charge(conn, posting).await? {
        true => Charged::Paid,
        false => Charged::Short,
    })
}

fn unpaid(cost: i64) -> String {
    let price = dialtone_core::money::from_micros(cost).normalize();
    format!("Its price, ${price}, is more than your balance.")
}

/// Collects the charges recordings still owe (a job): each one paid once the owner's
/// available balance covers it; one that cannot be paid once no call of the owner
/// holds money (or after a call's longest life) is deleted, and its owner told.
pub async fn charge_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut collected = 0;
    for due in repo::due(&state.db.pool).await? {
        let mut tx = state.db.begin_write().await?;
        crate::users::repo::lock(&mut *tx, due.user_id).await?;
        match charge(&mut tx, &due.sid, due.user_id, due.due_micros).await? {
            Charged::Paid => {
                repo::paid(&mut *tx, due.id).await?;
                collected += 1;
            }
            Charged::Short => {
                let held = repo::held(&mut *tx, due.user_id).await?;
                if held > 0 && now - due.created_at < LONGEST_CALL_MS {
                    continue;
                }
                repo::delete_by_id(&mut *tx, due.id).await?;
                tx.commit().await?;
                let what = format!("A recording of call {}", due.call_sid);
                let refusal = unpaid(due.due_micros);
                crate::limits::quota::not_kept(state, due.user_id, &what, &refusal).await?;
                continue;
            }
        }
        tx.commit().await?;
    }
    Ok(collected)
}
