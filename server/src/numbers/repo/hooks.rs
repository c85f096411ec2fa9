//! A number's URLs (VoiceUrl and its method and fallback, SmsUrl and its method,
//! StatusCallback).

use crate::db::Exec;
use dialtone_core::api::NumberHooks;
use sqlx::Row;

/// The URLs of `owner`'s number `id`.
pub async fn hooks<'e>(
    ex: impl Exec<'e>,
    id: i64,
    owner: i64,
) -> sqlx::Result<Option<NumberHooks>> {
    let row = sqlx::query(
        "SELECT voice_url, voice_method, voice_fallback_url, sms_url, sms_method, status_callback \
         FROM phone_numbers WHERE id = $1 AND owner_id = $2",
    )
    .bind(id)
    .bind(owner)
    .fetch_optional(ex)
    .await?;
    row.map(|r| {
        Ok(NumberHooks {
            voice_url: r.try_get("voice_url")?,
            voice_method: r.try_get("voice_method")?,
            voice_fallback_url: r.try_get("voice_fallback_url")?,
            sms_url: r.try_get("sms_url")?,
            sms_method: r.try_get("sms_method")?,
            status_callback: r.try_get("status_callback")?,
        })
    })
    .transpose()
}

pub async fn set_hooks<'e>(
    ex: impl Exec<'e>,
    id: i64,
    owner: i64,
    h: &NumberHooks,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE phone_numbers SET voice_url = $1, voice_method = $2, voice_fallback_url = $3, \
         sms_url = $4, status_callback = $5, updated_at = $6, sms_method = $9 \
         WHERE id = $7 AND owner_id = $8",
    )
    .bind(&h.voice_url)
    .bind(&h.voice_method)
    .bind(&h.voice_fallback_url)
    .bind(&h.sms_url)
    .bind(&h.status_callback)
    .bind(now)
    .bind(id)
    .bind(owner)
    .bind(&h.sms_method)
    .execute(ex)
    .await?;
    Ok(())
}
