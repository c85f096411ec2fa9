//! A verification code as a message: recorded in sms_messages (purpose
//! `verification`, free to the account, with what it costs the provider) and sent
//! through the configured carrier like any message: handed over now (loopback, HTTP)
//! or queued for the SMPP sender.

use super::CODE_REFERENCE;
use crate::error::{Error, Result};
use crate::sms::provider::Provider;
use crate::sms::repo::{self, NewMessage};
use crate::state::AppState;
use dialtone_core::rating::sms_cost;
use dialtone_core::sms::Encoding;

/// The sender the code comes from (an alphanumeric sender ID).
const SENDER: &str = "Dialtone";

/// Records and sends the code's `text` to `number` for `user_id`.
pub async fn send(
    state: &AppState,
    user_id: i64,
    number: &str,
    text: &str,
    now: i64,
) -> Result<()> {
    let destination = crate::voice::destination::lookup(&state.db.pool, number).await?;
    let rate = destination.as_ref().map_or(0, |d| d.sms);
    let (info, provider_cost) = sms_cost(text, rate);
    let carrier = Provider::from_config(&state.config);
    let message = NewMessage {
        user_id,
        to: number,
        body: text,
        segments: info.segments as i64,
        encoding: match info.encoding {
            Encoding::Gsm7 => "GSM-7",
            Encoding::Ucs2 => "UCS-2",
        },
        country_id: destination.map(|d| d.country_id),
        cost_micros: 0,
        provider: carrier.name(),
        status: if carrier.queues() {
            "queued"
        } else {
            "sending"
        },
        now,
        idempotency_key: None,
        request_hash: None,
        from: Some(SENDER),
        status_callback: None,
        purpose: "verification",
        provider_cost_micros: provider_cost,
    };
    let id = repo::insert(&state.db.pool, message).await?;
    metrics::counter!("dialtone_verification_codes_total").increment(1);
    if carrier.queues() {
        return Ok(());
    }
    // The reference names the account: the demo phone shows its codes by it.
    let reference = format!("{CODE_REFERENCE}{user_id}-{now}");
    match carrier.send(&reference, SENDER, number, text).await {
        Ok(s) => {
            repo::mark_handed_over(&state.db.pool, id, s.status, &s.provider_id, now).await?;
            Ok(())
        }
        Err(e) => {
            let failure = format!("The carrier could not take the message ({e})");
            repo::mark_failed(&state.db.pool, id, &failure, now).await?;
            Err(Error::BadGateway(failure))
        }
    }
}
