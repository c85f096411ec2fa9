//! A customer's voicemails: the list, one recording, deleting one.

use crate::db::{now_ms, Exec};
#[derive(sqlx::FromRow)]
pub struct VoicemailRow {
    pub id: i64,
    pub number: Option<String>,
    pub flow_id: Option<i64>,
    pub flow_name: Option<String>,
    pub caller: String,
    pub duration_ms: i64,
    pub created_at: i64,
    pub heard_at: Option<i64>,
}

/// The owner's voicemails, newest first.
pub async fn list<'e>(ex: impl Exec<'e>, owner: i64) -> sqlx::Result<Vec<VoicemailRow>> {
    sqlx::query_as(
        "SELECT v.id, p.number, v.flow_id, f.name AS flow_name, v.caller, v.duration_ms, v.created_at, v.heard_at \
         FROM ivr_voicemails v LEFT JOIN phone_numbers p ON p.id = v.number_id \
         LEFT JOIN ivr_flows f ON f.id = v.flow_id \
         WHERE v.user_id = $1 ORDER BY v.id DESC LIMIT 500",
    )
    .bind(owner)
    .fetch_all(ex)
    .await
}

/// The owner of a voicemail, if it exists (for 403 against 404).
pub async fn owner_of<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT user_id FROM ivr_voicemails WHERE id = $1")
        .bind(id)
        .fetch_optional(ex)
        .await
}

/// The WAV of one of the owner's voicemails, marking it heard.
pub async fn take_audio<'e>(
    ex: impl Exec<'e>,
    id: i64,
    owner: i64,
) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar(
        "UPDATE ivr_voicemails SET heard_at = COALESCE(heard_at, $1) WHERE id = $2 AND user_id = $3 RETURNING audio",
    )
    .bind(now_ms())
    .bind(id)
    .bind(owner)
    .fetch_optional(ex)
    .await
}

pub async fn delete<'e>(ex: impl Exec<'e>, id: i64, owner: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM ivr_voicemails WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(owner)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() == 1)
}
