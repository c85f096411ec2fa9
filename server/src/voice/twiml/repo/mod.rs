//! The number's VoiceUrl, for a call the IVR endpoint was handed; the Calls API's
//! placed calls; and (`recordings`) what TwiML's <Record> makes.

pub mod recordings;

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

/// A call placed through the Calls API, as stored.
#[derive(sqlx::FromRow, Debug, Clone)]
pub struct ApiCall {
    pub sid: String,
    pub user_id: i64,
    pub call_id: String,
    pub from_number: String,
    pub to_number: String,
    pub status: String,
    /// outbound-api (placed through the API), or inbound (a number's VoiceUrl).
    pub direction: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const API_CALL: &str =
    "sid, user_id, call_id, from_number, to_number, status, direction, created_at, updated_at";

/// The id of `owner`'s active number `e164`.
pub async fn active_number<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    e164: &str,
) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "SELECT id FROM phone_numbers WHERE number = $1 AND owner_id = $2 AND status = 'active'",
    )
    .bind(e164)
    .bind(owner)
    .fetch_optional(ex)
    .await
}

/// Records a placed (or answered inbound) call; false when `key` was used by the owner
/// already.
pub async fn insert_api_call<'e>(
    ex: impl Exec<'e>,
    c: &ApiCall,
    key: Option<&str>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO api_calls (sid, user_id, call_id, idempotency_key, from_number, to_number, status, \
         created_at, updated_at, direction) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&c.sid)
    .bind(c.user_id)
    .bind(&c.call_id)
    .bind(key)
    .bind(&c.from_number)
    .bind(&c.to_number)
    .bind(&c.status)
    .bind(c.created_at)
    .bind(&c.direction)
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The call `owner` placed with `key`.
pub async fn api_call_by_key<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    key: &str,
) -> sqlx::Result<Option<ApiCall>> {
    sqlx::query_as(&format!(
        "SELECT {API_CALL} FROM api_calls WHERE user_id = $1 AND idempotency_key = $2"
    ))
    .bind(owner)
    .bind(key)
    .fetch_optional(ex)
    .await
}

/// `owner`'s placed call `sid`.
pub async fn api_call<'e>(
    ex: impl Exec<'e>,
    owner: i64,
    sid: &str,
) -> sqlx::Result<Option<ApiCall>> {
    sqlx::query_as(&format!(
        "SELECT {API_CALL} FROM api_calls WHERE user_id = $1 AND sid = $2"
    ))
    .bind(owner)
    .bind(sid)
    .fetch_optional(ex)
    .await
}

pub async fn set_api_call_status<'e>(
    ex: impl Exec<'e>,
    sid: &str,
    status: &str,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE api_calls SET status = $1, updated_at = $2 WHERE sid = $3")
        .bind(status)
        .bind(now)
        .bind(sid)
        .execute(ex)
        .await?;
    Ok(())
}
