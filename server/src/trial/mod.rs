//! The 7-day free trial (/api/trial): its state for the dashboard, and verifying the
//! numbers trial credit may call and text, with a code sent by SMS.

pub mod account;
mod code_message;
pub mod codes;
mod codes_admin;
mod demo_phone;
pub mod repo;

use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn, Throttled, Upstream};
use crate::state::AppState;
use crate::throttle::ClientIp;
use axum::extract::State;
use dialtone_core::{phone, trial};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use account::{check_destination, check_purchase};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_trial))
        .routes(routes!(post_verify))
        .routes(routes!(post_confirm))
        .routes(routes!(demo_phone::get_demo_phone))
        .routes(routes!(codes_admin::get_code_costs))
}

/// A verification code's message reference: this, the account's id, '-', the time.
const CODE_REFERENCE: &str = "verify-";

const CODES_MESSAGE: &str = "Too many verification codes requested. Please try again later.";

/// The signed-in user's free trial.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialView {
    /// `active`, `expired`, `converted`, or null for an account without a trial.
    pub status: Option<String>,
    /// Whether the trial is running now (its restrictions bind once credit is granted).
    pub active: bool,
    pub ends_at: Option<String>,
    pub days_left: i64,
    /// The trial credit granted (0 until the first number is verified).
    pub credit: Money,
    /// What verifying a first number grants (the admin's setting).
    pub offered_credit: Money,
    /// Numbers verified by code: the only ones trial credit may call or text.
    pub verified_numbers: Vec<String>,
    /// Whether the account may take its free trial number now (in the buy-number
    /// wizard): verified, in its trial, and none taken before.
    pub number_offer: bool,
    /// The free trial number the account has now, if any.
    pub trial_number: Option<String>,
}

async fn view(state: &AppState, user_id: i64) -> Result<TrialView> {
    let mut conn = state.db.pool.acquire().await?;
    let t = account::state(&mut conn, user_id).await?;
    let offered = crate::settings::load(&mut *conn).await?.trial_credit_micros;
    let now = now_ms();
    let verified = repo::verified(&mut *conn, user_id).await?;
    let taken = crate::users::repo::trial_number_of(&mut *conn, user_id).await?;
    let number_offer = trial::number_purchase(t.restricts(now), taken.is_some())
        == Ok(trial::NumberPurchase::TrialNumber);
    let trial_number = repo::trial_number(&mut *conn, user_id).await?;
    Ok(TrialView {
        number_offer,
        trial_number,
        active: t.active(now),
        days_left: match (t.status.as_deref(), t.ends_at) {
            (Some("active"), Some(end)) => trial::days_left(end, now),
            _ => 0,
        },
        ends_at: t.ends_at.map(iso),
        status: t.status,
        credit: Money::micros(t.credit),
        offered_credit: Money::micros(offered),
        verified_numbers: verified,
    })
}

/// The trial: status, days left and verified numbers.
#[utoipa::path(get, path = "/trial", tag = "trial",
    responses((status = 200, description = "The signed-in user's trial", body = TrialView), SignedIn))]
async fn get_trial(State(state): State<AppState>, auth: AuthUser) -> Result<axum::Json<TrialView>> {
    Ok(axum::Json(view(&state, auth.user.id).await?))
}

/// What happened, for the user.
#[derive(Serialize, ToSchema)]
pub struct Sent {
    pub message: String,
}

/// Sends a verification code by SMS to a number (free of charge).
#[utoipa::path(post, path = "/trial/verify", tag = "trial",
    request_body = trial::VerifyInput,
    responses((status = 200, description = "A code was sent", body = Sent), Invalid, SignedIn,
        (status = 403, description = "The account is not in its trial", body = crate::openapi::responses::ErrorBody),
        Throttled, Upstream))]
async fn post_verify(
    With(state, auth): With<AuthUser>,
    ClientIp(ip): ClientIp,
    Json(input): Json<trial::VerifyInput>,
) -> Result<axum::Json<Sent>> {
    Error::check(trial::validate_verify(&input, false))?;
    let user_id = auth.user.id;
    let number = phone::normalize(input.number.trim());
    let now = now_ms();
    {
        let mut conn = state.db.pool.acquire().await?;
        if !account::state(&mut conn, user_id).await?.active(now) {
            return Err(Error::Forbidden(trial::NOT_IN_TRIAL_MESSAGE.into()));
        }
    }
    // No code goes to a number another account's trial has: it could not be used.
    let who = codes::Asker {
        user_id,
        address: &ip,
        refuse_others_trials: true,
    };
    Ok(axum::Json(codes::send(&state, who, &number, now).await?))
}

/// Confirms a number with the code sent to it.
#[utoipa::path(post, path = "/trial/verify/confirm", tag = "trial",
    request_body = trial::VerifyInput,
    responses((status = 200, description = "The number is verified", body = TrialView), Invalid, SignedIn))]
async fn post_confirm(
    With(state, auth): With<AuthUser>,
    Json(input): Json<trial::VerifyInput>,
) -> Result<axum::Json<TrialView>> {
    Error::check(trial::validate_verify(&input, true))?;
    let user_id = auth.user.id;
    let number = phone::normalize(input.number.trim());
    let now = now_ms();
    // Checking the code and counting the attempt are one statement: at most
    // CODE_MAX_ATTEMPTS guesses per code, however many arrive at once.
    let hash = codes::code_hash(user_id, &number, input.code.trim());
    let credit = crate::settings::load(&state.db.pool)
        .await?
        .trial_credit_micros;
    let mut tx = state.db.begin_write().await?;
    let max = trial::CODE_MAX_ATTEMPTS;
    if !repo::confirm(&mut *tx, user_id, &number, &hash, now, max).await? {
        tx.commit().await?;
        return Err(Error::field("code", trial::CODE_WRONG_MESSAGE));
    }
    // The number joins this account's trial, unless another's took it meanwhile.
    repo::claim_phone(&mut *tx, &number, user_id, now).await?;
    if repo::phone_owner(&mut *tx, &number).await? != Some(user_id) {
        tx.rollback().await?;
        return Err(Error::field("number", trial::PHONE_USED_MESSAGE));
    }
    // The first verified number unlocks the trial credit.
    account::grant_credit(&mut tx, user_id, credit).await?;
    tx.commit().await?;
    Ok(axum::Json(view(&state, user_id).await?))
}

/// Starts the free trial of an account just signed up.
pub async fn start_for_new_account(state: &AppState, user_id: i64) -> Result<()> {
    let mut conn = state.db.pool.acquire().await?;
    account::start(&mut conn, user_id).await
}

/// Ends every trial whose time is up (the unused credit expires). Safe on several
/// instances: each trial is ended by exactly one.
pub async fn expire_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let due = crate::users::repo::trials_due(&state.db.pool, now).await?;
    let mut ended = 0;
    for user_id in due {
        let mut tx = state.db.begin_write().await?;
        if account::end(&mut tx, user_id, "expired")
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?
        {
            crate::notifications::notify(
                &mut *tx,
                user_id,
                "trial",
                "Free trial ended",
                "Your free trial has ended. Add funds to keep calling and messaging.",
            )
            .await?;
            ended += 1;
        }
        tx.commit().await?;
    }
    Ok(ended)
}
