//! A flow's Forward step on a call: the second leg through the switch (see `leg`), its
//! ring timeout, and the bridge once it answers; the fallback step when it does not.

use super::leg::{Leg, LegState, NewLeg};
use super::sdp;
use super::session::Session;
use super::sip::Message;
use super::stream::Command;
use dialtone_core::ivr::Event;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::time::Instant;

pub struct LegCall {
    pub leg: Leg,
    socket: Arc<UdpSocket>,
    /// Unanswered by then: cancelled, and the flow takes its fallback.
    ring_until: Instant,
    /// The INVITE is repeated until the first response (RFC 3261 timer A).
    resend_at: Option<Instant>,
    resend_every: Duration,
}

/// A forward that did not connect, as TwiML's DialCallStatus names why.
fn failed(status: &str) -> Event {
    Event::ForwardFailed {
        status: Some(status.into()),
    }
}

/// How a leg showing `wanted` is billed: as itself (Some(None)) when it is an active
/// number of `owner`, as `own` when `owner` verified it; None when neither.
async fn billed_for(
    pool: &sqlx::AnyPool,
    owner: i64,
    wanted: &str,
    own: &str,
) -> sqlx::Result<Option<Option<String>>> {
    if crate::voice::twiml::repo::active_number(pool, owner, wanted)
        .await?
        .is_some()
    {
        return Ok(Some(None));
    }
    let verified = crate::trial::repo::is_verified(pool, owner, wanted).await?;
    Ok(verified.then(|| Some(own.to_string())))
}

/// Twilio's "Dial: Invalid callerId value".
const INVALID_CALLER_ID: u32 = 13214;

impl Session {
    /// The number the forward's party sees, and the account's number the leg is
    /// billed as when that is another: the flow's own; a callerId that is another
    /// active number of its owner (billed as itself); or an outside number its owner
    /// verified (billed as the flow's number, signed with attestation B, as a device's
    /// verified caller ID is). None when the callerId is refused (and the Debugger
    /// tells the owner why).
    async fn shown_number(
        &mut self,
        caller_id: Option<String>,
    ) -> Option<(String, Option<String>)> {
        let Some(wanted) = caller_id.filter(|n| *n != self.route.number) else {
            return Some((self.route.number.clone(), None));
        };
        let owner = self.route.owner_id;
        let state = self.ep.state.clone();
        match billed_for(&state.db.pool, owner, &wanted, &self.route.number).await {
            Ok(Some(billed)) => return Some((wanted, billed)),
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "IVR: a Dial callerId could not be checked"),
        }
        let message = format!(
            "Dial: Invalid callerId value: {wanted} is neither a number of this account nor one it verified"
        );
        let event = crate::debugger::repo::Event::call_error(
            owner,
            &self.sid,
            INVALID_CALLER_ID,
            "",
            message,
        );
        crate::debugger::record(&state, event).await;
        None
    }

    pub(super) async fn forward(&mut self, to: &str, ring_seconds: u32, caller_id: Option<String>) {
        let Some((number, billed)) = self.shown_number(caller_id).await else {
            self.events.push_back(failed("failed"));
            return;
        };
        let socket = match UdpSocket::bind((self.ep.local.ip(), 0)).await {
            Ok(s) => Arc::new(s),
            Err(e) => {
                tracing::error!(error = %e, "IVR: no RTP port for a forward");
                self.events.push_back(failed("failed"));
                return;
            }
        };
        let Ok(rtp) = socket.local_addr() else {
            self.events.push_back(failed("failed"));
            return;
        };
        let call_id = format!("{}-ivr-fwd", self.dialog.call_id);
        let leg = Leg::invite(NewLeg {
            call_id: &call_id,
            number: &number,
            to,
            switch: self.proxy,
            local: self.ep.local,
            rtp,
            codec: self.codec,
            secret: &self.ep.state.config.switch_token,
            billed: billed.as_deref(),
        });
        // The leg's messages come to this call too.
        let me = self
            .ep
            .calls
            .lock()
            .unwrap()
            .get(&self.dialog.call_id)
            .cloned();
        if let Some(me) = me {
            self.ep.calls.lock().unwrap().insert(call_id.clone(), me);
        }
        tracing::info!(call_id = %self.dialog.call_id, leg = %call_id, %to, "IVR: forwarding");
        self.ep.send(leg.invite_bytes(), leg.switch).await;
        let now = Instant::now();
        self.leg = Some(LegCall {
            leg,
            socket,
            ring_until: now + Duration::from_secs(ring_seconds.max(1) as u64),
            resend_at: Some(now + Duration::from_millis(500)),
            resend_every: Duration::from_millis(500),
        });
    }

    /// The next moment the leg needs attention (a resend or its ring timeout).
    pub(super) fn leg_deadline(&self) -> Option<Instant> {
        let l = self.leg.as_ref()?;
        match l.leg.state {
            LegState::Calling | LegState::Ringing => Some(match l.resend_at {
                Some(at) => at.min(l.ring_until),
                None => l.ring_until,
            }),
            _ => None,
        }
    }

    pub(super) async fn leg_timer(&mut self) {
        let Some(l) = self.leg.as_mut() else { return };
        let now = Instant::now();
        if now >= l.ring_until {
            tracing::info!(leg = %l.leg.call_id, "IVR: the forward was not answered in time");
            let cancel = l.leg.cancel();
            l.leg.state = LegState::Over;
            self.ep.send(&cancel, self.proxy).await;
            self.feed(failed("no-answer")).await;
        } else if let Some(at) = l.resend_at.filter(|at| now >= *at) {
            l.resend_every = (l.resend_every * 2).min(Duration::from_secs(4));
            l.resend_at = Some(at + l.resend_every);
            let (invite, to) = (l.leg.invite_bytes().to_vec(), l.leg.switch);
            self.ep.send(&invite, to).await;
        }
    }

    /// A message of the leg's dialog.
    pub(super) async fn on_leg(&mut self, m: Message, src: SocketAddr) {
        let Some(l) = self.leg.as_mut() else { return };
        if m.is_request() {
            let ok = m.response(200, "OK", "", "", b"");
            self.ep.send(&ok, src).await;
            if m.method() == "BYE" {
                l.leg.state = LegState::Over;
                self.hang_up("forwarded party").await;
            }
            return;
        }
        l.resend_at = None;
        let before = l.leg.state;
        let (reply, answer) = l.leg.on_response(&m);
        if let Some((bytes, to)) = reply {
            self.ep.send(&bytes, to).await;
        }
        match (before, l.leg.state, answer) {
            (_, LegState::Answered, Some(body)) => match sdp::parse_offer(&body) {
                Ok(answer) => {
                    let bridge = Command::Bridge {
                        leg: l.socket.clone(),
                        remote: answer.remote,
                        codec: answer.codec,
                    };
                    if let Some(media) = &self.media {
                        let _ = media.commands.send(bridge);
                    }
                    tracing::info!(leg = %l.leg.call_id, "IVR: forward answered, bridged");
                    if self.record_leg {
                        self.start_tape();
                    }
                    self.feed(Event::ForwardAnswered).await;
                }
                Err(e) => {
                    tracing::warn!(?e, "IVR: the forwarded party's SDP is not usable");
                    let (bye, hop) = l.leg.bye();
                    self.ep.send(&bye, hop).await;
                    self.feed(failed("failed")).await;
                }
            },
            (LegState::Calling | LegState::Ringing, LegState::Over, _) => {
                tracing::info!(leg = %l.leg.call_id, status = ?m.status(), "IVR: forward refused");
                let busy = matches!(m.status(), Some(486 | 600));
                self.feed(failed(if busy { "busy" } else { "failed" }))
                    .await;
            }
            _ => {}
        }
    }

    /// The call ends: an answered leg gets a BYE, a ringing one a CANCEL.
    pub(super) async fn end_leg(&mut self) {
        let Some(l) = self.leg.as_mut() else { return };
        match l.leg.state {
            LegState::Answered => {
                let (bye, hop) = l.leg.bye();
                self.ep.send(&bye, hop).await;
            }
            LegState::Calling | LegState::Ringing => {
                let cancel = l.leg.cancel();
                l.leg.state = LegState::Over;
                self.ep.send(&cancel, self.proxy).await;
            }
            LegState::Over => {}
        }
    }
}
