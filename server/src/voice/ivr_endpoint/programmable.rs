//! The TwiML half of a session: what Say and Play sound like (made on the call, cached
//! per call), and the next document when the flow hands the call back to the
//! customer's server (a gather's digits, a recording, a redirect, a dial's outcome).

use super::control::Control;
use super::originate::First;
use super::session::{Session, MISSING_PROMPT_MS};
use super::stream::{self, Command};
use super::wav;
use crate::voice::twiml::repo::recordings::{self, Recording};
use crate::voice::twiml::repo::{self as api_calls, ApiCall};
use crate::voice::twiml::{audio, fetch, recording_charges, TwimlCall};
use dialtone_core::ivr::{self as exec, Action, Fetch};
use dialtone_core::twiml::{self, Compiled, TwimlError};
use std::collections::BTreeMap;
use std::sync::Arc;

impl Session {
    /// Say's words or Play's file as samples.
    pub(super) async fn spoken(
        &mut self,
        text: &str,
        url: Option<String>,
        voice: Option<String>,
        language: Option<String>,
    ) -> Arc<Vec<i16>> {
        let voice = audio::espeak_voice(voice.as_deref(), language.as_deref());
        let key = match &url {
            Some(url) => format!("play {url}"),
            None => format!("say {voice} {text}"),
        };
        if let Some(p) = self.prompts.get(&key) {
            return p.clone();
        }
        let made = match &url {
            Some(url) => audio::play(&self.ep.state, url).await,
            None => audio::say(text, &voice).await,
        };
        let samples = match made {
            Ok(pcm) if pcm.len() >= 2 => Arc::new(wav::samples_of(&pcm)),
            Ok(_) => Arc::new(stream::silence(MISSING_PROMPT_MS)),
            Err(e) => {
                tracing::warn!(call_id = %self.dialog.call_id, error = %e, "TwiML: nothing to play; silence instead");
                self.not_played(url.as_deref().unwrap_or(""), &e).await;
                Arc::new(stream::silence(MISSING_PROMPT_MS))
            }
        };
        self.prompts.insert(key, samples.clone());
        samples
    }

    /// A Play file (or Say text) that could not be made into audio is shown in the
    /// owner's Debugger as Twilio's 11200, with why.
    async fn not_played(&self, url: &str, error: &anyhow::Error) {
        let Some(call) = &self.twiml else { return };
        let message = format!("{error}: a second of silence was played instead");
        let event = crate::debugger::repo::Event::call_error(
            call.owner_id,
            &call.call_sid,
            crate::voice::twiml::fetch::RETRIEVAL_FAILURE,
            url,
            message,
        );
        crate::debugger::record(&self.ep.state, event).await;
    }

    /// A TwiML recording just made is stored, and its action told where: RecordingSid
    /// and RecordingUrl beside the executor's RecordingDuration.
    pub(super) async fn keep_recording(&mut self, params: &mut BTreeMap<String, String>) {
        let (Some(call), Some(samples)) = (self.twiml.clone(), self.recorded.take()) else {
            return;
        };
        self.keep(&call, samples, params).await;
    }

    /// Stores `samples` as a recording of `call` (charged, within the owner's quota)
    /// and names it in `params`; one that is not kept is told to its owner.
    async fn keep(
        &self,
        call: &TwimlCall,
        samples: Vec<i16>,
        params: &mut BTreeMap<String, String>,
    ) {
        let recording = Recording {
            id: 0,
            sid: recordings::new_sid(),
            user_id: call.owner_id,
            call_sid: call.call_sid.clone(),
            duration_ms: samples.len() as i64 / 8,
            created_at: 0,
        };
        let state = &self.ep.state;
        match recording_charges::store(state, &recording, &wav::encode(&samples)).await {
            Ok(Ok(())) => {}
            Ok(Err(refusal)) => {
                let what = format!("A recording of call {}", call.call_sid);
                if let Err(e) =
                    crate::limits::quota::not_kept(state, call.owner_id, &what, &refusal).await
                {
                    tracing::error!(call_sid = %call.call_sid, error = %e, "TwiML: the owner could not be told");
                }
                return;
            }
            Err(e) => {
                return tracing::error!(call_sid = %call.call_sid, error = %e, "TwiML: a recording could not be stored");
            }
        }
        let url = format!(
            "{}/2010-04-01/Accounts/{}/Recordings/{}",
            state.config.public_url.trim_end_matches('/'),
            call.account_sid,
            recording.sid
        );
        params.insert("RecordingSid".into(), recording.sid);
        params.insert("RecordingUrl".into(), url);
    }

    /// Starts taping the call, both sides, for at most the tape's hour.
    pub(super) fn start_tape(&mut self) {
        if !self.taping && self.taped.is_none() {
            self.taping = true;
            let max_ms = super::tape::MAX_TAPE_MS;
            self.command(Command::StartTape { max_ms });
        }
    }

    /// Stores the call's tape, if it has one, as a recording of the call (charged as
    /// any recording; one the owner cannot keep or pay is not kept, and they are told).
    pub(super) async fn keep_tape(&mut self) {
        let (Some(call), Some(samples)) = (self.twiml.clone(), self.taped.take()) else {
            return;
        };
        let mut params = BTreeMap::new();
        self.keep(&call, samples, &mut params).await;
    }

    /// An inbound TwiML call is shown by the Calls API (which may end or redirect it)
    /// from its answer, as a row beside the placed calls'; `status` is in-progress at
    /// the answer and completed at the end.
    pub(super) async fn show_inbound(&self, status: &str) {
        let Some(call) = self.twiml.as_ref().filter(|c| c.direction == "inbound") else {
            return;
        };
        let pool = &self.ep.state.db.pool;
        let now = crate::db::now_ms();
        let shown = if status == "in-progress" {
            let row = ApiCall {
                sid: call.call_sid.clone(),
                user_id: call.owner_id,
                call_id: self.dialog.call_id.clone(),
                from_number: call.from.clone(),
                to_number: call.to.clone(),
                status: status.into(),
                direction: call.direction.into(),
                created_at: now,
                updated_at: now,
            };
            api_calls::insert_api_call(pool, &row, None).await.map(drop)
        } else {
            api_calls::set_api_call_status(pool, &call.call_sid, status, now).await
        };
        if let Err(e) = shown {
            tracing::error!(call_sid = %call.call_sid, error = %e, "TwiML: the call's record could not be stored");
        }
    }

    /// The API ends the call, or redirects it: what plays stops, the new TwiML starts.
    pub(super) async fn on_control(&mut self, c: Control) {
        match c {
            Control::End => self.hang_up("api").await,
            Control::Redirect(first) => {
                self.command(Command::Stop);
                self.collect_deadline = None;
                let actions = match first {
                    First::Url(at) => {
                        self.next_document(at.url, at.method, &BTreeMap::new())
                            .await
                    }
                    First::Twiml(xml) => {
                        let here = Fetch {
                            url: String::new(),
                            method: "POST".into(),
                        };
                        self.start_document(twiml::compile(&xml, &here)).await
                    }
                };
                self.start_actions(actions).await;
            }
        }
    }

    /// Asks for the document at `url` and starts it: its first actions. A document
    /// that cannot be had or run ends the call.
    pub(super) async fn next_document(
        &mut self,
        url: String,
        method: String,
        params: &BTreeMap<String, String>,
    ) -> Vec<Action> {
        let Some(call) = self.twiml.clone() else {
            self.hang_up("flow").await;
            return Vec::new();
        };
        let at = Fetch { url, method };
        let state = self.ep.state.clone();
        // The caller hung up (during a Record): the action still hears of the
        // recording, as Twilio tells it, but what it answers has nobody to run for.
        let gone = self.ended.is_some();
        let status = if gone { "completed" } else { "in-progress" };
        self.asked_at = Some(tokio::time::Instant::now());
        let fetch = fetch::document(&state, &call, &at, status, params);
        tokio::pin!(fetch);
        // The call's SIP is answered while the customer's server thinks (up to its
        // timeout): a caller's BYE ends the call at once, and the answer is dropped.
        // A key in SIP INFO waits for the flow; a forward leg's messages, for the loop.
        let mut later = Vec::new();
        let fetched = loop {
            tokio::select! {
                fetched = &mut fetch => break Some(fetched),
                m = super::session::next_sip(&mut self.sip) => match m {
                    Some((m, src)) if m.call_id() == self.dialog.call_id => {
                        if let Some(event) = self.answer_request(&m, src).await {
                            self.events.push_back(event);
                        }
                    }
                    Some(other) => later.push(other),
                    None => break None,
                },
            }
            if self.ended.is_some() && !gone {
                break None;
            }
        };
        self.requeue(later);
        let Some(fetched) = fetched else {
            return Vec::new();
        };
        if gone {
            return Vec::new();
        }
        self.start_document(fetched).await
    }

    /// Hands messages read while a fetch was waited for back to the call's channel,
    /// for the session's loop.
    fn requeue(&self, messages: Vec<super::Incoming>) {
        if messages.is_empty() {
            return;
        }
        let Some(me) = self.ep.sender_of(&self.dialog.call_id) else {
            return;
        };
        for m in messages {
            let _ = me.send(m);
        }
    }

    /// Starts a compiled document (its first actions), or ends the call when there is
    /// none to run.
    async fn start_document(&mut self, compiled: Result<Compiled, TwimlError>) -> Vec<Action> {
        let sid = self.sid.clone();
        match compiled {
            Ok(compiled) => {
                for w in &compiled.warnings {
                    tracing::info!(call_sid = %sid, code = w.code, message = %w.message, "TwiML warning");
                }
                self.route.flow = compiled.flow;
                let first = exec::start(&self.route.flow, self.now());
                let mut path = std::mem::take(&mut self.state.path);
                path.extend(first.state.path.iter().cloned());
                self.state = first.state;
                self.state.path = path;
                first.actions
            }
            Err(e) => {
                tracing::warn!(call_sid = %sid, code = e.code, message = %e.message, "TwiML: the call ends");
                self.hang_up("flow").await;
                Vec::new()
            }
        }
    }
}
