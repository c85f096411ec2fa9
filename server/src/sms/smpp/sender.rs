//! The sender: claims queued messages under a lease and submits each part once.
//!
//! A claim counts an attempt before anything is sent; each part the SMSC accepts is
//! recorded with its message_id at once, and a resumed message (after a dropped link
//! or a crash) skips the parts already recorded.
//!
//! A part submitted whose submit_sm_resp never arrived (the link dropped, or the
//! response timed out) may or may not be at the SMSC: its message becomes uncertain
//! and waits the reconciliation grace (DIALTONE_SMPP_RECONCILE_SECS) instead of going
//! again at once. SMSCs keep the receipts of an ESME that dropped and deliver them
//! after it binds again; a receipt whose message_id we never recorded is matched to
//! the uncertain part by addresses and text (`reconcile`), which records the part as
//! accepted. What remains at least once: an uncertain part that no receipt names
//! within the grace (receipts not requested or lost, an SMSC that drops them, a text
//! too changed to match) is submitted again, so the SMSC may see that part twice. A
//! crash leaves its claimed messages leased: the lease (60 s) is their grace. No
//! message is ever charged twice (the charge was taken once, when it was queued).

use super::repo::{self, Claimed};
use super::status::Counters;
use crate::db::now_ms;
use crate::ledger::{self, Kind, Posting};
use crate::state::AppState;
use dialtone_core::sms::{self, Encoding};
use futures::StreamExt;
use rusmpp::pdus::SubmitSm;
use rusmpp::types::{COctetString, OctetString};
use rusmpp::values::{DataCoding, EsmClass, Npi, RegisteredDelivery, Ton};
use rusmpp::CommandStatus;
use rusmppc::error::Error as LinkError;
use rusmppc::Client;
use std::str::FromStr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

const LEASE_MS: i64 = 60_000;
const BATCH: i64 = 64;
/// Messages outstanding on one link at once (each waits for its submit_sm_resp).
const WINDOW: usize = 16;
const IDLE: Duration = Duration::from_millis(100);
/// Throttling doubles the pause between submits up to this, and successes halve it.
const SLOWEST: Duration = Duration::from_secs(5);

enum Submitted {
    Sent,
    /// ESME_RTHROTTLED or ESME_RMSGQFUL: the SMSC wants us slower, not the message gone.
    Throttled,
    Refused(String),
    /// A submit got no answer: the part may be at the SMSC.
    Uncertain(String),
}

pub async fn run(state: AppState, client: Client, counters: Arc<Counters>, reconcile: Duration) {
    let pace = Pace {
        reconcile,
        ..Pace::default()
    };
    let grace = i64::try_from(reconcile.as_millis()).unwrap_or(i64::MAX / 2);
    if let Err(e) = repo::defer_uncertain(&state.db.pool, now_ms() + grace).await {
        tracing::error!(error = ?e, "could not defer uncertain SMS after a bind");
    }
    while !client.is_closed() {
        let claimed = match claim(&state).await {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(error = ?e, "could not claim queued SMS");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        if claimed.is_empty() {
            tokio::time::sleep(IDLE).await;
            continue;
        }
        // Up to WINDOW messages outstanding at once; each message's parts in order.
        futures::stream::iter(claimed)
            .for_each_concurrent(WINDOW, |m| one(&state, &client, &pace, &counters, m))
            .await;
    }
}

/// The pause between submits: doubled by each throttling answer, halved by each
/// success, shared by the submits in flight; and the grace of an uncertain part.
#[derive(Default)]
struct Pace {
    pause: std::sync::Mutex<Duration>,
    reconcile: Duration,
}

impl Pace {
    fn now(&self) -> Duration {
        *self.pause.lock().expect("pace lock")
    }
    fn faster(&self) {
        let mut p = self.pause.lock().expect("pace lock");
        *p /= 2;
    }
    fn slower(&self) -> Duration {
        let mut p = self.pause.lock().expect("pace lock");
        *p = (*p * 2).clamp(Duration::from_millis(50), SLOWEST);
        *p
    }
}

/// Submits one claimed message and records what came of it.
async fn one(state: &AppState, client: &Client, pace: &Pace, counters: &Counters, m: Claimed) {
    if client.is_closed() {
        release(state, &m, now_ms()).await;
        return;
    }
    let pause = pace.now();
    if !pause.is_zero() {
        tokio::time::sleep(pause).await;
    }
    if m.uncertain_since.is_some() {
        // The grace ran out and no receipt named the part: the at-least-once window.
        tracing::warn!(
            sms_id = m.id,
            "no receipt named an unanswered part within the grace; submitting it again"
        );
    }
    let done = match submit(state, client, counters, &m).await {
        Ok(Submitted::Sent) => {
            pace.faster();
            Ok(())
        }
        Ok(Submitted::Throttled) => {
            let due = now_ms() + i64::try_from(pace.slower().as_millis()).unwrap_or(0);
            release(state, &m, due).await;
            Ok(())
        }
        Ok(Submitted::Refused(status)) => fail(state, &m, &status).await,
        Ok(Submitted::Uncertain(e)) => {
            tracing::warn!(sms_id = m.id, error = %e, "SMPP submit unanswered; reconciling");
            let now = now_ms();
            let grace = i64::try_from(pace.reconcile.as_millis()).unwrap_or(i64::MAX / 2);
            repo::mark_uncertain(&state.db.pool, m.id, now, now + grace)
                .await
                .map_err(Into::into)
        }
        Err(e) => {
            // The database failed around a submit: the lease decides, as after a crash.
            tracing::warn!(sms_id = m.id, error = ?e, "SMPP submit interrupted");
            Ok(())
        }
    };
    if let Err(e) = done {
        tracing::error!(sms_id = m.id, error = ?e, "could not record an SMPP submit");
    }
}

async fn claim(state: &AppState) -> sqlx::Result<Vec<Claimed>> {
    let now = now_ms();
    let mut claimed: Vec<Claimed> = repo::DUE
        .take(&state.db, now, now + LEASE_MS, BATCH)
        .await?;
    // Submitted in queue order: RETURNING gives the rows in no particular order.
    claimed.sort_by_key(|c| c.id);
    Ok(claimed)
}

/// Back to the queue, due at `due`: nothing of it is in doubt.
async fn release(state: &AppState, m: &Claimed, due: i64) {
    if let Err(e) = repo::release(&state.db.pool, m.id, due).await {
        tracing::error!(sms_id = m.id, error = ?e, "could not release an SMS; its lease will");
    }
}

/// Submits the parts of `m` not yet accepted, recording each acceptance.
async fn submit(
    state: &AppState,
    client: &Client,
    counters: &Counters,
    m: &Claimed,
) -> anyhow::Result<Submitted> {
    let encoding = sms::analyze(&m.body).encoding;
    let parts = sms::parts(&m.body);
    let total = u8::try_from(parts.len())?;
    // The 8-bit concatenation reference: the same for every part of one message.
    let reference = (m.id % 256) as u8;
    let done = repo::submitted_parts(&state.db.pool, m.id).await?;
    for (i, part) in parts.iter().enumerate() {
        let number = i as u8 + 1;
        if done.contains(&i64::from(number)) {
            continue;
        }
        let mut payload = Vec::new();
        let mut esm = EsmClass::default();
        if total > 1 {
            payload.extend_from_slice(&[0x05, 0x00, 0x03, reference, total, number]);
            esm = esm.with_udhi_indicator();
        }
        payload.extend(sms::encode(part, encoding));
        let submit_sm = SubmitSm::builder()
            .source_addr_ton(Ton::Unknown)
            .source_addr_npi(Npi::Unknown)
            .source_addr(COctetString::from_str(
                m.from
                    .as_deref()
                    .unwrap_or("Dialtone")
                    .trim_start_matches('+'),
            )?)
            .dest_addr_ton(Ton::International)
            .dest_addr_npi(Npi::Isdn)
            .destination_addr(COctetString::from_str(m.to.trim_start_matches('+'))?)
            .esm_class(esm)
            // Final receipts only, success or failure.
            .registered_delivery(RegisteredDelivery::from(0x01u8))
            .data_coding(match encoding {
                Encoding::Ucs2 => DataCoding::Ucs2,
                Encoding::Gsm7 => DataCoding::McSpecific,
            })
            .short_message(OctetString::from_vec(payload)?)
            .build();
        match client.submit_sm(submit_sm).await {
            Ok(resp) => {
                let smsc_id = resp.message_id().to_string();
                counters.submitted.fetch_add(1, Ordering::Relaxed);
                repo::record_part(&state.db.pool, m.id, i64::from(number), &smsc_id, now_ms())
                    .await?;
            }
            Err(LinkError::UnexpectedResponse { response }) => {
                return Ok(match response.status() {
                    CommandStatus::EsmeRthrottled | CommandStatus::EsmeRmsgqful => {
                        Submitted::Throttled
                    }
                    other => Submitted::Refused(format!("{other:?}")),
                });
            }
            // Closed, reset or timed out after the submit may have left: in doubt.
            Err(e) => return Ok(Submitted::Uncertain(e.to_string())),
        }
    }
    let mut tx = state.db.begin_write().await?;
    if repo::mark_sent(&mut *tx, m.id, now_ms()).await? {
        callback(&mut tx, m).await?;
    }
    tx.commit().await?;
    Ok(Submitted::Sent)
}

/// The SMSC refused the message: failed, refunded, and its owner told. A part the
/// SMSC accepted before it refused another was still refunded: the customer's
/// message as a whole did not go.
async fn fail(state: &AppState, m: &Claimed, status: &str) -> anyhow::Result<()> {
    let error = format!("The carrier refused the message ({status})");
    let mut tx = state.db.begin_write().await?;
    crate::sms::repo::mark_failed(&mut *tx, m.id, &error, now_ms()).await?;
    if m.cost_micros > 0 {
        let parts = if m.segments == 1 { "part" } else { "parts" };
        let refund = format!(
            "Refund: SMS to {} ({} {parts}) was not delivered",
            m.to, m.segments
        );
        let posting = Posting {
            user_id: m.user_id,
            amount: m.cost_micros,
            kind: Kind::Refund,
            description: &refund,
            reference: Some(format!("sms-refund:{}", m.id)),
            actor_id: None,
        };
        ledger::post(&mut tx, posting)
            .await
            .map_err(|e| anyhow::anyhow!("the refund failed: {e:?}"))?;
        // Not spent after all: the day's limit gets it back.
        let day = m.created_at / crate::settings::DAY_MS;
        crate::limits::unspend(&mut *tx, m.user_id, m.cost_micros, day)
            .await
            .map_err(|e| anyhow::anyhow!("the day's spending: {e:?}"))?;
    }
    crate::notifications::notify(
        &mut *tx,
        m.user_id,
        "sms_failed",
        "Message not sent",
        &format!(
            "Your message to {} could not be sent. You were not charged.",
            m.to
        ),
    )
    .await?;
    callback(&mut tx, m).await?;
    tx.commit().await?;
    Ok(())
}

/// Queues the status callback of an API message, if it asked for one.
async fn callback(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    m: &Claimed,
) -> anyhow::Result<()> {
    let Some(url) = &m.status_callback else {
        return Ok(());
    };
    let Some(account) = crate::credentials::repo::account_of(&mut **tx, m.user_id).await? else {
        return Ok(());
    };
    let cb = crate::webhooks::events::Callback {
        url,
        account_sid: &account.account_sid,
    };
    crate::webhooks::events::message_status(tx, &cb, m.user_id, m.id).await?;
    Ok(())
}
