//! The end of an answered IVR or TwiML call: the BYE (ours, or the caller's), a
//! recording in progress closed with what it has, the path and any voicemail stored,
//! and a few seconds for the transaction's stragglers.

use super::session::{next_sip, Session, T1};
use super::stream::{Command, MediaEvent};
use super::wav;
use crate::ivr::repo;
use dialtone_core::ivr::Event;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, timeout, Instant};

impl Session {
    pub(super) async fn hang_up(&mut self, why: &'static str) {
        if self.ended.is_some() {
            return;
        }
        if why != "no ACK" {
            self.await_ack().await;
        }
        // The caller may have hung up meanwhile.
        if self.ended.is_some() {
            return;
        }
        self.ended = Some(why);
        self.end_leg().await;
        let bye = self.dialog.request("BYE", self.ep.local);
        if let Some(hop) = self.dialog.next_hop() {
            self.ep.send(&bye, hop).await;
        }
        self.bye = Some(bye);
    }

    /// Waits for the ACK of the 200 OK (repeating the 200 meanwhile) before a BYE: RFC
    /// 3261 15 forbids the callee's BYE until then. A document that hangs up at once
    /// would otherwise send it right behind the 200, and the switch's workers could pass
    /// it on first, to a caller (and a dialog) that never saw the answer. A forward
    /// leg's message read meanwhile is dropped: its sender repeats it.
    async fn await_ack(&mut self) {
        while !self.acked && self.ended.is_none() {
            tokio::select! {
                m = next_sip(&mut self.sip) => match m {
                    Some((m, src)) if m.call_id() == self.dialog.call_id => {
                        self.answer_request(&m, src).await;
                    }
                    Some(_) => {}
                    None => return,
                },
                _ = sleep_until(self.ok_next) => {
                    if !self.resend_ok().await {
                        return;
                    }
                }
            }
        }
    }

    /// The call is over: a recording in progress ends with what it has, as does the
    /// call's tape (stored as a recording), then the path and the voicemail are stored.
    pub(super) async fn finish(&mut self, media: &mut mpsc::UnboundedReceiver<MediaEvent>) {
        if self.recording && self.recorded.is_none() {
            self.command(Command::FinishRecording);
            let wait = Duration::from_secs(1);
            while let Ok(Some(e)) = timeout(wait, media.recv()).await {
                if let MediaEvent::Recorded(_) = e {
                    self.on_media(e).await;
                    break;
                }
            }
        }
        if self.taping {
            self.command(Command::StopTape);
            let wait = Duration::from_secs(1);
            while let Ok(Some(e)) = timeout(wait, media.recv()).await {
                if let MediaEvent::Taped(_) = e {
                    self.on_media(e).await;
                    break;
                }
            }
        }
        self.keep_tape().await;
        self.end_leg().await;
        self.media = None;
        self.feed(Event::Hangup).await;
        let call_id = self.dialog.call_id.clone();
        tracing::info!(%call_id, ended_by = self.ended.unwrap_or(""), path = %self.state.path_text(), "IVR: call ended");
        if let Err(e) = self.store().await {
            tracing::error!(%call_id, error = %e, "IVR: the call's path or voicemail could not be stored");
        }
    }

    async fn store(&mut self) -> anyhow::Result<()> {
        let pool = &self.ep.state.db.pool;
        let path = self.state.path_text();
        repo::set_call_path(pool, &self.sid, self.route.flow_id, &path).await?;
        // A TwiML recording goes to its action, not to a voicemail box.
        let Some(flow_id) = self.route.flow_id else {
            return Ok(());
        };
        let Some(samples) = self.recorded.take().filter(|s| !s.is_empty()) else {
            return Ok(());
        };
        let wav = wav::encode(&samples);
        let owner = self.route.owner_id;
        let mut tx = self.ep.state.db.begin_write().await?;
        crate::users::repo::lock(&mut *tx, owner).await?;
        let have = repo::count_voicemails(&mut *tx, owner).await?;
        let kept = dialtone_core::quota::Kept::Voicemails;
        if let Err(refusal) = crate::limits::quota::check(&mut tx, owner, kept, have).await? {
            drop(tx);
            let what = format!("A voicemail from {}", self.caller);
            return crate::limits::quota::not_kept(&self.ep.state, owner, &what, &refusal).await;
        }
        let voicemail = repo::NewVoicemail {
            user_id: owner,
            number_id: Some(self.route.number_id),
            flow_id: Some(flow_id),
            call_sid: Some(&self.sid),
            caller: &self.caller,
            duration_ms: samples.len() as i64 / 8,
            wav: &wav,
        };
        let id = repo::save_voicemail(&mut tx, &voicemail).await?;
        tx.commit().await?;
        crate::ivr::announce_voicemail(&self.ep.state, id).await?;
        Ok(())
    }

    /// Stays a few seconds for the transaction's stragglers: our BYE repeated until
    /// answered, the caller's BYE answered again if it was repeated.
    pub(super) async fn linger(&mut self) {
        let Some(mut rx) = self.sip.take() else {
            return;
        };
        let until = Instant::now() + Duration::from_secs(if self.bye.is_some() { 8 } else { 4 });
        let mut interval = T1;
        let mut next = Instant::now() + interval;
        loop {
            tokio::select! {
                m = rx.recv() => match m {
                    Some((m, src)) if m.is_request() && m.method() != "ACK" => {
                        self.ep.send(&m.response(200, "OK", "", "", b""), src).await;
                    }
                    // Our BYE was answered.
                    Some((m, _)) if !m.is_request() && m.method() == "BYE"
                        && m.call_id() == self.dialog.call_id => self.bye = None,
                    Some(_) => {}
                    None => return,
                },
                _ = sleep_until(until) => return,
                _ = sleep_until(next) => {
                    if let (Some(bye), Some(hop)) = (&self.bye, self.dialog.next_hop()) {
                        self.ep.send(bye, hop).await;
                    }
                    interval = (interval * 2).min(Duration::from_secs(4));
                    next = Instant::now() + interval;
                }
            }
        }
    }
}
