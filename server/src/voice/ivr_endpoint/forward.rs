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
    /// Refused as busy (486 or 600).
    busy: bool,
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

    /// Rings `to` and the `also` parties at once through the switch, each a leg of its
    /// own showing the same number; the first to answer is bridged.
    pub(super) async fn forward(
        &mut self,
        to: &str,
        also: &[String],
        ring_seconds: u32,
        caller_id: Option<String>,
    ) {
        let Some((number, billed)) = self.shown_number(caller_id).await else {
            self.events.push_back(failed("failed"));
            return;
        };
        for old in self.legs.drain(..) {
            self.ep.forget(&old.leg.call_id);
        }
        self.bridged = None;
        let ring_until = Instant::now() + Duration::from_secs(ring_seconds.max(1) as u64);
        for party in std::iter::once(to).chain(also.iter().map(String::as_str)) {
            match self
                .ring(party, &number, billed.as_deref(), ring_until)
                .await
            {
                Ok(leg) => self.legs.push(leg),
                Err(e) => tracing::error!(error = %e, "IVR: no RTP port for a forward"),
            }
        }
        if self.legs.is_empty() {
            self.events.push_back(failed("failed"));
        }
    }

    /// One party's leg, its INVITE sent.
    async fn ring(
        &mut self,
        to: &str,
        number: &str,
        billed: Option<&str>,
        ring_until: Instant,
    ) -> std::io::Result<LegCall> {
        let socket = Arc::new(UdpSocket::bind((self.ep.local.ip(), 0)).await?);
        let rtp = socket.local_addr()?;
        // The first leg of a call keeps the plain suffix; later ones are numbered.
        self.legs_rung += 1;
        let call_id = match self.legs_rung {
            1 => format!("{}-ivr-fwd", self.dialog.call_id),
            n => format!("{}-ivr-fwd{n}", self.dialog.call_id),
        };
        let leg = Leg::invite(NewLeg {
            call_id: &call_id,
            number,
            to,
            switch: self.proxy,
            local: self.ep.local,
            rtp,
            codec: self.codec,
            secret: &self.ep.state.config.switch_token,
            billed,
        });
        // The leg's messages come to this call too.
        if let Some(me) = self.ep.sender_of(&self.dialog.call_id) {
            self.ep.calls.lock().unwrap().insert(call_id.clone(), me);
        }
        tracing::info!(call_id = %self.dialog.call_id, leg = %call_id, %to, "IVR: forwarding");
        self.ep.send(leg.invite_bytes(), leg.switch).await;
        Ok(LegCall {
            leg,
            socket,
            ring_until,
            resend_at: Some(Instant::now() + Duration::from_millis(500)),
            resend_every: Duration::from_millis(500),
            busy: false,
        })
    }

    /// The next moment a leg needs attention (a resend or the ring timeout).
    pub(super) fn leg_deadline(&self) -> Option<Instant> {
        self.legs
            .iter()
            .filter(|l| matches!(l.leg.state, LegState::Calling | LegState::Ringing))
            .map(|l| l.resend_at.map_or(l.ring_until, |at| at.min(l.ring_until)))
            .min()
    }

    pub(super) async fn leg_timer(&mut self) {
        let now = Instant::now();
        let ringing = |l: &LegCall| matches!(l.leg.state, LegState::Calling | LegState::Ringing);
        if self.legs.iter().any(|l| ringing(l) && now >= l.ring_until) {
            tracing::info!(call_id = %self.dialog.call_id, "IVR: the forward was not answered in time");
            self.cancel_ringing(None).await;
            return self.feed(failed("no-answer")).await;
        }
        let mut resends = Vec::new();
        for l in self.legs.iter_mut().filter(|l| ringing(l)) {
            if let Some(at) = l.resend_at.filter(|at| now >= *at) {
                l.resend_every = (l.resend_every * 2).min(Duration::from_secs(4));
                l.resend_at = Some(at + l.resend_every);
                resends.push((l.leg.invite_bytes().to_vec(), l.leg.switch));
            }
        }
        for (invite, to) in resends {
            self.ep.send(&invite, to).await;
        }
    }

    /// CANCELs every leg still ringing but `keep`.
    async fn cancel_ringing(&mut self, keep: Option<usize>) {
        let mut cancels = Vec::new();
        for (i, l) in self.legs.iter_mut().enumerate() {
            if Some(i) != keep && matches!(l.leg.state, LegState::Calling | LegState::Ringing) {
                cancels.push(l.leg.cancel());
                l.leg.state = LegState::Over;
            }
        }
        for cancel in cancels {
            self.ep.send(&cancel, self.proxy).await;
        }
    }

    /// A message of a leg's dialog.
    pub(super) async fn on_leg(&mut self, m: Message, src: SocketAddr) {
        let Some(i) = self.legs.iter().position(|l| l.leg.call_id == m.call_id()) else {
            return;
        };
        if m.is_request() {
            let ok = m.response(200, "OK", "", "", b"");
            self.ep.send(&ok, src).await;
            if m.method() == "BYE" {
                self.legs[i].leg.state = LegState::Over;
                if self.bridged == Some(i) {
                    self.hang_up("forwarded party").await;
                }
            }
            return;
        }
        let l = &mut self.legs[i];
        l.resend_at = None;
        let before = l.leg.state;
        let (reply, answer) = l.leg.on_response(&m);
        if let Some((bytes, to)) = reply {
            self.ep.send(&bytes, to).await;
        }
        match (before, self.legs[i].leg.state, answer) {
            (_, LegState::Answered, Some(body)) => self.answered(i, &body).await,
            (LegState::Calling | LegState::Ringing, LegState::Over, _) => {
                tracing::info!(leg = %self.legs[i].leg.call_id, status = ?m.status(), "IVR: forward refused");
                self.legs[i].busy = matches!(m.status(), Some(486 | 600));
                let ended = |l: &LegCall| l.leg.state == LegState::Over;
                if self.bridged.is_none() && self.legs.iter().all(ended) {
                    let busy = self.legs.iter().all(|l| l.busy);
                    self.feed(failed(if busy { "busy" } else { "failed" }))
                        .await;
                }
            }
            _ => {}
        }
    }

    /// Leg `i` answered: bridged if it is the first, the others stop ringing; one that
    /// answered after another is hung up at once.
    async fn answered(&mut self, i: usize, body: &[u8]) {
        let l = &mut self.legs[i];
        if self.bridged.is_some() {
            tracing::info!(leg = %l.leg.call_id, "IVR: another party answered first; hung up");
            let (bye, hop) = l.leg.bye();
            return self.ep.send(&bye, hop).await;
        }
        let answer = match sdp::parse_offer(body) {
            Ok(answer) => answer,
            Err(e) => {
                tracing::warn!(?e, "IVR: the forwarded party's SDP is not usable");
                let (bye, hop) = l.leg.bye();
                self.ep.send(&bye, hop).await;
                if self.legs.iter().all(|l| l.leg.state == LegState::Over) {
                    self.feed(failed("failed")).await;
                }
                return;
            }
        };
        let bridge = Command::Bridge {
            leg: l.socket.clone(),
            remote: answer.remote,
            codec: answer.codec,
        };
        tracing::info!(leg = %l.leg.call_id, "IVR: forward answered, bridged");
        if let Some(media) = &self.media {
            let _ = media.commands.send(bridge);
        }
        self.bridged = Some(i);
        self.cancel_ringing(Some(i)).await;
        if self.record_leg {
            self.start_tape();
        }
        self.feed(Event::ForwardAnswered).await;
    }

    /// The call ends: an answered leg gets a BYE, a ringing one a CANCEL.
    pub(super) async fn end_leg(&mut self) {
        self.cancel_ringing(None).await;
        if let Some(l) = self.bridged.and_then(|i| self.legs.get_mut(i)) {
            if l.leg.state == LegState::Answered {
                let (bye, hop) = l.leg.bye();
                self.ep.send(&bye, hop).await;
            }
        }
    }
}
