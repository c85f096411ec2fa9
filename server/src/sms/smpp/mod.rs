//! SMS over SMPP: Dialtone binds to the carrier's SMSC as a transceiver (rusmppc),
//! submits the durable queue of `queued` messages (`sender`), and applies what the
//! SMSC delivers back: receipts and inbound messages (`deliver`). The link keeps
//! itself alive with enquire_link and reconnects with a growing pause when it drops.

pub mod admin;
pub mod deliver;
mod inbound_parts;
mod reconcile;
pub mod repo;
mod sender;
pub mod status;
mod tls;

// The links are configuration, read with the rest of it (infra::smpp_settings).
pub use crate::infra::smpp_settings::{self as settings, Link, Settings};

use crate::state::AppState;
use futures::StreamExt;
use rusmpp::pdus::{BindTransceiver, DeliverSm, DeliverSmResp};
use rusmpp::tlvs::TlvValue;
use rusmpp::types::COctetString;
use rusmpp::{CommandId, Pdu};
use rusmppc::{Client, ConnectionBuilder, Event};
use std::str::FromStr;
use std::time::Duration;

const FIRST_PAUSE: Duration = Duration::from_millis(200);
const LONGEST_PAUSE: Duration = Duration::from_secs(30);

/// Starts one link per configured SMSC when DIALTONE_SMS_PROVIDER is `smpp`; every
/// instance runs its own (the queue's leases keep them from submitting one message
/// twice, whichever link and instance claims it).
pub fn spawn(state: AppState) {
    if state.config.sms_provider != "smpp" {
        return;
    }
    let Some(settings) = state.config.smpp.clone() else {
        tracing::error!("DIALTONE_SMS_PROVIDER=smpp without DIALTONE_SMPP_ADDR: SMS stay queued");
        return;
    };
    for link in settings.links.clone() {
        tokio::spawn(run(state.clone(), link, settings.reconcile));
    }
}

async fn run(state: AppState, settings: Link, reconcile: Duration) {
    let mut status = status::Status::new(state.clone(), &settings);
    let mut pause = FIRST_PAUSE;
    loop {
        match connect(&settings).await {
            Ok((client, events)) => {
                tracing::info!(addr = settings.addr, "SMPP link bound");
                pause = FIRST_PAUSE;
                status.bound().await;
                link(&state, &mut status, client, events, reconcile).await;
                tracing::warn!(addr = settings.addr, "SMPP link closed; reconnecting");
                status.down("The SMSC closed the link").await;
            }
            Err(e) => {
                tracing::warn!(addr = settings.addr, error = %e, "SMPP bind failed");
                status.down(&format!("Bind failed: {e}")).await;
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
}

async fn connect(s: &Link) -> anyhow::Result<(Client, impl futures::Stream<Item = Event> + Unpin)> {
    // 10 s, not the usual 30: rusmppc 0.4.0 stops writing when a burst of submits
    // meets its sink-poll limit and no read wakes it (an SMSC that has gone silent),
    // until its next timer; the keep-alive is that timer, so it bounds the stall
    // (seen in the reconcile test: a submit written 30 s late).
    let mut builder = ConnectionBuilder::new()
        .enquire_link_interval(Duration::from_secs(10))
        .enquire_link_response_timeout(Duration::from_secs(10))
        .response_timeout(Duration::from_secs(10));
    let scheme = if s.tls { "ssmpp" } else { "smpp" };
    if let Some(config) = tls::config(s)? {
        builder = builder.rustls_config(config);
    }
    let (client, events) = builder.connect(format!("{scheme}://{}", s.addr)).await?;
    let bind = BindTransceiver::builder()
        .system_id(COctetString::from_str(&s.system_id)?)
        .password(COctetString::from_str(&s.password)?)
        .system_type(COctetString::from_str(&s.system_type)?)
        .address_range(COctetString::from_str(&s.address_range)?)
        .build();
    client.bind_transceiver(bind).await?;
    Ok((client, events))
}

/// Runs one bound session: the sender submits while this loop answers what the SMSC
/// sends, until the connection ends.
async fn link(
    state: &AppState,
    status: &mut status::Status,
    client: Client,
    mut events: impl futures::Stream<Item = Event> + Unpin,
    reconcile: Duration,
) {
    let counters = status.counters.clone();
    let mut sender = tokio::spawn(sender::run(
        state.clone(),
        client.clone(),
        counters.clone(),
        reconcile,
    ));
    let mut tick = tokio::time::interval(status::TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let event = tokio::select! {
            e = events.next() => e,
            _ = tick.tick() => {
                status.tick().await;
                continue;
            }
        };
        let Some(event) = event else { break };
        match event {
            Event::Incoming(command) if command.id() == CommandId::DeliverSm => {
                let Some(Pdu::DeliverSm(sm)) = command.pdu() else {
                    continue;
                };
                counters
                    .received
                    .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                match on_deliver(state, sm).await {
                    Ok(()) => {
                        let ack = client
                            .deliver_sm_resp(command.sequence_number(), DeliverSmResp::default())
                            .await;
                        if let Err(e) = ack {
                            tracing::warn!(error = %e, "could not acknowledge a deliver_sm");
                        }
                    }
                    // Unacknowledged, the SMSC delivers it again later.
                    Err(e) => tracing::error!(error = ?e, "a deliver_sm failed; not acknowledged"),
                }
            }
            Event::Incoming(_) => {}
            Event::Error(e) => {
                tracing::warn!(error = %e, "SMPP link error");
                status.error(&format!("Link error: {e}")).await;
            }
        }
    }
    let _ = client.close().await;
    // The sender sees the closed link at its next submit and hands its claimed
    // messages back to the queue; aborting it instead would leave them leased.
    if tokio::time::timeout(Duration::from_secs(15), &mut sender)
        .await
        .is_err()
    {
        sender.abort();
    }
}

/// A receipt (esm_class message type 0x04) or a message to one of our numbers.
async fn on_deliver(state: &AppState, sm: &DeliverSm) -> anyhow::Result<()> {
    let esm = u8::from(sm.esm_class);
    let all: &[u8] = sm.short_message().as_ref();
    // A part of a long message: its header is not text, and names the part.
    let (header, bytes) = if esm & 0x40 != 0 && !all.is_empty() {
        let end = (usize::from(all[0]) + 1).min(all.len());
        (&all[1..end], &all[end..])
    } else {
        (&[][..], all)
    };
    let from = sm.source_addr.to_string();
    let to = sm.destination_addr.to_string();
    if esm & 0x04 != 0 {
        // Receipt texts are ASCII whatever data_coding says (SMSCs send 0 with them).
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        let receipted = sm.tlvs().iter().find_map(|t| match t.value() {
            Some(TlvValue::ReceiptedMessageId(id)) => Some(id.to_string()),
            _ => None,
        });
        // A receipt comes from the handset's address to ours.
        let r = deliver::Delivered {
            text: &text,
            receipted_id: receipted.as_deref(),
            handset: &to_e164(&from),
            sender: &to,
        };
        deliver::receipt(state, r).await
    } else {
        let text = decode(bytes, u8::from(sm.data_coding));
        match inbound_parts::concat(header) {
            Some(part) => inbound_parts::store(state, &from, &to, part, &text).await,
            None => deliver::inbound(state, &from, &to, &text).await,
        }
    }
}

/// SMPP addresses carry international numbers without the `+` (TON 1); Dialtone
/// stores them in E.164. An alphanumeric address stays as it came.
pub(crate) fn to_e164(address: &str) -> String {
    let n = dialtone_core::phone::normalize(address);
    if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) {
        format!("+{n}")
    } else {
        n
    }
}

/// UCS-2 (data_coding 8) as UTF-16 big-endian, the SMSC default (0) as GSM 03.38,
/// and IA5/Latin-1 (1, 3) and anything else byte for byte.
fn decode(bytes: &[u8], data_coding: u8) -> String {
    match data_coding & 0x0F {
        0x08 => {
            let units: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        0x00 => dialtone_core::sms::decode_gsm(bytes),
        _ => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}
