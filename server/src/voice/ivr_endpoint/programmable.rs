//! The TwiML half of a session: what Say and Play sound like (made on the call, cached
//! per call), and the next document when the flow hands the call back to the
//! customer's server (a gather's digits, a recording, a redirect, a dial's outcome).

use super::control::Control;
use super::originate::First;
use super::session::{Session, MISSING_PROMPT_MS};
use super::stream::{self, Command};
use super::wav;
use crate::voice::twiml::repo::recordings::{self, Recording};
use crate::voice::twiml::{audio, fetch};
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
                Arc::new(stream::silence(MISSING_PROMPT_MS))
            }
        };
        self.prompts.insert(key, samples.clone());
        samples
    }

    /// A TwiML recording just made is stored, and its action told where: RecordingSid
    /// and RecordingUrl beside the executor's RecordingDuration.
    pub(super) async fn keep_recording(&mut self, params: &mut BTreeMap<String, String>) {
        let (Some(call), Some(samples)) = (&self.twiml, self.recorded.take()) else {
            return;
        };
        let recording = Recording {
            id: 0,
            sid: recordings::new_sid(),
            user_id: call.owner_id,
            call_sid: call.call_sid.clone(),
            duration_ms: samples.len() as i64 / 8,
            created_at: 0,
        };
        let state = &self.ep.state;
        match store(state, &recording, &wav::encode(&samples)).await {
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
            self.ep.state.config.public_url.trim_end_matches('/'),
            call.account_sid,
            recording.sid
        );
        params.insert("RecordingSid".into(), recording.sid);
        params.insert("RecordingUrl".into(), url);
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
                self.perform(actions).await;
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
        self.asked_at = Some(tokio::time::Instant::now());
        let fetched = fetch::document(&state, &call, &at, "in-progress", params).await;
        self.start_document(fetched).await
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

/// Stores a recording unless its owner keeps as many as core's quota allows (counted
/// under the owner's lock): the inner error is the quota's refusal.
async fn store(
    state: &crate::state::AppState,
    recording: &Recording,
    wav: &[u8],
) -> anyhow::Result<Result<(), String>> {
    let owner = recording.user_id;
    let mut tx = state.db.begin_write().await?;
    crate::users::repo::lock(&mut *tx, owner).await?;
    let have = recordings::count_for(&mut *tx, owner).await?;
    let kept = dialtone_core::quota::Kept::Recordings;
    if let Err(refusal) = crate::limits::quota::check(&mut tx, owner, kept, have).await? {
        return Ok(Err(refusal));
    }
    recordings::insert(&mut *tx, recording, wav).await?;
    tx.commit().await?;
    Ok(Ok(()))
}
