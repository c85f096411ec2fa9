//! A flow as the editor saves it: JSON, camelCase, steps tagged by `type`. Every field
//! has a default so that a half-built flow still parses and validation can say what is
//! missing, instead of the parser refusing the whole flow.

pub use super::programmable::{Fetch, Gather, Pause, Play, Prompt, Record, Reject};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Flow {
    pub name: String,
    pub start: String,
    /// Ordered by id, so problems and vectors come out in a stable order.
    pub steps: BTreeMap<String, Step>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum Step {
    Say(Say),
    Menu(Menu),
    Hours(Hours),
    Forward(Forward),
    Voicemail(Voicemail),
    Hangup,
    // Made by TwiML only (see `programmable`).
    Play(Play),
    Pause(Pause),
    Gather(Gather),
    Record(Record),
    Redirect(Fetch),
    Reject(Reject),
}

/// A prompt: text spoken by espeak-ng, or an uploaded recording when `audio` is set.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Say {
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio: Option<String>,
    /// None hangs up after the prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<String>,
    /// TwiML's voice ("man", "woman", "alice") and language ("en-US"); None: the
    /// default English voice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Menu {
    pub prompt: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio: Option<String>,
    /// Key ("0".."9", "*", "#") to step id.
    pub options: BTreeMap<String, String>,
    pub timeout_seconds: u32,
    pub retries: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_timeout: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_invalid: Option<String>,
}

impl Default for Menu {
    fn default() -> Self {
        Menu {
            prompt: String::new(),
            audio: None,
            options: BTreeMap::new(),
            timeout_seconds: 5,
            retries: 2,
            on_timeout: None,
            on_invalid: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Hours {
    /// An IANA zone such as "America/New_York".
    pub time_zone: String,
    pub weekly: Weekly,
    /// Local dates "YYYY-MM-DD" on which the closed branch is taken all day.
    pub holidays: Vec<String>,
    pub open: String,
    pub closed: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Weekly {
    pub monday: Vec<Interval>,
    pub tuesday: Vec<Interval>,
    pub wednesday: Vec<Interval>,
    pub thursday: Vec<Interval>,
    pub friday: Vec<Interval>,
    pub saturday: Vec<Interval>,
    pub sunday: Vec<Interval>,
}

impl Weekly {
    /// Monday first, with the names messages use.
    pub fn days(&self) -> [(&'static str, &[Interval]); 7] {
        [
            ("Monday", &self.monday),
            ("Tuesday", &self.tuesday),
            ("Wednesday", &self.wednesday),
            ("Thursday", &self.thursday),
            ("Friday", &self.friday),
            ("Saturday", &self.saturday),
            ("Sunday", &self.sunday),
        ]
    }
}

/// Open from `from` (inclusive) to `to` (exclusive), local "HH:MM"; "24:00" ends the day.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Interval {
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Forward {
    /// An E.164 number, or "devices" for the customer's SIP devices.
    pub to: String,
    /// More parties rung at the same time as `to` (TwiML's Dial with several nouns):
    /// the first to answer is connected, and the others stop ringing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    pub ring_seconds: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<String>,
    /// TwiML's Dial action: asked with `DialCallStatus` when the call was not
    /// answered, instead of the fallback.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<Fetch>,
    /// TwiML's Dial callerId: the number the party called sees (one of the account's
    /// numbers; the server checks it), instead of the flow's own number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caller_id: Option<String>,
    /// TwiML's Dial record: the bridged call is recorded from its answer, both sides.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub record: bool,
}

impl Default for Forward {
    fn default() -> Self {
        Forward {
            to: String::new(),
            also: Vec::new(),
            ring_seconds: 30,
            fallback: None,
            action: None,
            caller_id: None,
            record: false,
        }
    }
}

pub const FORWARD_TO_DEVICES: &str = "devices";

/// The most parties one forward rings at once (Twilio's limit for a Dial's nouns).
pub const FORWARD_PARTIES: usize = 10;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Voicemail {
    pub greeting: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio: Option<String>,
    pub max_seconds: u32,
}

impl Default for Voicemail {
    fn default() -> Self {
        Voicemail {
            greeting: String::new(),
            audio: None,
            max_seconds: 120,
        }
    }
}

impl Step {
    /// Every step this one may lead to, with the words a message uses for the link.
    pub fn links(&self) -> Vec<(String, &str)> {
        let mut out = Vec::new();
        match self {
            Step::Say(s) => out.extend(s.next.as_deref().map(|n| ("the next step".into(), n))),
            Step::Menu(m) => {
                out.extend(
                    m.options
                        .iter()
                        .map(|(k, n)| (format!("key {k}"), n.as_str())),
                );
                out.extend(m.on_timeout.as_deref().map(|n| ("the timeout".into(), n)));
                out.extend(
                    m.on_invalid
                        .as_deref()
                        .map(|n| ("an invalid key".into(), n)),
                );
            }
            Step::Hours(h) => {
                out.push(("the open branch".into(), h.open.as_str()));
                out.push(("the closed branch".into(), h.closed.as_str()));
            }
            Step::Forward(f) => {
                out.extend(f.fallback.as_deref().map(|n| ("the fallback".into(), n)))
            }
            Step::Play(Play { next, .. })
            | Step::Pause(Pause { next, .. })
            | Step::Gather(Gather { next, .. }) => {
                out.extend(next.as_deref().map(|n| ("the next step".into(), n)))
            }
            Step::Voicemail(_)
            | Step::Hangup
            | Step::Record(_)
            | Step::Redirect(_)
            | Step::Reject(_) => {}
        }
        out
    }

    /// Whether the caller must press a key or wait out a timer before this step moves
    /// on: only menus. Any cycle without one repeats forever on its own.
    pub fn waits_for_caller(&self) -> bool {
        matches!(self, Step::Menu(_) | Step::Gather(_))
    }

    /// Whether only TwiML makes this step: the editor's flows may not hold it.
    pub fn programmable(&self) -> bool {
        matches!(
            self,
            Step::Play(_)
                | Step::Pause(_)
                | Step::Gather(_)
                | Step::Record(_)
                | Step::Redirect(_)
                | Step::Reject(_)
        )
    }
}
