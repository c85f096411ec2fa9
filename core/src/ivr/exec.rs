//! The flow executor: a pure state machine. The SIP endpoint feeds it what happened on
//! the call (a prompt ended, a key, a timer, a failed forward) and performs the actions
//! it returns; the browser preview does the same with clicks, so both walk a flow alike.

use super::hours::{is_open, Zones};
use super::limits::MAX_HOPS;
use super::model::{Fetch, Flow, Menu, Say, Step, Voicemail};
use super::programmable;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Event {
    PromptFinished,
    Digit {
        digit: String,
    },
    Timeout,
    ForwardAnswered,
    /// `status` as TwiML's DialCallStatus says it: "busy", "no-answer", "failed".
    ForwardFailed {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        status: Option<String>,
    },
    RecordingFinished {
        seconds: u32,
    },
    Hangup,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Action {
    #[serde(rename_all = "camelCase")]
    Play {
        step_id: String,
        text: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        audio: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        voice: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        language: Option<String>,
    },
    /// Silence, then PromptFinished as after a prompt.
    Pause {
        seconds: u32,
    },
    /// A key interrupted the prompt being played.
    StopPlaying,
    #[serde(rename_all = "camelCase")]
    CollectDigits {
        timeout_seconds: u32,
    },
    #[serde(rename_all = "camelCase")]
    Forward {
        to: String,
        /// Rung at the same time as `to`; the first to answer is connected.
        #[serde(skip_serializing_if = "Vec::is_empty", default)]
        also: Vec<String>,
        ring_seconds: u32,
        /// The number shown to the party called, when not the flow's own.
        #[serde(skip_serializing_if = "Option::is_none")]
        caller_id: Option<String>,
        /// Record the call once the party answers, both sides.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        record: bool,
    },
    Beep,
    #[serde(rename_all = "camelCase")]
    Record {
        max_seconds: u32,
    },
    /// A finishing key ended the recording: RecordingFinished follows.
    FinishRecording,
    /// The flow is done: the next one is the document this URL answers with `params`.
    Fetch {
        url: String,
        method: String,
        params: BTreeMap<String, String>,
    },
    /// Refuse the call unanswered.
    Reject {
        reason: String,
    },
    Hangup,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    Playing,
    Collecting,
    Forwarding,
    Recording,
    Ended,
}

/// The way a call went, for the call history: steps entered and the keys that chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PathEntry {
    Step(String),
    Key(String),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct State {
    pub step: String,
    pub phase: Phase,
    /// Replays of the current menu spent on invalid keys and timeouts.
    pub attempts: u32,
    pub path: Vec<PathEntry>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub recorded_seconds: Option<u32>,
    /// The keys a gather has collected so far.
    #[serde(skip_serializing_if = "String::is_empty", default)]
    pub digits: String,
    /// The gather's prompt being played.
    #[serde(skip_serializing_if = "is_zero", default)]
    pub prompt: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl State {
    /// "main → 2 → voicemail".
    pub fn path_text(&self) -> String {
        let parts: Vec<&str> = self
            .path
            .iter()
            .map(|p| match p {
                PathEntry::Step(s) | PathEntry::Key(s) => s.as_str(),
            })
            .collect();
        parts.join(" → ")
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Transition {
    pub state: State,
    pub actions: Vec<Action>,
}

/// The moment a flow runs at, and where its business hours read the time zone from.
#[derive(Clone, Copy)]
pub struct Now<'a> {
    pub ms: i64,
    pub zones: &'a dyn Zones,
}

/// Answers the call: enters the first step.
pub fn start(flow: &Flow, now: Now<'_>) -> Transition {
    let mut state = State {
        step: flow.start.clone(),
        phase: Phase::Playing,
        attempts: 0,
        path: Vec::new(),
        recorded_seconds: None,
        digits: String::new(),
        prompt: 0,
    };
    let mut actions = Vec::new();
    enter(
        flow,
        &mut state,
        Some(flow.start.clone()),
        now,
        &mut actions,
    );
    Transition { state, actions }
}

/// What happens next after `event`; events that do not fit the phase change nothing.
pub fn step(flow: &Flow, state: &State, event: &Event, now: Now<'_>) -> Transition {
    let mut s = state.clone();
    let mut actions = Vec::new();
    if s.phase == Phase::Ended {
        return Transition { state: s, actions };
    }
    let current = flow.steps.get(&s.step);
    match (event, current) {
        (Event::Hangup, _) => s.phase = Phase::Ended,
        (Event::PromptFinished, Some(Step::Say(say))) if s.phase == Phase::Playing => {
            enter(flow, &mut s, say.next.clone(), now, &mut actions)
        }
        (Event::PromptFinished, Some(Step::Menu(m))) if s.phase == Phase::Playing => {
            s.phase = Phase::Collecting;
            actions.push(Action::CollectDigits {
                timeout_seconds: m.timeout_seconds,
            });
        }
        (Event::PromptFinished, Some(Step::Voicemail(v))) if s.phase == Phase::Playing => {
            s.phase = Phase::Recording;
            actions.push(Action::Beep);
            actions.push(Action::Record {
                max_seconds: v.max_seconds,
            });
        }
        (Event::Digit { digit }, Some(Step::Menu(m)))
            if matches!(s.phase, Phase::Playing | Phase::Collecting) =>
        {
            if s.phase == Phase::Playing {
                actions.push(Action::StopPlaying);
            }
            match m.options.get(digit) {
                Some(next) => {
                    s.path.push(PathEntry::Key(digit.clone()));
                    enter(flow, &mut s, Some(next.clone()), now, &mut actions);
                }
                None => retry(flow, &mut s, m.on_invalid.clone(), now, &mut actions),
            }
        }
        (Event::Timeout, Some(Step::Menu(m))) if s.phase == Phase::Collecting => {
            retry(flow, &mut s, m.on_timeout.clone(), now, &mut actions)
        }
        (Event::ForwardFailed { status }, Some(Step::Forward(f)))
            if s.phase == Phase::Forwarding =>
        {
            match &f.action {
                Some(action) => {
                    let status = status.as_deref().unwrap_or("failed");
                    finish(&mut s, action, "DialCallStatus", status, &mut actions)
                }
                None => enter(flow, &mut s, f.fallback.clone(), now, &mut actions),
            }
        }
        // The caller now talks to the forwarded party; the flow has nothing more to do.
        (Event::ForwardAnswered, Some(Step::Forward(_))) if s.phase == Phase::Forwarding => {
            s.phase = Phase::Ended
        }
        (Event::RecordingFinished { seconds }, Some(Step::Voicemail(_)))
            if s.phase == Phase::Recording =>
        {
            s.recorded_seconds = Some(*seconds);
            s.phase = Phase::Ended;
            actions.push(Action::Hangup);
        }
        (event, Some(step)) if step.programmable() => {
            if let Some(next) = programmable::on_event(step, &mut s, event, &mut actions) {
                enter(flow, &mut s, next, now, &mut actions)
            }
        }
        _ => {}
    }
    Transition { state: s, actions }
}

/// The flow is done; the document at `action` comes next, told `key` = `value`.
pub(super) fn finish(s: &mut State, action: &Fetch, key: &str, value: &str, out: &mut Vec<Action>) {
    s.phase = Phase::Ended;
    out.push(Action::Fetch {
        url: action.url.clone(),
        method: action.method.clone(),
        params: BTreeMap::from([(key.to_string(), value.to_string())]),
    });
}

/// An invalid key or a timeout: replay the menu while retries last, then take the
/// menu's branch for it, or hang up when it has none.
fn retry(flow: &Flow, s: &mut State, branch: Option<String>, now: Now<'_>, out: &mut Vec<Action>) {
    let Some(Step::Menu(m)) = flow.steps.get(&s.step) else {
        return;
    };
    if s.attempts < m.retries {
        s.attempts += 1;
        s.phase = Phase::Playing;
        out.push(play(&s.step, &m.prompt, &m.audio));
    } else {
        enter(flow, s, branch, now, out);
    }
}

fn play(id: &str, text: &str, audio: &Option<String>) -> Action {
    Action::Play {
        step_id: id.to_string(),
        text: text.to_string(),
        audio: audio.clone(),
        voice: None,
        language: None,
    }
}

/// Enters `next` (hanging up on None or a missing step), following steps that move on
/// by themselves until one waits for the caller or the network.
fn enter(flow: &Flow, s: &mut State, next: Option<String>, now: Now<'_>, out: &mut Vec<Action>) {
    let mut next = next;
    for _ in 0..MAX_HOPS {
        let Some(step) = next
            .as_ref()
            .and_then(|id| flow.steps.get(id).map(|st| (id, st)))
        else {
            break;
        };
        let (id, step) = step;
        s.step = id.clone();
        s.attempts = 0;
        s.digits.clear();
        s.prompt = 0;
        s.path.push(PathEntry::Step(id.clone()));
        match step {
            Step::Say(Say {
                text,
                audio,
                voice,
                language,
                ..
            }) => {
                s.phase = Phase::Playing;
                out.push(Action::Play {
                    step_id: id.clone(),
                    text: text.clone(),
                    audio: audio.clone(),
                    voice: voice.clone(),
                    language: language.clone(),
                });
                return;
            }
            // Each of these waits on its prompt: the menu's prompt, the voicemail's
            // greeting.
            Step::Menu(Menu {
                prompt: text,
                audio,
                ..
            })
            | Step::Voicemail(Voicemail {
                greeting: text,
                audio,
                ..
            }) => {
                s.phase = Phase::Playing;
                out.push(play(id, text, audio));
                return;
            }
            Step::Forward(f) => {
                s.phase = Phase::Forwarding;
                out.push(Action::Forward {
                    to: f.to.clone(),
                    also: f.also.clone(),
                    ring_seconds: f.ring_seconds,
                    caller_id: f.caller_id.clone(),
                    record: f.record,
                });
                return;
            }
            Step::Hours(h) => {
                next = Some(
                    if is_open(h, now.zones, now.ms) {
                        &h.open
                    } else {
                        &h.closed
                    }
                    .clone(),
                );
            }
            Step::Hangup => break,
            step => {
                programmable::enter(id, step, s, out);
                return;
            }
        }
    }
    s.phase = Phase::Ended;
    out.push(Action::Hangup);
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Run {
    /// The actions of the start, then of each event in turn.
    pub actions: Vec<Vec<Action>>,
    pub state: State,
}

/// Starts the flow and feeds it `events`, all at `now`: the shape of the vectors.
pub fn run(flow: &Flow, now: Now<'_>, events: &[Event]) -> Run {
    let first = start(flow, now);
    let mut actions = vec![first.actions];
    let mut state = first.state;
    for e in events {
        let t = step(flow, &state, e, now);
        actions.push(t.actions);
        state = t.state;
    }
    Run { actions, state }
}
