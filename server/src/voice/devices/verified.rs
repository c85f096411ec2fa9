//! Verified caller IDs (/api/sip/verified-caller-ids): outside numbers (a mobile, an
//! office line elsewhere) that an account proved it holds with a code sent there by
//! SMS. A device's call may show one: the carrier gets it in From and
//! P-Asserted-Identity with STIR/SHAKEN attestation B, and the call is billed as the
//! device's configured caller ID (core's `sip::caller_id_fix`). The same list is the
//! trial's verified numbers.

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, With};
use crate::openapi::responses::{Invalid, NotFound, SignedIn, Throttled, Upstream};
use crate::state::AppState;
use crate::throttle::ClientIp;
use crate::trial::{codes, repo, Sent};
use axum::http::StatusCode;
use dialtone_core::{phone, trial};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_verified, post_verified))
        .routes(routes!(post_confirm))
        .routes(routes!(delete_verified))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedCallerId {
    /// E.164.
    pub number: String,
    pub verified_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct VerifiedCallerIds {
    /// Oldest first, at most 50.
    pub numbers: Vec<VerifiedCallerId>,
}

async fn list(state: &AppState, user_id: i64) -> Result<VerifiedCallerIds> {
    let rows = repo::verified_since(&state.db.pool, user_id).await?;
    let numbers = rows
        .into_iter()
        .map(|(number, at)| VerifiedCallerId {
            number,
            verified_at: iso(at),
        })
        .collect();
    Ok(VerifiedCallerIds { numbers })
}

/// The account's verified caller IDs.
#[utoipa::path(get, path = "/sip/verified-caller-ids", tag = "sip",
    responses((status = 200, description = "Verified numbers", body = VerifiedCallerIds), SignedIn))]
async fn get_verified(With(state, auth): With<AuthUser>) -> Result<axum::Json<VerifiedCallerIds>> {
    Ok(axum::Json(list(&state, auth.user.id).await?))
}

/// Sends a code by SMS to a number the account says it holds (free of charge); the
/// same limits as the trial's codes.
#[utoipa::path(post, path = "/sip/verified-caller-ids", tag = "sip",
    request_body = trial::VerifyInput,
    responses((status = 200, description = "A code was sent", body = Sent), Invalid, SignedIn,
        Throttled, Upstream))]
async fn post_verified(
    With(state, auth): With<AuthUser>,
    ClientIp(ip): ClientIp,
    Json(input): Json<trial::VerifyInput>,
) -> Result<axum::Json<Sent>> {
    Error::check(trial::validate_verify(&input, false))?;
    let number = phone::normalize(input.number.trim());
    let now = now_ms();
    let user_id = auth.user.id;
    // A trial account's verified numbers are what its credit may call: one held by
    // another account's trial is refused here as it is there.
    let mut conn = state.db.pool.acquire().await?;
    let in_trial = crate::trial::account::state(&mut conn, user_id)
        .await?
        .active(now);
    drop(conn);
    let who = codes::Asker {
        user_id,
        address: &ip,
        refuse_others_trials: in_trial,
    };
    Ok(axum::Json(codes::send(&state, who, &number, now).await?))
}

/// Verifies a number with the code sent to it; audited.
#[utoipa::path(post, path = "/sip/verified-caller-ids/confirm", tag = "sip",
    request_body = trial::VerifyInput,
    responses((status = 200, description = "The number is verified", body = VerifiedCallerIds),
        Invalid, SignedIn))]
async fn post_confirm(
    With(state, auth): With<AuthUser>,
    Json(input): Json<trial::VerifyInput>,
) -> Result<axum::Json<VerifiedCallerIds>> {
    Error::check(trial::validate_verify(&input, true))?;
    let number = phone::normalize(input.number.trim());
    let user_id = auth.user.id;
    codes::confirm(&state, user_id, &number, &input.code, now_ms()).await?;
    audit(&state, user_id, None, Some(&number)).await?;
    Ok(axum::Json(list(&state, user_id).await?))
}

/// Forgets a verified number: devices may no longer show it; audited.
#[utoipa::path(delete, path = "/sip/verified-caller-ids/{number}", tag = "sip",
    params(("number" = String, Path, description = "The number, E.164")),
    responses((status = 204, description = "Forgotten"), SignedIn, NotFound))]
async fn delete_verified(
    With(state, auth): With<AuthUser>,
    Path(number): Path<String>,
) -> Result<StatusCode> {
    let number = phone::normalize(number.trim());
    let user_id = auth.user.id;
    if !repo::forget(&state.db.pool, user_id, &number).await? {
        return Err(Error::NotFound("Verified caller ID not found".into()));
    }
    audit(&state, user_id, Some(&number), None).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn audit(
    state: &AppState,
    user_id: i64,
    before: Option<&str>,
    after: Option<&str>,
) -> Result<()> {
    let entry = crate::audit::Entry::of(
        user_id,
        "sip.verified_caller_id",
        "user",
        user_id,
        before.map(|n| serde_json::json!({ "number": n })).as_ref(),
        after.map(|n| serde_json::json!({ "number": n })).as_ref(),
    );
    crate::audit::record(&state.db.pool, entry).await?;
    Ok(())
}
