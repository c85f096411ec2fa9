//! What a call through a flow reads and writes: the prompts rendered at save time, the
//! voicemail it records, and the path it took.

use crate::db::now_ms;
use sqlx::AnyConnection;

/// A step's prompt: 8 kHz mono 16-bit signed little-endian PCM samples, no header.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PromptAudio {
    #[sqlx(rename = "audio")]
    pub pcm: Vec<u8>,
    pub duration_ms: i64,
    /// "tts" (the step's text spoken by espeak-ng) or "upload".
    pub source: String,
    /// The text spoken, or the uploaded file's name.
    pub label: String,
}

statements! {
    /// The voicemails `owner` keeps (core's quota counts them).
    pub fn count_voicemails(owner: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM ivr_voicemails WHERE user_id = $1";

    /// The prompt of `step_id` in `flow_id`, as rendered when the flow was last saved.
    pub fn prompt_audio(flow_id: i64, step_id: &str) -> optional(PromptAudio) =
        "SELECT audio, duration_ms, source, label FROM ivr_prompts WHERE flow_id = $1 AND step_id = $2";

    /// (step id, source, label) of every prompt a flow has, to see what needs rendering.
    pub fn prompt_labels(flow_id: i64) -> all((String, String, String)) =
        "SELECT step_id, source, label FROM ivr_prompts WHERE flow_id = $1";

    /// (step id, source, label, duration_ms) of a flow's prompts, by step.
    pub fn prompt_list(flow_id: i64) -> all((String, String, String, i64)) =
        "SELECT step_id, source, label, duration_ms FROM ivr_prompts WHERE flow_id = $1 ORDER BY step_id";

    /// Stores (or replaces) a step's prompt.
    pub fn put_prompt(flow_id: i64, step_id: &str, prompt: &PromptAudio) -> run() =
        "INSERT INTO ivr_prompts (flow_id, step_id, source, label, audio, duration_ms, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (flow_id, step_id) DO UPDATE SET source = excluded.source, label = excluded.label, \
         audio = excluded.audio, duration_ms = excluded.duration_ms, created_at = excluded.created_at",
        (flow_id, step_id, &prompt.source, &prompt.label, &prompt.pcm, prompt.duration_ms, now_ms());

    pub fn delete_prompt(flow_id: i64, step_id: &str) -> run() =
        "DELETE FROM ivr_prompts WHERE flow_id = $1 AND step_id = $2";

    /// Copies every prompt of one flow to another (a duplicate plays the same audio).
    pub fn copy_prompts(from: i64, to: i64) -> run() =
        "INSERT INTO ivr_prompts (flow_id, step_id, source, label, audio, duration_ms, created_at) \
         SELECT $1, step_id, source, label, audio, duration_ms, $2 FROM ivr_prompts WHERE flow_id = $3",
        (to, now_ms(), from);
}

/// A recording the media endpoint made.
#[derive(Debug, Clone)]
pub struct NewVoicemail<'a> {
    pub user_id: i64,
    pub number_id: Option<i64>,
    pub flow_id: Option<i64>,
    /// The call's SID: a second save for the same call finds the first.
    pub call_sid: Option<&'a str>,
    pub caller: &'a str,
    pub duration_ms: i64,
    /// A complete WAV file.
    pub wav: &'a [u8],
}

/// Stores a voicemail once per call and returns its id; call
/// `crate::ivr::announce_voicemail` with it after the transaction commits.
pub async fn save_voicemail(conn: &mut AnyConnection, v: &NewVoicemail<'_>) -> sqlx::Result<i64> {
    if let Some(sid) = v.call_sid {
        let found: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ivr_voicemails WHERE call_sid = $1")
                .bind(sid)
                .fetch_optional(&mut *conn)
                .await?;
        if let Some(id) = found {
            return Ok(id);
        }
    }
    sqlx::query_scalar(
        "INSERT INTO ivr_voicemails (user_id, number_id, flow_id, call_sid, caller, duration_ms, audio, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(v.user_id)
    .bind(v.number_id)
    .bind(v.flow_id)
    .bind(v.call_sid)
    .bind(v.caller)
    .bind(v.duration_ms)
    .bind(v.wav)
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await
}

statements! {
    /// Records (or, as the call goes on, replaces) the path a call took through a flow,
    /// e.g. "menu → 2 → voicemail"; the call history shows it beside the call.
    pub fn set_call_path(call_sid: &str, flow_id: Option<i64>, path: &str) -> run() =
        "INSERT INTO ivr_call_paths (call_sid, flow_id, path, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (call_sid) DO UPDATE SET path = excluded.path, flow_id = excluded.flow_id, \
         updated_at = excluded.updated_at", (call_sid, flow_id, path, now_ms());

    /// The path a call took, by its SID.
    pub fn call_path(call_sid: &str) -> scalar_optional(String) =
        "SELECT path FROM ivr_call_paths WHERE call_sid = $1";
}

/// Claims a voicemail's announcement: Some((owner, caller, duration_ms, number)) the
/// first time only.
pub async fn claim_announcement(
    conn: &mut AnyConnection,
    id: i64,
) -> sqlx::Result<Option<(i64, String, i64, Option<String>)>> {
    let claimed: Option<(i64, String, i64, Option<i64>)> = sqlx::query_as(
        "UPDATE ivr_voicemails SET announced_at = $1 WHERE id = $2 AND announced_at IS NULL \
         RETURNING user_id, caller, duration_ms, number_id",
    )
    .bind(now_ms())
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((user_id, caller, duration_ms, number_id)) = claimed else {
        return Ok(None);
    };
    let number = match number_id {
        Some(n) => {
            sqlx::query_scalar("SELECT number FROM phone_numbers WHERE id = $1")
                .bind(n)
                .fetch_optional(&mut *conn)
                .await?
        }
        None => None,
    };
    Ok(Some((user_id, caller, duration_ms, number)))
}
