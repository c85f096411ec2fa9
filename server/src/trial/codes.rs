//! Verification codes by SMS, for a number an account says it holds: the trial's
//! numbers and the caller IDs a device may show. One table (verified_numbers), one set
//! of limits (core's resend wait, attempts and velocity), so neither route is a way
//! around the other's.

use super::{code_message, repo, Sent, CODES_MESSAGE};
use crate::auth::tokens::sha256_hex;
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::throttle::{self, Limit};
use dialtone_core::trial;
use rand::Rng;

/// Who asks for a code: the account, from which address, and whether a number another
/// account's trial holds is refused (a trial could not use it).
pub struct Asker<'a> {
    pub user_id: i64,
    pub address: &'a str,
    pub refuse_others_trials: bool,
}

/// Sends a code to `number` (normalised), after every check: the number's kind, the
/// account's SMS permissions, the resend wait and the velocity limits.
pub async fn send(state: &AppState, who: Asker<'_>, number: &str, now: i64) -> Result<Sent> {
    let user_id = who.user_id;
    // No free code goes where it costs the provider a premium (SMS pumping).
    crate::infra::numbering::allowed(number).map_err(|m| Error::field("number", m))?;
    let sms = dialtone_core::permissions::Channel::Sms;
    if let Some(m) = crate::permissions::refusal(&state.db.pool, user_id, sms, number).await? {
        return Err(Error::field("number", m));
    }
    if who.refuse_others_trials
        && repo::phone_owner(&state.db.pool, number)
            .await?
            .is_some_and(|u| u != user_id)
    {
        return Err(Error::field("number", trial::PHONE_USED_MESSAGE));
    }
    wait_for_resend(state, user_id, number, now).await?;
    // Every limit core names, each an hour's window; a refusal stops before the SMS.
    let country = crate::infra::numbering::country(number);
    for (key, max) in trial::code_velocity(user_id, who.address, number, country.as_deref()) {
        let limit = Limit::per_hour(max, CODES_MESSAGE);
        throttle::hit(&state.db, &format!("trial-code:{key}"), limit).await?;
    }
    let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000));
    let hash = code_hash(user_id, number, &code);
    let expires = now + trial::CODE_TTL_MS;
    let resend_from = now - trial::RESEND_AFTER_MS;
    let pool = &state.db.pool;
    if !repo::put_code(pool, user_id, number, &hash, now, expires, resend_from).await? {
        // Another request sent one in the meantime: that one is the code.
        let sent = repo::code_sent_at(pool, user_id, number).await?;
        let wait = trial::resend_wait_secs(sent.unwrap_or(now), now);
        return Err(too_soon(wait.max(1)));
    }
    let text = format!("Your Dialtone verification code is {code}. It expires in 15 minutes.");
    code_message::send(state, user_id, number, &text, now).await?;
    Ok(Sent {
        message: format!("We sent a code to {number}."),
    })
}

/// Checks a code and counts the attempt, committed either way (at most
/// CODE_MAX_ATTEMPTS guesses per code, however many arrive at once).
pub async fn confirm(
    state: &AppState,
    user_id: i64,
    number: &str,
    code: &str,
    now: i64,
) -> Result<()> {
    let hash = code_hash(user_id, number, code.trim());
    let max = trial::CODE_MAX_ATTEMPTS;
    if repo::confirm(&state.db.pool, user_id, number, &hash, now, max).await? {
        Ok(())
    } else {
        Err(Error::field("code", trial::CODE_WRONG_MESSAGE))
    }
}

/// Refuses another code to `number` while the last one is fresh (core's resend wait).
async fn wait_for_resend(state: &AppState, user_id: i64, number: &str, now: i64) -> Result<()> {
    let sent = repo::code_sent_at(&state.db.pool, user_id, number).await?;
    let wait = sent.map_or(0, |at| trial::resend_wait_secs(at, now));
    if wait > 0 {
        return Err(too_soon(wait));
    }
    Ok(())
}

fn too_soon(wait: i64) -> Error {
    Error::TooManyRequests {
        message: trial::resend_wait_message(wait),
        retry_after_secs: wait as u64,
    }
}

/// What a code is stored as: never the code itself.
pub(super) fn code_hash(user_id: i64, number: &str, code: &str) -> String {
    sha256_hex(&format!("{user_id}:{number}:{code}"))
}
