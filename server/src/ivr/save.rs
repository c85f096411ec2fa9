//! Saving a flow: core's validation at the customer's IVR level, then the prompts
//! rendered (only those whose text changed), then the flow and its prompts written in
//! one transaction.

use super::audio;
use super::repo::{self, PromptAudio};
use crate::error::Error;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dialtone_core::ivr::{plan, validate_flow, Flow, Iana, Level, Problem, Step};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use utoipa::ToSchema;

/// One problem of a flow, as core's validation words it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowProblem {
    /// The step it belongs to; null for the flow as a whole.
    pub step: Option<String>,
    pub message: String,
}

/// 400 for a flow that does not validate: every problem, each with its step.
#[derive(Serialize, ToSchema)]
pub struct FlowInvalid {
    /// The first problem's message.
    pub message: String,
    pub problems: Vec<FlowProblem>,
}

#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "The flow does not validate: `problems`, each with its step"
)]
pub struct FlowRejected(#[to_schema] pub FlowInvalid);

/// A failure of a save: the flow's problems, or any other error.
pub enum SaveError {
    Invalid(Vec<Problem>),
    Other(Error),
}

impl<E: Into<Error>> From<E> for SaveError {
    fn from(e: E) -> Self {
        SaveError::Other(e.into())
    }
}

impl IntoResponse for SaveError {
    fn into_response(self) -> Response {
        match self {
            SaveError::Other(e) => e.into_response(),
            SaveError::Invalid(problems) => {
                let body = FlowInvalid {
                    message: problems
                        .first()
                        .map(|p| p.message.clone())
                        .unwrap_or_default(),
                    problems: problems
                        .into_iter()
                        .map(|p| FlowProblem {
                            step: p.step,
                            message: p.message,
                        })
                        .collect(),
                };
                (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
            }
        }
    }
}

/// The IVR level the customer's plans in force give (core's mapping).
pub async fn level_of(pool: &sqlx::AnyPool, owner: i64) -> Result<Level, Error> {
    let levels = repo::active_plan_levels(pool, owner, crate::db::now_ms()).await?;
    Ok(plan::level_for_packages(levels.iter().map(String::as_str)))
}

/// Parses a request body as a flow; a body of the wrong shape is a 400.
pub fn parse(body: serde_json::Value) -> Result<Flow, Error> {
    serde_json::from_value(body).map_err(|e| Error::bad_request(format!("This is not a flow: {e}")))
}

/// The steps that play a prompt: (step id, the text to speak, an upload is chosen).
fn prompt_steps(flow: &Flow) -> Vec<(&str, &str, bool)> {
    flow.steps
        .iter()
        .filter_map(|(id, step)| {
            let (text, audio) = match step {
                Step::Say(s) => (&s.text, &s.audio),
                Step::Menu(m) => (&m.prompt, &m.audio),
                Step::Voicemail(v) => (&v.greeting, &v.audio),
                _ => return None,
            };
            let chosen = audio.as_deref().is_some_and(|a| !a.trim().is_empty());
            Some((id.as_str(), text.trim(), chosen))
        })
        .collect()
}

/// What a save does to the prompts: audio to write, and every step whose prompt stays.
pub struct Prompts {
    pub write: Vec<(String, PromptAudio)>,
    pub keep: BTreeSet<String>,
}

/// Renders the prompts `flow` needs, given (step, source, label) of those stored:
/// an uploaded recording stays while the step still names one; otherwise the text is
/// spoken again only when it changed.
pub async fn render(
    flow: &Flow,
    stored: &[(String, String, String)],
) -> Result<Prompts, SaveError> {
    let stored: BTreeMap<&str, (&str, &str)> = stored
        .iter()
        .map(|(s, src, label)| (s.as_str(), (src.as_str(), label.as_str())))
        .collect();
    let mut out = Prompts {
        write: Vec::new(),
        keep: BTreeSet::new(),
    };
    let mut problems = Vec::new();
    for (step, text, upload_chosen) in prompt_steps(flow) {
        let current = stored.get(step).copied();
        if upload_chosen && matches!(current, Some(("upload", _))) {
            out.keep.insert(step.to_string());
        } else if text.is_empty() {
            problems.push(Problem {
                step: Some(step.to_string()),
                message: format!("Step '{step}': upload the audio file for this step"),
            });
        } else if current == Some(("tts", text)) {
            out.keep.insert(step.to_string());
        } else {
            let audio = audio::speak(text).await.map_err(Error::Internal)?;
            out.keep.insert(step.to_string());
            out.write.push((step.to_string(), audio));
        }
    }
    if !problems.is_empty() {
        return Err(SaveError::Invalid(problems));
    }
    Ok(out)
}

/// Validates `flow` for `owner` and renders its prompts (for the flow `id` when it
/// exists already).
pub async fn check(
    pool: &sqlx::AnyPool,
    owner: i64,
    id: Option<i64>,
    flow: &Flow,
) -> Result<Prompts, SaveError> {
    let level = level_of(pool, owner).await?;
    let problems = validate_flow(flow, level, &Iana);
    if !problems.is_empty() {
        return Err(SaveError::Invalid(problems));
    }
    let stored = match id {
        Some(id) => repo::prompt_labels(pool, id).await?,
        None => Vec::new(),
    };
    render(flow, &stored).await
}

/// Writes a flow's prompts in the caller's transaction and drops those of steps gone.
pub async fn write_prompts(
    conn: &mut sqlx::AnyConnection,
    flow_id: i64,
    prompts: &Prompts,
) -> sqlx::Result<()> {
    for (step, audio) in &prompts.write {
        repo::call::put_prompt(&mut *conn, flow_id, step, audio).await?;
    }
    for (step, _, _) in repo::prompt_labels(&mut *conn, flow_id).await? {
        if !prompts.keep.contains(&step) {
            repo::call::delete_prompt(&mut *conn, flow_id, &step).await?;
        }
    }
    Ok(())
}
