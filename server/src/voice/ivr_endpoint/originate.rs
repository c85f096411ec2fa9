//! Calls the endpoint places itself (the Calls API): an INVITE through the switch from
//! one of the account's numbers, on a leg ticket, so the switch authorizes it, cuts it
//! at its paid time and bills it as that number's outbound call, like a forward's leg.
//! Once answered, the call runs the TwiML given (or fetched from its Url) in a session
//! of its own, and its status callbacks (initiated, ringing, answered, completed) go
//! to the StatusCallback.

use super::call::Accepted;
use super::control::Control;
use super::g711::Codec;
use super::leg::{Leg, LegState, NewLeg};
use super::session::Session;
use super::{sdp, stream, Endpoint, Incoming};
use crate::ivr::repo::IvrRoute;
use crate::state::AppState;
use crate::voice::twiml::{fetch, repo, TwimlCall};
use dialtone_core::ivr::Fetch;
use dialtone_core::twiml::{self, Compiled, TwimlError};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, Instant};

/// What the call runs when answered.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub enum First {
    Url(Fetch),
    Twiml(String),
}

/// A call to place.
#[derive(Debug, Clone)]
pub struct Originate {
    /// The SIP Call-ID (the call's SID derives from it).
    pub call_id: String,
    /// From: the account's number; To: the destination; direction outbound-api.
    pub call: TwimlCall,
    pub number_id: i64,
    pub first: First,
    pub ring_seconds: u32,
    pub status_callback: Option<String>,
    /// Record the whole call from its answer (`Record=true`).
    pub record: bool,
    /// The account's number the call is billed as, when `call.from` is an outside
    /// number the account verified.
    pub billed: Option<String>,
}

/// A paid call is cut by the switch; the endpoint's own bound is four hours.
const LONGEST: i64 = 4 * 3600;

/// Places `o` through this instance's endpoint; false when it has none running.
pub fn place(state: &AppState, o: Originate) -> bool {
    let (Some(ep), Some(switch)) = (state.ivr.endpoint(), state.ivr.switch()) else {
        return false;
    };
    // Listening before the API answers, so a cancel right after the create finds it.
    let control = ep.control(&o.call.call_sid);
    tokio::spawn(async move {
        let (tx, rx) = mpsc::unbounded_channel();
        ep.calls.lock().unwrap().insert(o.call_id.clone(), tx);
        run(&ep, switch, &o, (rx, control)).await;
        ep.forget(&o.call_id);
        ep.forget_control(&o.call.call_sid);
    });
    true
}

enum Rung {
    Answered(Box<Leg>, Arc<UdpSocket>, sdp::Offer),
    /// busy, no-answer or failed.
    Not(&'static str),
}

async fn run(
    ep: &Arc<Endpoint>,
    switch: SocketAddr,
    o: &Originate,
    (mut rx, mut control): (
        mpsc::UnboundedReceiver<Incoming>,
        mpsc::UnboundedReceiver<Control>,
    ),
) {
    let mut sequence = 0;
    let mut tell = |status: &'static str, seconds: Option<i64>| {
        sequence += 1;
        status_callback(ep.state.clone(), o.clone(), status, sequence, seconds)
    };
    tell("initiated", None).await;
    // Until answered, the API may cancel it; answered, its session takes the API's word.
    let rung = ring(ep, switch, o, (&mut rx, &mut control), &mut tell).await;
    drop(control);
    let (leg, socket, answer) = match rung {
        Rung::Answered(leg, socket, answer) => (leg, socket, answer),
        Rung::Not(status) => return tell(status, None).await,
    };
    let answered = Instant::now();
    tell("answered", None).await;
    let contact = format!("<sip:ivr@{}>", ep.local);
    let mut dialog = leg.dialog(&contact);
    let asked_at = Instant::now();
    let flow = match first_flow(&ep.state, o).await {
        Ok(c) => c.flow,
        Err(e) => {
            tracing::warn!(call_sid = %o.call.call_sid, code = e.code, message = %e.message, "TwiML: the placed call ends");
            let bye = dialog.request("BYE", ep.local);
            if let Some(hop) = dialog.next_hop() {
                ep.send(&bye, hop).await;
            }
            return tell("completed", Some(answered.elapsed().as_secs() as i64)).await;
        }
    };
    let (events_tx, events) = mpsc::unbounded_channel();
    let Ok(media) = stream::start_on(socket, answer.clone(), events_tx) else {
        return tell("failed", None).await;
    };
    let accepted = Accepted {
        route: IvrRoute {
            flow_id: None,
            owner_id: o.call.owner_id,
            number_id: o.number_id,
            // A Dial shows the account's number the call is billed as.
            number: o.billed.clone().unwrap_or_else(|| o.call.from.clone()),
            flow,
        },
        offer: answer,
        max_seconds: LONGEST,
        caller: o.call.to.clone(),
        twiml: Some(o.call.clone()),
        asked_at: Some(asked_at),
        record_call: o.record,
    };
    let extra = format!("Contact: {contact}\r\nContent-Type: application/sdp\r\n");
    let mut session = Session::new(
        ep.clone(),
        dialog,
        accepted,
        media,
        Vec::new(),
        (extra, leg.offered_sdp()),
        switch,
    );
    session.acked = true;
    // Told as the call ends (the duration read then).
    let completed = async { tell("completed", Some(answered.elapsed().as_secs() as i64)).await };
    session.run_then(rx, events, completed).await;
}

/// The document the call runs first: the Twiml given, or its Url's.
async fn first_flow(state: &AppState, o: &Originate) -> Result<Compiled, TwimlError> {
    match &o.first {
        First::Twiml(xml) => {
            let here = Fetch {
                url: String::new(),
                method: "POST".into(),
            };
            twiml::compile(xml, &here)
        }
        First::Url(at) => {
            fetch::document(state, &o.call, at, "in-progress", &Default::default()).await
        }
    }
}

/// The outgoing leg of `o` toward the switch, with the socket of its media.
async fn new_leg(ep: &Endpoint, switch: SocketAddr, o: &Originate) -> Option<(Leg, UdpSocket)> {
    let socket = UdpSocket::bind((ep.local.ip(), 0)).await.ok()?;
    let rtp = socket.local_addr().ok()?;
    let leg = Leg::invite(NewLeg {
        call_id: &o.call_id,
        number: &o.call.from,
        to: &o.call.to,
        switch,
        local: ep.local,
        rtp,
        codec: Codec::Pcmu,
        secret: &ep.state.config.switch_token,
        billed: o.billed.as_deref(),
    });
    Some((leg, socket))
}

/// Sends the INVITE (again until a response, RFC 3261 timer A) and waits for the far
/// end: answered, or why not; CANCEL after `ring_seconds`.
async fn ring<F, Fut>(
    ep: &Endpoint,
    switch: SocketAddr,
    o: &Originate,
    (rx, control): (
        &mut mpsc::UnboundedReceiver<Incoming>,
        &mut mpsc::UnboundedReceiver<Control>,
    ),
    tell: &mut F,
) -> Rung
where
    F: FnMut(&'static str, Option<i64>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let Some((mut leg, socket)) = new_leg(ep, switch, o).await else {
        return Rung::Not("failed");
    };
    ep.send(leg.invite_bytes(), switch).await;
    let give_up = Instant::now() + Duration::from_secs(o.ring_seconds as u64);
    let mut resend_every = Duration::from_millis(500);
    let mut resend_at = Some(Instant::now() + resend_every);
    let mut told_ringing = false;
    loop {
        let far = Instant::now() + Duration::from_secs(3600);
        tokio::select! {
            m = rx.recv() => {
                let Some((m, _)) = m else { return Rung::Not("failed") };
                if m.is_request() {
                    continue;
                }
                resend_at = None;
                let (reply, answer) = leg.on_response(&m);
                if let Some((bytes, to)) = reply {
                    ep.send(&bytes, to).await;
                }
                match (leg.state, answer) {
                    (LegState::Answered, Some(body)) => match sdp::parse_offer(&body) {
                        Ok(answer) => return Rung::Answered(Box::new(leg), Arc::new(socket), answer),
                        Err(_) => {
                            let (bye, hop) = leg.bye();
                            ep.send(&bye, hop).await;
                            return Rung::Not("failed");
                        }
                    },
                    (LegState::Ringing, _) if !told_ringing => {
                        told_ringing = true;
                        tell("ringing", None).await;
                    }
                    (LegState::Over, _) => {
                        let busy = matches!(m.status(), Some(486 | 600));
                        return Rung::Not(if busy { "busy" } else { "failed" });
                    }
                    _ => {}
                }
            }
            _ = sleep_until(resend_at.unwrap_or(far)), if resend_at.is_some() => {
                ep.send(leg.invite_bytes(), switch).await;
                resend_every = (resend_every * 2).min(Duration::from_secs(4));
                resend_at = Some(Instant::now() + resend_every);
            }
            _ = sleep_until(give_up) => {
                cancel(ep, switch, &mut leg, rx).await;
                return Rung::Not("no-answer");
            }
            Some(Control::End) = control.recv() => {
                cancel(ep, switch, &mut leg, rx).await;
                return Rung::Not("canceled");
            }
        }
    }
}

/// CANCELs the ringing INVITE and acknowledges its final answer (two seconds at most);
/// an answer that crossed the CANCEL is hung up.
async fn cancel(
    ep: &Endpoint,
    switch: SocketAddr,
    leg: &mut Leg,
    rx: &mut mpsc::UnboundedReceiver<Incoming>,
) {
    ep.send(&leg.cancel(), switch).await;
    let until = Instant::now() + Duration::from_secs(2);
    while let Ok(Some((m, _))) = tokio::time::timeout_at(until, rx.recv()).await {
        if m.is_request() {
            continue;
        }
        let (reply, _) = leg.on_response(&m);
        if let Some((bytes, to)) = reply {
            ep.send(&bytes, to).await;
        }
        match leg.state {
            LegState::Over => return,
            LegState::Answered => {
                let (bye, hop) = leg.bye();
                return ep.send(&bye, hop).await;
            }
            _ => {}
        }
    }
}

/// The call's StatusCallback for `status`, queued as any webhook (signed, retried).
async fn status_callback(
    state: AppState,
    o: Originate,
    status: &'static str,
    sequence: u32,
    seconds: Option<i64>,
) {
    // The call's own record, as the Calls API shows it until the switch's CDR is in.
    let shown = match status {
        "initiated" => "queued",
        "answered" => "in-progress",
        other => other,
    };
    let now = crate::db::now_ms();
    if let Err(e) = repo::set_api_call_status(&state.db.pool, &o.call.call_sid, shown, now).await {
        tracing::error!(error = %e, call_sid = %o.call.call_sid, "a placed call's status could not be stored");
    }
    let Some(url) = &o.status_callback else {
        return;
    };
    let mut params = o.call.params(status);
    params.push(("SequenceNumber".into(), (sequence - 1).to_string()));
    params.push(("CallbackSource".into(), "call-progress-events".into()));
    if let Some(s) = seconds {
        params.push(("CallDuration".into(), s.to_string()));
    }
    let pairs: Vec<(&str, String)> = params
        .iter()
        .map(|(k, v)| (k.as_str(), v.clone()))
        .collect();
    let queued = crate::webhooks::enqueue(
        &state.db.pool,
        o.call.owner_id,
        crate::webhooks::CALL_STATUS,
        url,
        &pairs,
    )
    .await;
    if let Err(e) = queued {
        tracing::error!(error = %e, call_sid = %o.call.call_sid, "a call's status callback could not be queued");
    }
}
