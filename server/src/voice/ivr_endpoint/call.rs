//! A new INVITE: is it the switch's (ticket), to a number routed to a flow, with a codec
//! we speak? Refused with the SIP status that says why, else answered (200 OK with our
//! SDP) and handed to the session that runs the flow.

use super::dialog::Dialog;
use super::sdp::{self, OfferError};
use super::session::Session;
use super::sip::{self, Message};
use super::stream;
use super::ticket::{self, MAX_DURATION_HEADER, TICKET_HEADER};
use super::{Endpoint, Incoming};
use crate::ivr::repo::IvrRoute;
use crate::voice::twiml::{self, TwimlCall};
use dialtone_core::ivr::{self as exec, Action};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, Instant};

pub const ALLOW: &str = "Allow: INVITE, ACK, BYE, CANCEL, OPTIONS, INFO\r\n";

/// What an accepted INVITE carries into the session.
pub struct Accepted {
    pub route: IvrRoute,
    pub offer: sdp::Offer,
    pub max_seconds: i64,
    pub caller: String,
    /// The call runs the TwiML of the number's VoiceUrl.
    pub twiml: Option<TwimlCall>,
    /// When its first TwiML document was asked for (the first audio is timed from it).
    pub asked_at: Option<Instant>,
    /// The whole call is recorded from its answer (the Calls API's `Record`).
    pub record_call: bool,
}

pub async fn run(
    ep: Arc<Endpoint>,
    invite: Message,
    from: SocketAddr,
    mut rx: mpsc::UnboundedReceiver<Incoming>,
) {
    let call_id = invite.call_id().to_string();
    ep.send(&invite.response(100, "Trying", "", "", b""), from)
        .await;
    let tag = sip::random_token();
    match check(&ep, &invite).await {
        Err((code, reason)) => {
            tracing::info!(%call_id, code, reason, "IVR: INVITE refused");
            let reply = invite.response(code, reason, &tag, "", b"");
            refuse(&ep, &reply, from, &mut rx).await;
        }
        Ok(accepted) => answer(&ep, invite, from, &tag, accepted, rx).await,
    }
    ep.forget(&call_id);
}

async fn check(ep: &Endpoint, invite: &Message) -> Result<Accepted, (u16, &'static str)> {
    let number = e164(sip::user_of(invite.uri()));
    let max_seconds = invite
        .header(MAX_DURATION_HEADER)
        .and_then(|m| m.trim().parse::<i64>().ok())
        .filter(|m| *m > 0);
    let presented = invite.header(TICKET_HEADER).unwrap_or("");
    let secret = &ep.state.config.switch_token;
    let Some(max_seconds) =
        max_seconds.filter(|m| ticket::verify(secret, invite.call_id(), &number, *m, presented))
    else {
        return Err((403, "Forbidden"));
    };
    let caller = e164(sip::user_of(sip::uri_of(
        invite.header("from").unwrap_or(""),
    )));
    let offer = sdp::parse_offer(&invite.body).map_err(|e| match e {
        OfferError::NoCommonCodec | OfferError::Malformed => (488, "Not Acceptable Here"),
    })?;
    let asked_at = Instant::now();
    let (route, twiml) = route_of(ep, invite, &number, &caller).await?;
    let asked_at = twiml.is_some().then_some(asked_at);
    Ok(Accepted {
        route,
        offer,
        max_seconds,
        caller,
        twiml,
        asked_at,
        record_call: false,
    })
}

type Refusal = (u16, &'static str);

/// The flow that answers `number`: its IVR flow, else the TwiML its VoiceUrl answers
/// with now (a document that refuses the call refuses the INVITE).
async fn route_of(
    ep: &Endpoint,
    invite: &Message,
    number: &str,
    caller: &str,
) -> Result<(IvrRoute, Option<TwimlCall>), Refusal> {
    let pool = &ep.state.db.pool;
    let internal = |e: sqlx::Error| {
        tracing::error!(error = %e, "IVR: route lookup failed");
        (500, "Server Internal Error")
    };
    if let Some(route) = crate::ivr::repo::flow_for_number(pool, number)
        .await
        .map_err(internal)?
    {
        return Ok((route, None));
    }
    let Some(voice) = twiml::repo::voice_route(pool, number)
        .await
        .map_err(internal)?
    else {
        return Err((404, "Not Found"));
    };
    let call = TwimlCall {
        account_sid: voice.account_sid.clone(),
        owner_id: voice.owner_id,
        call_sid: crate::webhooks::call_sid(invite.call_id()),
        from: caller.to_string(),
        to: voice.number.clone(),
        direction: "inbound",
    };
    let compiled = twiml::first_document(&ep.state, &call, &voice)
        .await
        .map_err(|e| {
            tracing::warn!(call_sid = %call.call_sid, code = e.code, message = %e.message, "TwiML: the call is refused");
            (500, "Server Internal Error")
        })?;
    let now = exec::Now {
        ms: crate::db::now_ms(),
        zones: &exec::Iana,
    };
    let first = exec::start(&compiled.flow, now);
    if let Some(Action::Reject { reason }) = first.actions.first() {
        return Err(if reason == "busy" {
            (486, "Busy Here")
        } else {
            (603, "Decline")
        });
    }
    let route = IvrRoute {
        flow_id: None,
        owner_id: voice.owner_id,
        number_id: voice.number_id,
        number: voice.number,
        flow: compiled.flow,
    };
    Ok((route, Some(call)))
}

/// "+14155550100" from a URI's user part with or without its '+'.
fn e164(user: &str) -> String {
    let digits = user.trim_start_matches('+');
    format!("+{digits}")
}

/// Sends a final refusal and repeats it (RFC 3261 17.2.1) until the proxy's ACK, four
/// seconds at most; a retransmitted INVITE gets it again.
async fn refuse(
    ep: &Endpoint,
    reply: &[u8],
    to: SocketAddr,
    rx: &mut mpsc::UnboundedReceiver<Incoming>,
) {
    ep.send(reply, to).await;
    let give_up = Instant::now() + Duration::from_secs(4);
    let mut interval = Duration::from_millis(500);
    let mut next = Instant::now() + interval;
    loop {
        tokio::select! {
            m = rx.recv() => match m {
                Some((m, src)) if m.method() == "ACK" => { let _ = src; return }
                Some((m, src)) if m.method() == "INVITE" => ep.send(reply, src).await,
                Some(_) => {}
                None => return,
            },
            _ = sleep_until(next) => {
                if Instant::now() >= give_up {
                    return;
                }
                ep.send(reply, to).await;
                interval = (interval * 2).min(Duration::from_secs(4));
                next = Instant::now() + interval;
            }
        }
    }
}

async fn answer(
    ep: &Arc<Endpoint>,
    invite: Message,
    from: SocketAddr,
    tag: &str,
    accepted: Accepted,
    rx: mpsc::UnboundedReceiver<Incoming>,
) {
    let (events_tx, events) = mpsc::unbounded_channel();
    let media = match stream::start(ep.local.ip(), accepted.offer.clone(), events_tx).await {
        Ok(m) => m,
        Err(e) => {
            tracing::error!(error = %e, "IVR: no RTP port");
            let mut rx = rx;
            let reply = invite.response(503, "Service Unavailable", tag, "", b"");
            refuse(ep, &reply, from, &mut rx).await;
            return;
        }
    };
    let contact = format!("<sip:ivr@{}>", ep.local);
    let body = sdp::answer(media.local, &accepted.offer, rand::random::<u32>() as u64);
    let extra = format!("Contact: {contact}\r\n{ALLOW}Content-Type: application/sdp\r\n");
    let ok = invite.response(200, "OK", tag, &extra, body.as_bytes());
    let dialog = Dialog::from_invite(&invite, tag, &contact);
    tracing::info!(call_id = %invite.call_id(), flow = ?accepted.route.flow_id,
        codec = accepted.offer.codec.name(), max = accepted.max_seconds, "IVR: answered");
    let session = Session::new(ep.clone(), dialog, accepted, media, ok, (extra, body), from);
    session.run(rx, events).await;
}
