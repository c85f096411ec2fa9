//! What an answered call hears: its SIP requests within the dialog (answered as its
//! user agent server; a forward leg's messages go to `forward`) and its media's events
//! (a prompt's end, a key, a recording, the tape).

use super::call::ALLOW;
use super::rtp;
use super::session::Session;
use super::sip::{self, Message};
use super::stream::MediaEvent;
use dialtone_core::ivr::Event;
use std::net::SocketAddr;

impl Session {
    pub(super) async fn on_sip(&mut self, m: Message, src: SocketAddr) {
        if m.call_id() != self.dialog.call_id {
            return self.on_leg(m, src).await;
        }
        if let Some(event) = self.answer_request(&m, src).await {
            self.feed(event).await;
        }
    }

    /// Answers a request of the call's own dialog; a key sent in SIP INFO is the event
    /// it gives the flow (fed now, or after a TwiML fetch).
    pub(super) async fn answer_request(&mut self, m: &Message, src: SocketAddr) -> Option<Event> {
        if !m.is_request() {
            return None;
        }
        let reply = |code, reason, extra: &str| m.response(code, reason, "", extra, b"");
        match m.method() {
            "ACK" => self.acked = true,
            "INVITE" if sip::param(m.header("to").unwrap_or(""), "tag").is_empty() => {
                self.ep.send(&self.ok, src).await
            }
            // A re-INVITE (a session refresh): the same media as before.
            "INVITE" => {
                let (extra, body) = &self.answer;
                let ok = m.response(200, "OK", "", extra, body.as_bytes());
                self.ep.send(&ok, src).await
            }
            "BYE" => {
                self.ep.send(&reply(200, "OK", ""), src).await;
                self.ended = Some("caller");
            }
            // Too late: the call is answered.
            "CANCEL" => self.ep.send(&reply(200, "OK", ""), src).await,
            "OPTIONS" => self.ep.send(&reply(200, "OK", ALLOW), src).await,
            "INFO" => {
                self.ep.send(&reply(200, "OK", ""), src).await;
                let dtmf = m
                    .header("content-type")
                    .is_some_and(|t| t.to_ascii_lowercase().contains("dtmf-relay"));
                let key = rtp::dtmf_relay_key(&m.body).filter(|_| dtmf)?;
                return Some(Event::Digit {
                    digit: key.to_string(),
                });
            }
            _ => {
                self.ep
                    .send(&reply(501, "Not Implemented", ALLOW), src)
                    .await;
            }
        }
        None
    }

    pub(super) async fn on_media(&mut self, e: MediaEvent) {
        match e {
            MediaEvent::PromptFinished => self.feed(Event::PromptFinished).await,
            MediaEvent::Key(key) => {
                self.feed(Event::Digit {
                    digit: key.to_string(),
                })
                .await
            }
            MediaEvent::Taped(samples) => {
                self.taping = false;
                self.taped = Some(samples);
            }
            MediaEvent::Recorded(samples) => {
                self.recording = false;
                let seconds = (samples.len() as u32 + 4000) / 8000;
                self.recorded = Some(samples);
                self.feed(Event::RecordingFinished { seconds }).await;
            }
        }
    }
}
