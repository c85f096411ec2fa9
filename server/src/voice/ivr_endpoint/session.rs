//! An answered IVR call: core's executor fed with what happens on the call (prompt
//! ended, key, timeout, recording done, hang-up), its actions performed on the media
//! stream and in SIP, and at the end the path and any voicemail stored.

use super::call::Accepted;
use super::dialog::Dialog;
use super::forward::LegCall;
use super::g711::Codec;
use super::stream::{self, Command, MediaEvent, Stream};
use super::{wav, Endpoint, Incoming};
use crate::ivr::repo::{self, IvrRoute};
use crate::voice::twiml::TwimlCall;
use dialtone_core::ivr::{self as exec, Action, Event, Iana, Now, Phase};
use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::{sleep_until, Instant};

/// A prompt that was never rendered (or failed to load) plays as this much silence,
/// so the flow still moves on.
pub(super) const MISSING_PROMPT_MS: usize = 1000;
const BEEP_MS: usize = 400;
pub(super) const T1: Duration = Duration::from_millis(500);
/// RFC 3261's 64*T1: an unacknowledged 200 OK (or an unanswered BYE) is given up.
const GIVE_UP: Duration = Duration::from_secs(32);
/// The switch ends the dialog at the paid time (BYE to both sides, and the CDR); the
/// endpoint hangs up itself this much later, for a switch that did not.
const PAID_TIME_GRACE: Duration = Duration::from_secs(2);

pub struct Session {
    pub(super) ep: Arc<Endpoint>,
    pub(super) dialog: Dialog,
    pub(super) route: IvrRoute,
    pub(super) caller: String,
    pub(super) sid: String,
    pub(super) state: exec::State,
    pub(super) media: Option<Stream>,
    pub(super) ok: Vec<u8>,
    /// The 200 OK's extra headers and SDP, for re-INVITEs.
    pub(super) answer: (String, String),
    pub(super) proxy: SocketAddr,
    pub(super) acked: bool,
    pub(super) ok_next: Instant,
    pub(super) ok_interval: Duration,
    pub(super) answered_at: Instant,
    pub(super) collect_deadline: Option<Instant>,
    pub(super) end_at: Instant,
    pub(super) recording: bool,
    pub(super) recorded: Option<Vec<i16>>,
    /// Who ended the call: "caller", "flow", "max duration", "no ACK".
    pub(super) ended: Option<&'static str>,
    pub(super) bye: Option<Vec<u8>>,
    pub(super) prompts: HashMap<String, Arc<Vec<i16>>>,
    pub(super) events: VecDeque<Event>,
    /// The caller's codec (a forward's leg is offered it first).
    pub(super) codec: Codec,
    /// A forward in progress or connected.
    /// The forward's legs, rung at once; `bridged` is the one that answered first.
    pub(super) legs: Vec<LegCall>,
    pub(super) bridged: Option<usize>,
    /// Legs rung so far in this call (each gets a Call-ID of its own).
    pub(super) legs_rung: u32,
    /// The call runs TwiML from this number's VoiceUrl (`programmable`).
    pub(super) twiml: Option<TwimlCall>,
    /// When the TwiML document now starting was asked for, until its first audio plays.
    pub(super) asked_at: Option<Instant>,
    /// The API's word on a TwiML call (end, redirect).
    pub(super) control: Option<mpsc::UnboundedReceiver<super::control::Control>>,
    /// The call's SIP messages (and its forward leg's), once it runs: read by the
    /// session's loop, and during a TwiML fetch (`programmable`).
    pub(super) sip: Option<mpsc::UnboundedReceiver<Incoming>>,
    /// The whole call is taped from its answer (Calls API `Record`), or a Dial's
    /// bridged call from the party's answer (`Dial record`).
    pub(super) record_call: bool,
    pub(super) record_leg: bool,
    pub(super) taping: bool,
    /// The tape, once stopped (full, or at the end of the call).
    pub(super) taped: Option<Vec<i16>>,
}

impl Session {
    pub fn new(
        ep: Arc<Endpoint>,
        dialog: Dialog,
        accepted: Accepted,
        media: Stream,
        ok: Vec<u8>,
        answer: (String, String),
        proxy: SocketAddr,
    ) -> Session {
        let now = Instant::now();
        let sid = crate::webhooks::call_sid(&dialog.call_id);
        let control = accepted.twiml.as_ref().map(|c| ep.control(&c.call_sid));
        Session {
            ep,
            dialog,
            route: accepted.route,
            caller: accepted.caller,
            sid,
            state: exec::State {
                step: String::new(),
                phase: Phase::Playing,
                attempts: 0,
                path: Vec::new(),
                recorded_seconds: None,
                digits: String::new(),
                prompt: 0,
            },
            media: Some(media),
            ok,
            answer,
            proxy,
            acked: false,
            ok_next: now + T1,
            ok_interval: T1,
            answered_at: now,
            collect_deadline: None,
            end_at: now + Duration::from_secs(accepted.max_seconds as u64) + PAID_TIME_GRACE,
            recording: false,
            recorded: None,
            ended: None,
            bye: None,
            prompts: HashMap::new(),
            events: VecDeque::new(),
            codec: accepted.offer.codec,
            legs: Vec::new(),
            bridged: None,
            legs_rung: 0,
            control,
            sip: None,
            record_call: accepted.record_call,
            record_leg: false,
            taping: false,
            taped: None,
            asked_at: accepted.asked_at,
            twiml: accepted.twiml,
        }
    }

    pub(super) fn now(&self) -> Now<'static> {
        static ZONES: Iana = Iana;
        Now {
            ms: crate::db::now_ms() + self.ep.state.config.ivr_clock_offset_ms,
            zones: &ZONES,
        }
    }

    pub async fn run(
        self,
        rx: mpsc::UnboundedReceiver<Incoming>,
        media: mpsc::UnboundedReceiver<MediaEvent>,
    ) {
        self.run_then(rx, media, async {}).await
    }

    /// `run`, with `ended` awaited as soon as the call is over (before the few seconds
    /// the endpoint stays for the transaction's stragglers).
    pub async fn run_then(
        mut self,
        rx: mpsc::UnboundedReceiver<Incoming>,
        mut media: mpsc::UnboundedReceiver<MediaEvent>,
        ended: impl std::future::Future<Output = ()>,
    ) {
        let mut control = self.control.take();
        self.sip = Some(rx);
        // A call the endpoint placed has no 200 OK of its own to send.
        if !self.ok.is_empty() {
            self.ep.send(&self.ok, self.proxy).await;
        }
        self.show_inbound("in-progress").await;
        if self.record_call {
            self.start_tape();
        }
        let first = exec::start(&self.route.flow, self.now());
        self.state = first.state;
        self.start_actions(first.actions).await;
        while self.ended.is_none() {
            let far = Instant::now() + Duration::from_secs(3600);
            let leg_deadline = self.leg_deadline();
            tokio::select! {
                m = next_sip(&mut self.sip) => match m {
                    Some((m, src)) => self.on_sip(m, src).await,
                    None => return,
                },
                Some(e) = media.recv() => self.on_media(e).await,
                Some(c) = super::control::next(&mut control) => self.on_control(c).await,
                _ = sleep_until(self.collect_deadline.unwrap_or(far)), if self.collect_deadline.is_some() => {
                    self.collect_deadline = None;
                    self.feed(Event::Timeout).await;
                }
                _ = sleep_until(self.end_at) => {
                    tracing::info!(call_id = %self.dialog.call_id, "IVR: maximum duration reached");
                    self.hang_up("max duration").await;
                }
                _ = sleep_until(leg_deadline.unwrap_or(far)), if leg_deadline.is_some() => {
                    self.leg_timer().await;
                }
                _ = sleep_until(self.ok_next), if !self.acked => {
                    if !self.resend_ok().await {
                        self.hang_up("no ACK").await;
                    }
                }
            }
        }
        if let Some(call) = &self.twiml {
            self.ep.forget_control(&call.call_sid);
        }
        self.finish(&mut media).await;
        self.show_inbound("completed").await;
        ended.await;
        self.linger().await;
        for leg in &self.legs {
            self.ep.forget(&leg.leg.call_id);
        }
    }

    /// Repeats the unacknowledged 200 OK at its next time (T1, doubling up to 4 s);
    /// false once it has been repeated for 64*T1, when the answer is given up.
    pub(super) async fn resend_ok(&mut self) -> bool {
        if self.ok_next - self.answered_at >= GIVE_UP {
            return false;
        }
        self.ep.send(&self.ok, self.proxy).await;
        self.ok_interval = (self.ok_interval * 2).min(Duration::from_secs(4));
        self.ok_next += self.ok_interval;
        true
    }

    /// Performs actions that no event led to (a document's first, a redirect's), then
    /// steps the executor with the events they gave (a Dial that failed at once).
    pub(super) async fn start_actions(&mut self, actions: Vec<Action>) {
        self.perform(actions).await;
        if let Some(event) = self.events.pop_front() {
            self.feed(event).await;
        }
    }

    /// Steps the executor with `event` and with whatever its actions lead to.
    pub(super) async fn feed(&mut self, event: Event) {
        self.events.push_back(event);
        while let Some(event) = self.events.pop_front() {
            let t = exec::step(&self.route.flow, &self.state, &event, self.now());
            self.state = t.state;
            if self.state.phase != Phase::Collecting {
                self.collect_deadline = None;
            }
            self.perform(t.actions).await;
        }
    }

    pub(super) async fn perform(&mut self, actions: Vec<Action>) {
        let mut queue = VecDeque::from(actions);
        while let Some(action) = queue.pop_front() {
            match action {
                Action::Play {
                    step_id,
                    text,
                    audio,
                    voice,
                    language,
                } => {
                    let audio = match self.twiml.is_some() {
                        true => self.spoken(&text, audio, voice, language).await,
                        false => self.prompt(&step_id).await,
                    };
                    if let Some(asked) = self.asked_at.take() {
                        let waited = asked.elapsed().as_secs_f64();
                        metrics::histogram!("dialtone_twiml_first_audio_seconds").record(waited);
                    }
                    self.command(Command::Play {
                        audio,
                        notify: true,
                    });
                }
                Action::Pause { seconds } => self.command(Command::Play {
                    audio: Arc::new(stream::silence(seconds as usize * 1000)),
                    notify: true,
                }),
                Action::StopPlaying => self.command(Command::Stop),
                Action::CollectDigits { timeout_seconds } => {
                    self.collect_deadline =
                        Some(Instant::now() + Duration::from_secs(timeout_seconds as u64));
                }
                Action::Forward {
                    to,
                    also,
                    ring_seconds,
                    caller_id,
                    record,
                } => {
                    self.record_leg = record;
                    self.forward(&to, &also, ring_seconds, caller_id).await
                }
                Action::Beep => self.command(Command::Play {
                    audio: Arc::new(stream::beep(BEEP_MS)),
                    notify: false,
                }),
                Action::Record { max_seconds } => {
                    self.recording = true;
                    self.command(Command::Record {
                        max_ms: max_seconds * 1000,
                    });
                }
                Action::FinishRecording => self.command(Command::FinishRecording),
                Action::Fetch {
                    url,
                    method,
                    mut params,
                } => {
                    self.keep_recording(&mut params).await;
                    queue.extend(self.next_document(url, method, &params).await)
                }
                // Answered already: a Reject after other verbs ends the call.
                Action::Reject { .. } | Action::Hangup => self.hang_up("flow").await,
            }
        }
    }

    pub(super) fn command(&self, c: Command) {
        if let Some(m) = &self.media {
            let _ = m.commands.send(c);
        }
    }

    async fn prompt(&mut self, step_id: &str) -> Arc<Vec<i16>> {
        if let Some(p) = self.prompts.get(step_id) {
            return p.clone();
        }
        let loaded = match self.route.flow_id {
            Some(flow) => repo::prompt_audio(&self.ep.state.db.pool, flow, step_id).await,
            None => Ok(None),
        };
        let audio = match loaded {
            Ok(Some(p)) if p.pcm.len() >= 2 => Arc::new(wav::samples_of(&p.pcm)),
            other => {
                if let Err(e) = other {
                    tracing::error!(error = %e, "IVR: prompt could not be read");
                }
                tracing::warn!(
                    flow = ?self.route.flow_id,
                    step_id,
                    "IVR: no audio for this prompt; silence instead"
                );
                Arc::new(stream::silence(MISSING_PROMPT_MS))
            }
        };
        self.prompts.insert(step_id.to_string(), audio.clone());
        audio
    }
}

/// The call's next SIP message; None once the endpoint has let the call go (never
/// before the session runs).
pub(super) async fn next_sip(
    rx: &mut Option<mpsc::UnboundedReceiver<Incoming>>,
) -> Option<Incoming> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}
