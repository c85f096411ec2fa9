//! Sending a message: quoted by core, charged through the ledger, handed to the carrier
//! (or queued for the SMPP link), refunded when the carrier refuses it; once per
//! Idempotency-Key.

use super::*;

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
    pub status_callback: Option<crate::twilio::callbacks::Callback<'a>>,
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
    let carrier = provider::Provider::from_config(&state.config);
    // The app sends from the customer's first active number; stored with the message,
    // so the carrier, the API and conversations all see the same sender.
    let sender = match origin.from {
        Some(from) => Some(from.to_string()),
        None => crate::numbers::repo::first_active_number(&state.db.pool, user_id).await?,
    };
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let message = repo::NewMessage {
        user_id,
        to: &q.to,
        body: &q.text,
        segments: q.segments,
        encoding: q.encoding,
        country_id: q.destination.country_id,
        cost_micros: q.cost,
        provider: carrier.name(),
        status: if carrier.queues() {
            "queued"
        } else {
            "sending"
        },
        now,
        idempotency_key: key,
        request_hash: key.map(|_| request_hash.as_str()),
        from: sender.as_deref(),
        status_callback: origin.status_callback.as_ref().map(|c| c.url),
    };
    let inserted = repo::insert(&mut *tx, message).await;
    let id: i64 = match (inserted, key) {
        (Ok(id), _) => id,
        // The same key at the same moment: the other request sent it. The unique
        // index made this insert wait for it, so its message is there to answer.
        (Err(e), Some(key)) if is_unique_violation(&e) => {
            tx.rollback().await?;
            return replay(state, user_id, key, &request_hash)
                .await?
                .ok_or_else(|| Error::Internal(e.into()));
        }
        (Err(e), _) => return Err(e.into()),
    };
    let description = format!(
        "SMS to {} ({} part{})",
        q.to,
        q.segments,
        if q.segments == 1 { "" } else { "s" }
    );
    if q.cost > 0 {
        let posting = Posting {
            user_id,
            amount: -q.cost,
            kind: Kind::Sms,
            description: &description,
            reference: Some(format!("sms:{id}")),
            actor_id: None,
        };
        match ledger::post(&mut tx, posting).await {
            Ok(_) => {}
            Err(PostError::InsufficientFunds { balance, .. }) => {
                tx.rollback().await?;
                return Err(insufficient(q.cost, balance));
            }
            Err(e) => return Err(e.into()),
        }
    }
    if carrier.queues() {
        // The sender task submits it (sms::smpp); the charge stands from here on.
        crate::ledger::low_balance::warn_low_balance(&mut tx, user_id).await?;
        let message = repo::find(&mut *tx, id).await?;
        let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
        tx.commit().await?;
        let sent = SmsSent {
            message,
            balance: Money::micros(balance),
        };
        return Ok(Outcome {
            id,
            sent,
            failure: None,
        });
    }
    tx.commit().await?;

    let sender = sender.as_deref().unwrap_or("Dialtone");
    let sent = carrier
        .send(&format!("sms-{id}"), sender, &q.to, &q.text)
        .await;
    let mut tx = state.db.begin_write().await?;
    let failure = match sent {
        Ok(s) => {
            repo::mark_handed_over(&mut *tx, id, s.status, &s.provider_id, now_ms()).await?;
            if let Some(callback) = &origin.status_callback {
                crate::twilio::callbacks::message_status(&mut tx, callback, user_id, id).await?;
            }
            None
        }
        Err(e) => {
            tracing::warn!(sms_id = id, error = %e, "SMS carrier failed; refunding");
            let error = format!("The carrier could not take the message ({e})");
            repo::mark_failed(&mut *tx, id, &error, now_ms()).await?;
            if q.cost > 0 {
                let refund = format!("Refund: {description} was not delivered");
                let posting = Posting {
                    user_id,
                    amount: q.cost,
                    kind: Kind::Refund,
                    description: &refund,
                    reference: Some(format!("sms-refund:{id}")),
                    actor_id: None,
                };
                ledger::post(&mut tx, posting).await?;
            }
            notify(
                &mut *tx,
                user_id,
                "sms_failed",
                "Message not sent",
                &format!(
                    "Your message to {} could not be sent. You were not charged.",
                    q.to
                ),
            )
            .await?;
            if let Some(callback) = &origin.status_callback {
                crate::twilio::callbacks::message_status(&mut tx, callback, user_id, id).await?;
            }
            Some(error)
        }
    };
    if failure.is_none() && q.cost > 0 {
        crate::ledger::low_balance::warn_low_balance(&mut tx, user_id).await?;
    }
    let message = repo::find(&mut *tx, id).await?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok(Outcome {
        id,
        sent: SmsSent {
            message,
            balance: Money::micros(balance),
        },
        failure,
    })
}
