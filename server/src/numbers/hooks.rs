//! /api/numbers/{id}/hooks: a number's URLs, as Twilio's console has them: the Voice
//! URL whose TwiML answers its calls (with its method and a fallback), the SMS URL
//! that receives its messages, and the status callback of its calls. Core's callback
//! URL rule checks each; the Twilio API's IncomingPhoneNumbers update sets the same.

use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Path, With};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use dialtone_core::api::{self as rules, NumberHooks, NumberHooksInput};
use serde::Serialize;
use utoipa::ToSchema;

/// A number's URLs; empty strings where none is set.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Hooks {
    pub voice_url: String,
    /// GET or POST.
    pub voice_method: String,
    pub voice_fallback_url: String,
    pub sms_url: String,
    /// GET or POST.
    pub sms_method: String,
    pub status_callback: String,
}

impl From<NumberHooks> for Hooks {
    fn from(h: NumberHooks) -> Hooks {
        Hooks {
            voice_url: h.voice_url.unwrap_or_default(),
            voice_method: h.voice_method,
            voice_fallback_url: h.voice_fallback_url.unwrap_or_default(),
            sms_url: h.sms_url.unwrap_or_default(),
            sms_method: h.sms_method,
            status_callback: h.status_callback.unwrap_or_default(),
        }
    }
}

fn not_found() -> Error {
    Error::NotFound("Number not found".into())
}

/// The URLs of one of my numbers.
#[utoipa::path(get, path = "/numbers/{id}/hooks", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    responses((status = 200, description = "The number's URLs", body = Hooks),
        Invalid, SignedIn, NotFound))]
pub async fn get_hooks(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<Hooks>> {
    let hooks = repo::hooks::hooks(&state.db.pool, id, auth.user.id).await?;
    Ok(axum::Json(hooks.ok_or_else(not_found)?.into()))
}

/// Sets the URLs of one of my active numbers (an empty one clears it).
#[utoipa::path(put, path = "/numbers/{id}/hooks", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    request_body = NumberHooksInput,
    responses((status = 200, description = "The URLs as saved", body = Hooks),
        Invalid, SignedIn, NotFound))]
pub async fn put_hooks(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
    Json(input): Json<NumberHooksInput>,
) -> Result<axum::Json<Hooks>> {
    let hooks = rules::validate_number_hooks(&input).map_err(Error::invalid)?;
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    let found = repo::find_mine(&mut *tx, id, owner, now_ms()).await?;
    if found.is_none_or(|n| n.status != "active") {
        return Err(not_found());
    }
    let before = repo::hooks::hooks(&mut *tx, id, owner).await?;
    repo::hooks::set_hooks(&mut *tx, id, owner, &hooks, now_ms()).await?;
    let entry = crate::audit::Entry::of(
        owner,
        "number.hooks",
        "number",
        id,
        before.as_ref(),
        Some(&hooks),
    );
    crate::audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(hooks.into()))
}
