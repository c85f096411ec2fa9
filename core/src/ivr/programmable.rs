//! Steps that only TwiML makes (see `crate::twiml`): a flow compiled from a customer's
//! document runs on the same executor as a flow drawn in the editor, and these are the
//! verbs the editor has no box for. Where a step ends the document (a gathered number,
//! a recording, a redirect), the executor asks for the next document with `Fetch`.

use serde::{Deserialize, Serialize};

/// The customer's URL the call asks what to do next, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Fetch {
    pub url: String,
    /// "POST" or "GET".
    pub method: String,
}

/// Audio from the customer's URL (WAV), played `next` on.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Play {
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// Silence for `seconds`; keys pressed meanwhile do nothing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Pause {
    pub seconds: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// What a gather plays while it listens: a key interrupts it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Prompt {
    #[serde(rename_all = "camelCase")]
    Say {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        voice: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        language: Option<String>,
    },
    Play {
        url: String,
    },
    Pause {
        seconds: u32,
    },
}

/// Keys collected into a number: sent to `action` as `Digits` when `num_digits` are in
/// (0: no count), a key of `finish_on_key` is pressed, or `timeout_seconds` pass after
/// a key. Nothing pressed moves on to `next`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Gather {
    pub prompts: Vec<Prompt>,
    pub num_digits: u32,
    pub timeout_seconds: u32,
    pub finish_on_key: String,
    pub action: Fetch,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
}

/// The caller's voice for up to `max_seconds` (a key of `finish_on_key` ends it), then
/// `action` with `RecordingDuration`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Record {
    pub max_seconds: u32,
    pub finish_on_key: String,
    pub play_beep: bool,
    pub action: Fetch,
}

/// Refuses the call before it is answered: "busy" or "rejected".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Reject {
    pub reason: String,
}

use super::exec::{finish, Action, Event, PathEntry, Phase, State};
use super::model::Step;

fn play(step_id: String, prompt: &Prompt) -> Action {
    match prompt {
        Prompt::Say {
            text,
            voice,
            language,
        } => Action::Play {
            step_id,
            text: text.clone(),
            audio: None,
            voice: voice.clone(),
            language: language.clone(),
        },
        Prompt::Play { url } => Action::Play {
            step_id,
            text: String::new(),
            audio: Some(url.clone()),
            voice: None,
            language: None,
        },
        Prompt::Pause { seconds } => Action::Pause { seconds: *seconds },
    }
}

/// Enters step `id`, one that only TwiML makes; the executor has recorded it in the path.
pub(super) fn enter(id: &str, step: &Step, s: &mut State, out: &mut Vec<Action>) {
    s.phase = Phase::Playing;
    match step {
        Step::Play(p) => out.push(play(id.into(), &Prompt::Play { url: p.url.clone() })),
        Step::Pause(p) => out.push(Action::Pause { seconds: p.seconds }),
        Step::Gather(g) => match g.prompts.first() {
            Some(p) => out.push(play(format!("{id}#0"), p)),
            None => listen(g, s, out),
        },
        Step::Record(r) => {
            s.phase = Phase::Recording;
            if r.play_beep {
                out.push(Action::Beep);
            }
            out.push(Action::Record {
                max_seconds: r.max_seconds,
            });
        }
        Step::Redirect(f) => {
            s.phase = Phase::Ended;
            out.push(Action::Fetch {
                url: f.url.clone(),
                method: f.method.clone(),
                params: Default::default(),
            });
        }
        Step::Reject(r) => {
            s.phase = Phase::Ended;
            out.push(Action::Reject {
                reason: r.reason.clone(),
            });
        }
        _ => {}
    }
}

/// What `event` does on a TwiML-only step: Some(next) moves on to `next` (None: hang
/// up); None stays, with whatever it added to `out`.
pub(super) fn on_event(
    step: &Step,
    s: &mut State,
    event: &Event,
    out: &mut Vec<Action>,
) -> Option<Option<String>> {
    let playing = s.phase == Phase::Playing;
    match (event, step) {
        (Event::PromptFinished, Step::Play(Play { next, .. }))
        | (Event::PromptFinished, Step::Pause(Pause { next, .. }))
            if playing =>
        {
            Some(next.clone())
        }
        (Event::PromptFinished, Step::Gather(g)) if playing => {
            s.prompt += 1;
            match g.prompts.get(s.prompt as usize) {
                Some(p) => out.push(play(format!("{}#{}", s.step, s.prompt), p)),
                None => listen(g, s, out),
            }
            None
        }
        (Event::Digit { digit }, Step::Gather(g)) if playing || s.phase == Phase::Collecting => {
            if playing {
                out.push(Action::StopPlaying);
            }
            key(g, s, digit, out)
        }
        (Event::Timeout, Step::Gather(g)) if s.phase == Phase::Collecting => {
            if s.digits.is_empty() {
                return Some(g.next.clone());
            }
            submit(g, s, out);
            None
        }
        (Event::Digit { digit }, Step::Record(r))
            if s.phase == Phase::Recording && finishes(&r.finish_on_key, digit) =>
        {
            out.push(Action::FinishRecording);
            None
        }
        (Event::RecordingFinished { seconds }, Step::Record(r)) if s.phase == Phase::Recording => {
            s.recorded_seconds = Some(*seconds);
            finish(s, &r.action, "RecordingDuration", &seconds.to_string(), out);
            None
        }
        _ => None,
    }
}

fn finishes(keys: &str, digit: &str) -> bool {
    digit.chars().count() == 1 && keys.contains(digit)
}

/// The prompts are over (or a key cut them short): wait for a key.
fn listen(g: &Gather, s: &mut State, out: &mut Vec<Action>) {
    s.phase = Phase::Collecting;
    out.push(Action::CollectDigits {
        timeout_seconds: g.timeout_seconds,
    });
}

/// A key during a gather: the finishing key sends what was typed (nothing typed moves
/// on as a timeout would); any other key counts, and the last one needed sends.
fn key(g: &Gather, s: &mut State, digit: &str, out: &mut Vec<Action>) -> Option<Option<String>> {
    if finishes(&g.finish_on_key, digit) {
        if s.digits.is_empty() {
            return Some(g.next.clone());
        }
        submit(g, s, out);
        return None;
    }
    s.digits.push_str(digit);
    if g.num_digits > 0 && s.digits.chars().count() >= g.num_digits as usize {
        submit(g, s, out);
    } else {
        listen(g, s, out);
    }
    None
}

fn submit(g: &Gather, s: &mut State, out: &mut Vec<Action>) {
    let digits = std::mem::take(&mut s.digits);
    s.path.push(PathEntry::Key(digits.clone()));
    finish(s, &g.action, "Digits", &digits, out);
}
