//! The IVR tables. Flows of an owner (ivr_flows) and the numbers routed to them
//! (number_ivr) here; what a call needs (prompts, voicemails, the path) in `call`;
//! the subscriptions in `billing`.
//!
//! For the media endpoint: `flow_for_number` on INVITE, then `call::prompt_audio`,
//! `call::save_voicemail` (+ `crate::ivr::announce_voicemail`), `call::set_call_path`.

pub mod billing;
pub mod call;
pub mod voicemails;

pub use call::{
    count_voicemails, prompt_audio, prompt_labels, save_voicemail, set_call_path, NewVoicemail,
    PromptAudio,
};

use crate::db::{now_ms, Exec};
use dialtone_core::ivr::Flow;
use sqlx::{AnyConnection, Row};

/// A stored flow; `flow` is core's model as JSON.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredFlow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub flow: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl StoredFlow {
    /// The model; a row that no longer parses (never written so) reads as empty.
    pub fn model(&self) -> Flow {
        serde_json::from_str(&self.flow).unwrap_or_default()
    }
}

const COLUMNS: &str = "id, user_id, name, flow, created_at, updated_at";

statements! {
    /// How many flows the owner keeps (deleted ones left out).
    pub fn count_flows(owner: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM ivr_flows WHERE user_id = $1 AND deleted_at IS NULL";

    /// The owner's flows, newest first (deleted ones left out).
    pub fn list_flows(owner: i64) -> all(StoredFlow) =
        &format!(
            "SELECT {COLUMNS} FROM ivr_flows WHERE user_id = $1 AND deleted_at IS NULL ORDER BY id DESC LIMIT 500"
        );

    /// One flow of the owner's; None when it is another's, deleted, or unknown.
    pub fn find_flow(id: i64, owner: i64) -> optional(StoredFlow) =
        &format!(
            "SELECT {COLUMNS} FROM ivr_flows WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL"
        );
}

/// Whether a live flow with this id exists at all (for 403 against 404).
pub async fn flow_exists<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<bool> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM ivr_flows WHERE id = $1 AND deleted_at IS NULL")
            .bind(id)
            .fetch_one(ex)
            .await?;
    Ok(n > 0)
}

pub async fn insert_flow<'e>(ex: impl Exec<'e>, owner: i64, flow: &Flow) -> sqlx::Result<i64> {
    let now = now_ms();
    sqlx::query_scalar(
        "INSERT INTO ivr_flows (user_id, name, flow, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id",
    )
    .bind(owner)
    .bind(flow.name.trim())
    .bind(serde_json::to_string(flow).unwrap_or_default())
    .bind(now)
    .fetch_one(ex)
    .await
}

statements! {
    /// Replaces the owner's flow; false when it is not theirs (or deleted).
    pub fn update_flow(id: i64, owner: i64, flow: &Flow) -> changed_one() =
        "UPDATE ivr_flows SET name = $1, flow = $2, updated_at = $3 WHERE id = $4 AND user_id = $5 AND deleted_at IS NULL",
        (flow.name.trim(), serde_json::to_string(flow).unwrap_or_default(), now_ms(), id, owner);
}

/// Marks the owner's flow deleted; false when it is not theirs (or already gone).
pub async fn delete_flow<'e>(ex: impl Exec<'e>, id: i64, owner: i64) -> sqlx::Result<bool> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE ivr_flows SET deleted_at = $1, updated_at = $1 WHERE id = $2 AND user_id = $3 AND deleted_at IS NULL",
    )
    .bind(now)
    .bind(id)
    .bind(owner)
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

statements! {
    /// The owner's active numbers routed to a flow, E.164 (rows of earlier owners ignored).
    pub fn numbers_of_flow(flow_id: i64, owner: i64) -> scalar_all(String) =
        "SELECT p.number FROM number_ivr r JOIN phone_numbers p ON p.id = r.number_id \
         WHERE r.flow_id = $1 AND r.owner_id = $2 AND p.owner_id = $2 AND p.status = 'active' \
         ORDER BY p.number";

    /// The flow `owner` routed `number_id` to, if any (a route of an earlier owner is ignored).
    pub fn flow_of_number(number_id: i64, owner: i64) -> scalar_optional(i64) =
        "SELECT r.flow_id FROM number_ivr r JOIN ivr_flows f ON f.id = r.flow_id \
         WHERE r.number_id = $1 AND r.owner_id = $2 AND f.deleted_at IS NULL";
}

/// Routes `number_id` to a flow of `owner`'s, or with None removes its IVR route.
pub async fn set_number_flow(
    conn: &mut AnyConnection,
    number_id: i64,
    owner: i64,
    flow_id: Option<i64>,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM number_ivr WHERE number_id = $1")
        .bind(number_id)
        .execute(&mut *conn)
        .await?;
    if let Some(flow_id) = flow_id {
        sqlx::query("INSERT INTO number_ivr (number_id, owner_id, flow_id) VALUES ($1, $2, $3)")
            .bind(number_id)
            .bind(owner)
            .bind(flow_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// What an inbound call to a number needs to run its flow.
#[derive(Debug, Clone)]
pub struct IvrRoute {
    /// None for TwiML, which no stored flow holds.
    pub flow_id: Option<i64>,
    pub owner_id: i64,
    pub number_id: i64,
    /// The number as stored, E.164 with its '+'.
    pub number: String,
    pub flow: Flow,
}

/// The flow answering calls to `e164` (with or without its '+'): the number is active,
/// its current owner routed it to a live flow of theirs, and that flow's subscription
/// is paid. None means the call is not an IVR call.
pub async fn flow_for_number<'e>(ex: impl Exec<'e>, e164: &str) -> sqlx::Result<Option<IvrRoute>> {
    let number = if e164.starts_with('+') {
        e164.to_string()
    } else {
        format!("+{e164}")
    };
    let row = sqlx::query(
        "SELECT f.id AS flow_id, p.owner_id, p.id AS number_id, p.number, f.flow \
         FROM phone_numbers p \
         JOIN number_ivr r ON r.number_id = p.id AND r.owner_id = p.owner_id \
         JOIN ivr_flows f ON f.id = r.flow_id AND f.deleted_at IS NULL \
         JOIN ivr_subscriptions s ON s.flow_id = f.id AND s.status = 'active' \
         WHERE p.number = $1 AND p.status = 'active'",
    )
    .bind(number)
    .fetch_optional(ex)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let flow: String = r.try_get("flow")?;
    Ok(Some(IvrRoute {
        flow_id: Some(r.try_get("flow_id")?),
        owner_id: r.try_get("owner_id")?,
        number_id: r.try_get("number_id")?,
        number: r.try_get("number")?,
        flow: serde_json::from_str(&flow).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
    }))
}

statements! {
    /// The IVR levels of the plans `owner` holds in their period at `now` (used up or
    /// not): what gives their IVR level.
    pub fn active_plan_levels(owner: i64, now: i64) -> scalar_all(String) =
        "SELECT ivr_level FROM user_packages WHERE user_id = $1 AND status <> 'expired' AND expires_at > $2";
}
