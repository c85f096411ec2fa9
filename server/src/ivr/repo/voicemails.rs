//! A customer's voicemails: the list, one recording, deleting one.

use crate::db::now_ms;
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

statements! {
    /// The owner's voicemails, newest first.
    pub fn list(owner: i64) -> all(VoicemailRow) =
        "SELECT v.id, p.number, v.flow_id, f.name AS flow_name, v.caller, v.duration_ms, v.created_at, v.heard_at \
         FROM ivr_voicemails v LEFT JOIN phone_numbers p ON p.id = v.number_id \
         LEFT JOIN ivr_flows f ON f.id = v.flow_id \
         WHERE v.user_id = $1 ORDER BY v.id DESC LIMIT 500";

    /// The owner of a voicemail, if it exists (for 403 against 404).
    pub fn owner_of(id: i64) -> scalar_optional(i64) =
        "SELECT user_id FROM ivr_voicemails WHERE id = $1";

    /// The WAV of one of the owner's voicemails, marking it heard.
    pub fn take_audio(id: i64, owner: i64) -> scalar_optional(Vec<u8>) =
        "UPDATE ivr_voicemails SET heard_at = COALESCE(heard_at, $1) WHERE id = $2 AND user_id = $3 RETURNING audio",
        (now_ms(), id, owner);

    pub fn delete(id: i64, owner: i64) -> changed_one() =
        "DELETE FROM ivr_voicemails WHERE id = $1 AND user_id = $2";
}
