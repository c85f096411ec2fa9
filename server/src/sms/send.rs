//! Sending a message: quoted by core, charged through the ledger, handed to the carrier
//! (or queued for the SMPP link), refunded when the carrier refuses it; once per
//! Idempotency-Key.

use super::*;
use crate::settings::DAY_MS;

/// What came of a message: as stored, the balance after, and the carrier's failure
/// when it refused the message (then refunded).
pub struct Outcome {
    pub id: i64,
    pub sent: SmsSent,
    pub failure: Option<String>,
}

/// Where a message comes from, beyond the app's defaults: the API's `From` (one of the
/// account's active numbers, checked by the caller) and its status callback URL.
#[derive(Default)]
pub struct Origin<'a> {
    pub from: Option<&'a str>,
    pub status_callback: Option<crate::webhooks::events::Callback<'a>>,
}

/// The message an Idempotency-Key already sent, as the first request left it; 409
/// when the key came with another message.
async fn replay(
    state: &AppState,
    user_id: i64,
    key: &str,
    request_hash: &str,
) -> Result<Option<Outcome>> {
    let Some((message, hash)) = repo::find_by_key(&state.db.pool, user_id, key).await? else {
        return Ok(None);
    };
    if hash.as_deref() != Some(request_hash) {
        return Err(Error::Conflict(
            "This Idempotency-Key was used for another message".into(),
        ));
    }
    let failure = (message.status == "failed").then(|| message.error.clone().unwrap_or_default());
    let balance: i64 = crate::users::repo::balance(&state.db.pool, user_id).await?;
    Ok(Some(Outcome {
        id: message.id,
        sent: SmsSent {
            message,
            balance: Money::micros(balance),
        },
        failure,
    }))
}

/// Charges, hands the message to the carrier, and refunds it if the carrier fails
/// (then 502). With an idempotency `key`, the message is sent and charged once per
/// key, however many times and however concurrently the request arrives.
pub async fn send(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
) -> Result<SmsSent> {
    send_from(state, user_id, input, key, Origin::default()).await
}

/// `send` from `origin` (a sender the caller checked).
pub(super) async fn send_from(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
    origin: Origin<'_>,
) -> Result<SmsSent> {
    let outcome = submit(state, user_id, input, key, origin).await?;
    match outcome.failure {
        Some(error) => Err(Error::BadGateway(format!("{error}. You were not charged."))),
        None => Ok(outcome.sent),
    }
}

/// `send`, answering a carrier's refusal as the failed (and refunded) message.
pub async fn submit(
    state: &AppState,
    user_id: i64,
    input: &SmsInput,
    key: Option<&str>,
    origin: Origin<'_>,
) -> Result<Outcome> {
    let q = quote(state, user_id, input).await?;
    let request_hash = sha256_hex(&format!("{}\n{}", q.to, input.message));
    if let Some(key) = key {
        if let Some(done) = replay(state, user_id, key, &request_hash).await? {
            return Ok(done);
        }
    }
    if q.in_trial {
        let mut conn = state.db.pool.acquire().await?;
        let verified = crate::trial::account::is_verified(&mut conn, user_id, &q.to).await?;
        trial::check_destination(true, verified).map_err(|m| Error::Forbidden(m.into()))?;
    }
    crate::limits::check_sms(state, user_id, q.cost, now_ms()).await?;
    let carrier = provider::Provider::from_config(&state.config);
    // The app sends from the customer's first active number; stored with the message,
    // so the carrier, the API and conversations all see the same sender.
    let sender = match origin.from {
        Some(from) => Some(from.to_string()),
        None => crate::numbers::repo::first_active_number(&state.db.pool, user_id).await?,
    };
    let new = Charge {
        user_id,
        q: &q,
        key: key.map(|k| (k, request_hash.as_str())),
        carrier: &carrier,
        sender: sender.as_deref(),
        callback: origin.status_callback.as_ref().map(|c| c.url),
    };
    let id = match charge(state, new).await? {
        Charged::Answered(outcome) => return Ok(outcome),
        Charged::ToSend(id) => id,
    };
    let sender = sender.as_deref().unwrap_or("Dialtone");
    let sent = carrier
        .send(&format!("sms-{id}"), sender, &q.to, &q.text)
        .await;
    let mut tx = state.db.begin_write().await?;
    let failure = match sent {
        Ok(s) => {
            repo::mark_handed_over(&mut *tx, id, s.status, &s.provider_id, now_ms()).await?;
            None
        }
        Err(e) => Some(refund(&mut tx, user_id, id, &q, &e.to_string()).await?),
    };
    if let Some(callback) = &origin.status_callback {
        crate::webhooks::events::message_status(&mut tx, callback, user_id, id).await?;
    }
    if failure.is_none() && q.cost > 0 {
        crate::ledger::low_balance::warn_low_balance(&mut tx, user_id).await?;
    }
    let sent = stored(&mut tx, user_id, id).await?;
    tx.commit().await?;
    Ok(Outcome { id, sent, failure })
}

/// A message to store and charge.
struct Charge<'a> {
    user_id: i64,
    q: &'a Quote,
    /// The Idempotency-Key and the hash of the request it came with.
    key: Option<(&'a str, &'a str)>,
    carrier: &'a provider::Provider,
    sender: Option<&'a str>,
    callback: Option<&'a str>,
}

enum Charged {
    /// Nothing more to do: the key's earlier message, or a message queued for SMPP.
    Answered(Outcome),
    /// Stored and charged; the carrier takes it next.
    ToSend(i64),
}

fn describe(q: &Quote) -> String {
    let plural = if q.segments == 1 { "" } else { "s" };
    format!("SMS to {} ({} part{plural})", q.to, q.segments)
}

/// Stores the message and debits it, in one transaction; a message for the SMPP link
/// is queued and answered here (the sender task submits it; the charge stands).
async fn charge(state: &AppState, c: Charge<'_>) -> Result<Charged> {
    let (q, user_id) = (c.q, c.user_id);
    let mut tx = state.db.begin_write().await?;
    let message = repo::NewMessage {
        user_id,
        to: &q.to,
        body: &q.text,
        segments: q.segments,
        encoding: q.encoding,
        country_id: Some(q.destination.country_id),
        cost_micros: q.cost,
        provider: c.carrier.name(),
        status: if c.carrier.queues() {
            "queued"
        } else {
            "sending"
        },
        now: now_ms(),
        idempotency_key: c.key.map(|(k, _)| k),
        request_hash: c.key.map(|(_, h)| h),
        from: c.sender,
        status_callback: c.callback,
        purpose: "message",
        provider_cost_micros: 0,
    };
    let id: i64 = match (repo::insert(&mut *tx, message).await, c.key) {
        (Ok(id), _) => id,
        // The same key at the same moment: the other request sent it. The unique
        // index made this insert wait for it, so its message is there to answer.
        (Err(e), Some((key, hash))) if is_unique_violation(&e) => {
            tx.rollback().await?;
            let earlier = replay(state, user_id, key, hash).await?;
            return Ok(Charged::Answered(
                earlier.ok_or_else(|| Error::Internal(e.into()))?,
            ));
        }
        (Err(e), _) => return Err(e.into()),
    };
    if q.cost > 0 {
        let posting = Posting {
            user_id,
            amount: -q.cost,
            kind: Kind::Sms,
            description: &describe(q),
            reference: Some(format!("sms:{id}")),
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => crate::limits::spend(&mut *tx, user_id, q.cost, now_ms() / DAY_MS).await?,
            Err(PostError::InsufficientFunds { balance, .. }) => {
                tx.rollback().await?;
                return Err(insufficient(q.cost, balance));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if !c.carrier.queues() {
        tx.commit().await?;
        return Ok(Charged::ToSend(id));
    }
    crate::ledger::low_balance::warn_low_balance(&mut tx, user_id).await?;
    let sent = stored(&mut tx, user_id, id).await?;
    tx.commit().await?;
    Ok(Charged::Answered(Outcome {
        id,
        sent,
        failure: None,
    }))
}

/// The message as stored now, with the balance after it.
async fn stored(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: i64,
    id: i64,
) -> Result<SmsSent> {
    let message = repo::find(&mut **tx, id).await?;
    let balance: i64 = crate::users::repo::balance(&mut **tx, user_id).await?;
    Ok(SmsSent {
        message,
        balance: Money::micros(balance),
    })
}

/// The carrier refused the message: marked failed, refunded, the owner told. The
/// failure's text.
async fn refund(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: i64,
    id: i64,
    q: &Quote,
    error: &str,
) -> Result<String> {
    tracing::warn!(sms_id = id, %error, "SMS carrier failed; refunding");
    let failure = format!("The carrier could not take the message ({error})");
    repo::mark_failed(&mut **tx, id, &failure, now_ms()).await?;
    if q.cost > 0 {
        let refund = format!("Refund: {} was not delivered", describe(q));
        let posting = Posting {
            user_id,
            amount: q.cost,
            kind: Kind::Refund,
            description: &refund,
            reference: Some(format!("sms-refund:{id}")),
            actor_id: None,
        };
        ledger::post(tx, posting).await?;
        // Charged moments ago: the day's spending gets it back.
        crate::limits::unspend(&mut **tx, user_id, q.cost, now_ms() / DAY_MS).await?;
    }
    let told = format!(
        "Your message to {} could not be sent. You were not charged.",
        q.to
    );
    notify(&mut **tx, user_id, "sms_failed", "Message not sent", &told).await?;
    Ok(failure)
}
