//! The number's VoiceUrl, for a call the IVR endpoint was handed.

use crate::db::Exec;
use sqlx::Row;

/// An active number whose owner set a VoiceUrl, with what its requests are signed as.
pub struct VoiceRoute {
    pub owner_id: i64,
    pub number_id: i64,
    pub number: String,
    pub voice_url: String,
    /// GET or POST.
    pub voice_method: String,
    pub voice_fallback_url: Option<String>,
    pub account_sid: String,
}

/// The VoiceUrl route of `e164` (with its '+'), if it has one.
pub async fn voice_route<'e>(ex: impl Exec<'e>, e164: &str) -> sqlx::Result<Option<VoiceRoute>> {
    let row = sqlx::query(
        "SELECT p.owner_id, p.id, p.number, p.voice_url, p.voice_method, p.voice_fallback_url, \
         a.account_sid FROM phone_numbers p \
         JOIN api_accounts a ON a.user_id = p.owner_id \
         WHERE p.number = $1 AND p.status = 'active' AND p.voice_url IS NOT NULL",
    )
    .bind(e164)
    .fetch_optional(ex)
    .await?;
    row.map(|r| {
        Ok(VoiceRoute {
            owner_id: r.try_get("owner_id")?,
            number_id: r.try_get("id")?,
            number: r.try_get("number")?,
            voice_url: r.try_get("voice_url")?,
            voice_method: r.try_get("voice_method")?,
            voice_fallback_url: r.try_get("voice_fallback_url")?,
            account_sid: r.try_get("account_sid")?,
        })
    })
    .transpose()
}
