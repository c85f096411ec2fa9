//! Validation of a flow: each problem names the step the editor should point at (none
//! for the flow as a whole) and says, in the customer's words, what is wrong.

use super::graph::{loops_without_key_press, reachable};
use super::hours::{interval_minutes, parse_date, parse_time, Zones};
use super::limits::*;
use super::model::{Flow, Forward, Hours, Menu, Step, FORWARD_PARTIES, FORWARD_TO_DEVICES};
use crate::phone;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Problem {
    /// The step the problem belongs to; None for the flow itself.
    pub step: Option<String>,
    pub message: String,
}

fn flow_problem(message: impl Into<String>) -> Problem {
    Problem {
        step: None,
        message: message.into(),
    }
}

fn step_problem(id: &str, message: impl std::fmt::Display) -> Problem {
    Problem {
        step: Some(id.to_string()),
        message: format!("Step '{id}': {message}"),
    }
}

const KEYS: [&str; 12] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#"];

/// Every problem of `flow` at the IVR `level`; empty when the flow may be saved.
pub fn validate_flow(flow: &Flow, level: Level, zones: &dyn Zones) -> Vec<Problem> {
    let mut out = Vec::new();
    let name = flow.name.trim();
    if name.is_empty() {
        out.push(flow_problem("Enter a name for the flow"));
    } else if name.chars().count() > MAX_NAME {
        out.push(flow_problem(format!(
            "The flow name must be at most {MAX_NAME} characters"
        )));
    }
    if flow.steps.is_empty() {
        out.push(flow_problem("Add at least one step"));
        return out;
    }
    if flow.start.is_empty() {
        out.push(flow_problem("Choose the first step of the flow"));
    } else if !flow.steps.contains_key(&flow.start) {
        out.push(flow_problem(format!(
            "The first step '{}' does not exist",
            flow.start
        )));
    }
    out.extend(level_problems(flow, level));
    for (id, step) in &flow.steps {
        if id.is_empty()
            || id.chars().count() > MAX_STEP_ID
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            out.push(step_problem(
                id,
                format!("a step id must be 1 to {MAX_STEP_ID} letters, digits, - or _"),
            ));
        }
        out.extend(step_problems(id, step, level, zones));
        for (label, target) in step.links() {
            if target.is_empty() {
                out.push(step_problem(id, format!("choose the step for {label}")));
            } else if !flow.steps.contains_key(target) {
                out.push(step_problem(
                    id,
                    format!("{label} leads to '{target}', which does not exist"),
                ));
            }
        }
    }
    if flow.steps.contains_key(&flow.start) {
        let reached = reachable(flow);
        for id in flow
            .steps
            .keys()
            .filter(|id| !reached.contains(id.as_str()))
        {
            out.push(step_problem(id, "no path from the first step leads here"));
        }
    }
    for id in loops_without_key_press(flow) {
        out.push(step_problem(
            id,
            "this step repeats forever without a key press; put a menu in the loop",
        ));
    }
    out
}

fn level_problems(flow: &Flow, level: Level) -> Vec<Problem> {
    let limits = level.limits();
    let title = level.title();
    let count = |f: fn(&Step) -> bool| flow.steps.values().filter(|s| f(s)).count();
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let mut out = Vec::new();
    if flow.steps.len() > limits.steps {
        out.push(flow_problem(format!(
            "The {title} IVR level allows at most {}",
            plural(limits.steps, "step", "steps")
        )));
    }
    if count(|s| matches!(s, Step::Menu(_))) > limits.menus {
        out.push(flow_problem(format!(
            "The {title} IVR level allows at most {}",
            plural(limits.menus, "menu", "menus")
        )));
    }
    if count(|s| matches!(s, Step::Voicemail(_))) > limits.voicemail_boxes {
        out.push(flow_problem(format!(
            "The {title} IVR level allows at most {}",
            plural(limits.voicemail_boxes, "voicemail box", "voicemail boxes")
        )));
    }
    out
}

fn bounded(id: &str, value: u32, (min, max): (u32, u32), what: &str) -> Option<Problem> {
    (!(min..=max).contains(&value)).then(|| {
        step_problem(
            id,
            format!("{what} must be between {min} and {max} seconds"),
        )
    })
}

fn prompt_problems(id: &str, text: &str, audio: &Option<String>, what: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    if text.trim().is_empty() && audio.as_deref().is_none_or(|a| a.trim().is_empty()) {
        out.push(step_problem(
            id,
            format!("enter {what} or choose an audio file"),
        ));
    }
    if text.chars().count() > MAX_TEXT {
        out.push(step_problem(
            id,
            format!("the text must be at most {MAX_TEXT} characters"),
        ));
    }
    out
}

fn step_problems(id: &str, step: &Step, level: Level, zones: &dyn Zones) -> Vec<Problem> {
    match step {
        Step::Say(s) => prompt_problems(id, &s.text, &s.audio, "the text to say"),
        Step::Menu(m) => menu_problems(id, m),
        Step::Hours(h) => hours_problems(id, h, level, zones),
        Step::Forward(f) => forward_problems(id, f),
        Step::Voicemail(v) => {
            let mut out = prompt_problems(id, &v.greeting, &v.audio, "the greeting");
            out.extend(bounded(
                id,
                v.max_seconds,
                RECORD_SECONDS,
                "the recording limit",
            ));
            out
        }
        Step::Hangup => Vec::new(),
        // A flow from the editor (or the API behind it) cannot fetch a URL mid-call.
        _ => vec![step_problem(
            id,
            "this kind of step comes from TwiML; a flow cannot use it",
        )],
    }
}

fn menu_problems(id: &str, m: &Menu) -> Vec<Problem> {
    let mut out = prompt_problems(id, &m.prompt, &m.audio, "the menu prompt");
    if m.options.is_empty() {
        out.push(step_problem(id, "a menu needs at least one key"));
    }
    for key in m.options.keys().filter(|k| !KEYS.contains(&k.as_str())) {
        out.push(step_problem(
            id,
            format!("'{key}' is not a key; use 0-9, * or #"),
        ));
    }
    out.extend(bounded(
        id,
        m.timeout_seconds,
        TIMEOUT_SECONDS,
        "the timeout",
    ));
    if !(RETRIES.0..=RETRIES.1).contains(&m.retries) {
        out.push(step_problem(
            id,
            format!("retries must be between {} and {}", RETRIES.0, RETRIES.1),
        ));
    }
    out
}

fn hours_problems(id: &str, h: &Hours, level: Level, zones: &dyn Zones) -> Vec<Problem> {
    let mut out = Vec::new();
    if !level.limits().business_hours {
        out.push(step_problem(
            id,
            "business hours need the Advanced or Premium IVR level",
        ));
    }
    if h.time_zone.is_empty() {
        out.push(step_problem(id, "choose a time zone"));
    } else if !zones.is_known(&h.time_zone) {
        out.push(step_problem(
            id,
            format!("'{}' is not a known time zone", h.time_zone),
        ));
    }
    for (day, intervals) in h.weekly.days() {
        if intervals.len() > MAX_INTERVALS_PER_DAY {
            out.push(step_problem(
                id,
                format!("{day} may have at most {MAX_INTERVALS_PER_DAY} opening times"),
            ));
        }
        for i in intervals {
            if let Some(bad) = [&i.from, &i.to]
                .into_iter()
                .find(|t| parse_time(t).is_none())
            {
                out.push(step_problem(
                    id,
                    format!("{day} '{bad}' is not a time (HH:MM)"),
                ));
            } else if interval_minutes(i).is_none() {
                out.push(step_problem(
                    id,
                    format!("{day} {}-{} must end after it starts", i.from, i.to),
                ));
            }
        }
    }
    if h.holidays.len() > MAX_HOLIDAYS {
        out.push(step_problem(id, format!("at most {MAX_HOLIDAYS} holidays")));
    }
    for d in h.holidays.iter().filter(|d| parse_date(d).is_none()) {
        out.push(step_problem(
            id,
            format!("holiday '{d}' is not a date (YYYY-MM-DD)"),
        ));
    }
    out
}

fn forward_problems(id: &str, f: &Forward) -> Vec<Problem> {
    let mut out = Vec::new();
    if f.to.is_empty() {
        out.push(step_problem(id, "enter the number to forward to"));
    }
    let parties = std::iter::once(&f.to).chain(&f.also);
    if parties
        .filter(|to| !to.is_empty())
        .any(|to| to != FORWARD_TO_DEVICES && !phone::is_e164(to))
    {
        // core's E.164 message, continuing the sentence after "Step 'x': ".
        let (first, rest) = phone::E164_MESSAGE.split_at(1);
        out.push(step_problem(id, format!("{}{rest}", first.to_lowercase())));
    }
    if 1 + f.also.len() > FORWARD_PARTIES {
        out.push(step_problem(
            id,
            format!("a forward rings at most {FORWARD_PARTIES} parties at once"),
        ));
    }
    out.extend(bounded(id, f.ring_seconds, RING_SECONDS, "the ring time"));
    out
}
