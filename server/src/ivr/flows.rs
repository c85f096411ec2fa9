//! A customer's flows (/api/ivr/flows): list (with the IVR level their packages give),
//! create, read, replace, duplicate, delete. Another customer's flow is a 404, as
//! numbers are. A flow a number routes to cannot be deleted (409): unassign it first.

use super::repo::{self, StoredFlow};
use super::save::{self, FlowRejected, SaveError};
use crate::auth::AuthUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::json::Money;
use crate::openapi::responses::{Conflict, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::http::StatusCode;
use dialtone_core::ivr::{limits::MAX_NAME, plan};
use dialtone_core::quota::Kept;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_flows, post_flow))
        .routes(routes!(get_flow, put_flow, delete_flow))
        .routes(routes!(post_duplicate))
}

/// What the customer's IVR level allows (core's limits).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrLimits {
    pub steps: usize,
    pub menus: usize,
    pub business_hours: bool,
    pub voicemail_boxes: usize,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrFlowSummary {
    pub id: i64,
    pub name: String,
    pub steps: usize,
    /// The active numbers routed to it, E.164.
    pub numbers: Vec<String>,
    pub updated_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrFlowList {
    /// `basic`, `advanced` or `premium`: what the customer's active packages give
    /// (basic without a package). Flows are validated at this level.
    #[schema(example = "basic")]
    pub level: String,
    pub limits: IvrLimits,
    /// The monthly price of each flow in use (a number routes to it).
    pub monthly_price: Money,
    pub items: Vec<IvrFlowSummary>,
}

/// A step's prompt as rendered at save time.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrPrompt {
    pub step_id: String,
    /// `tts` (the step's text spoken) or `upload`.
    pub source: String,
    /// The text spoken, or the uploaded file's name.
    pub label: String,
    pub seconds: f64,
}

/// The flow's monthly subscription, while one is paid.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrSubscription {
    pub renews_at: String,
    pub monthly_price: Money,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IvrFlowDetail {
    pub id: i64,
    pub name: String,
    /// The flow as core's model reads it: name, start, steps by id.
    #[schema(value_type = Object)]
    pub flow: serde_json::Value,
    pub numbers: Vec<String>,
    pub prompts: Vec<IvrPrompt>,
    pub subscription: Option<IvrSubscription>,
    pub created_at: String,
    pub updated_at: String,
}

pub async fn detail(pool: &sqlx::AnyPool, f: StoredFlow) -> Result<IvrFlowDetail> {
    let numbers = repo::numbers_of_flow(pool, f.id, f.user_id).await?;
    let prompts = repo::call::prompt_list(pool, f.id)
        .await?
        .into_iter()
        .map(|(step_id, source, label, ms)| IvrPrompt {
            step_id,
            source,
            label,
            seconds: ms as f64 / 1000.0,
        })
        .collect();
    let subscription = repo::billing::active(pool, f.id)
        .await?
        .map(|(renews_at, monthly)| IvrSubscription {
            renews_at: iso(renews_at),
            monthly_price: Money::micros(monthly),
        });
    Ok(IvrFlowDetail {
        id: f.id,
        name: f.name.clone(),
        flow: serde_json::to_value(f.model()).unwrap_or_default(),
        numbers,
        prompts,
        subscription,
        created_at: iso(f.created_at),
        updated_at: iso(f.updated_at),
    })
}

/// The owner's flow or 404.
pub async fn mine<'e>(ex: impl crate::db::Exec<'e>, id: i64, owner: i64) -> Result<StoredFlow> {
    repo::find_flow(ex, id, owner)
        .await?
        .ok_or_else(|| Error::NotFound("Flow not found".into()))
}

/// The owner's flow as the API shows it, read after any change was committed, or 404.
async fn shown(pool: &sqlx::AnyPool, id: i64, owner: i64) -> Result<axum::Json<IvrFlowDetail>> {
    let f = mine(pool, id, owner).await?;
    Ok(axum::Json(detail(pool, f).await?))
}

/// My flows, newest first, with the IVR level my packages give.
#[utoipa::path(get, path = "/ivr/flows", tag = "ivr",
    responses((status = 200, description = "The flows and the level", body = IvrFlowList), SignedIn))]
pub async fn list_flows(With(state, auth): With<AuthUser>) -> Result<axum::Json<IvrFlowList>> {
    let pool = &state.db.pool;
    let owner = auth.user.id;
    let level = save::level_of(pool, owner).await?;
    let mut items = Vec::new();
    for f in repo::list_flows(pool, owner).await? {
        items.push(IvrFlowSummary {
            numbers: repo::numbers_of_flow(pool, f.id, owner).await?,
            steps: f.model().steps.len(),
            id: f.id,
            name: f.name,
            updated_at: iso(f.updated_at),
        });
    }
    let l = level.limits();
    Ok(axum::Json(IvrFlowList {
        level: level.title().to_ascii_lowercase(),
        limits: IvrLimits {
            steps: l.steps,
            menus: l.menus,
            business_hours: l.business_hours,
            voicemail_boxes: l.voicemail_boxes,
        },
        monthly_price: Money::micros(plan::MONTHLY_MICROS),
        items,
    }))
}

/// Creates a flow; it must validate at my IVR level. Say, menu and voicemail texts are
/// spoken (espeak-ng) and stored as 8 kHz prompts.
#[utoipa::path(post, path = "/ivr/flows", tag = "ivr",
    request_body(content = Object, description = "The flow: name, start, steps by id"),
    responses((status = 201, description = "Created", body = IvrFlowDetail),
        FlowRejected, SignedIn))]
pub async fn post_flow(
    With(state, auth): With<AuthUser>,
    Json(body): Json<serde_json::Value>,
) -> std::result::Result<(StatusCode, axum::Json<IvrFlowDetail>), SaveError> {
    let owner = auth.user.id;
    let flow = save::parse(body)?;
    let prompts = save::check(&state.db.pool, owner, None, &flow).await?;
    let mut tx = state.db.begin_write().await?;
    // Counted and added under the owner's lock: concurrent creations take turns.
    crate::users::repo::lock(&mut *tx, owner).await?;
    let have = repo::count_flows(&mut *tx, owner).await?;
    crate::limits::quota::check(&mut tx, owner, Kept::IvrFlows, have)
        .await?
        .map_err(Error::bad_request)?;
    let id = repo::insert_flow(&mut *tx, owner, &flow).await?;
    save::write_prompts(&mut tx, id, &prompts).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, shown(&state.db.pool, id, owner).await?))
}

/// One of my flows.
#[utoipa::path(get, path = "/ivr/flows/{id}", tag = "ivr",
    params(("id" = i64, Path, description = "The flow's id")),
    responses((status = 200, description = "The flow", body = IvrFlowDetail),
        Invalid, SignedIn, NotFound))]
pub async fn get_flow(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<IvrFlowDetail>> {
    shown(&state.db.pool, id, auth.user.id).await
}

/// Replaces one of my flows; numbers routed to it run the new version from the next call.
#[utoipa::path(put, path = "/ivr/flows/{id}", tag = "ivr",
    params(("id" = i64, Path, description = "The flow's id")),
    request_body(content = Object, description = "The flow: name, start, steps by id"),
    responses((status = 200, description = "Saved", body = IvrFlowDetail),
        FlowRejected, SignedIn, NotFound))]
pub async fn put_flow(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
    Json(body): Json<serde_json::Value>,
) -> std::result::Result<axum::Json<IvrFlowDetail>, SaveError> {
    let owner = auth.user.id;
    mine(&state.db.pool, id, owner).await?;
    let flow = save::parse(body)?;
    let prompts = save::check(&state.db.pool, owner, Some(id), &flow).await?;
    let mut tx = state.db.begin_write().await?;
    if !repo::update_flow(&mut *tx, id, owner, &flow).await? {
        return Err(Error::NotFound("Flow not found".into()).into());
    }
    save::write_prompts(&mut tx, id, &prompts).await?;
    tx.commit().await?;
    Ok(shown(&state.db.pool, id, owner).await?)
}

/// A copy of one of my flows ("Copy of ..."), with its prompts; not routed, not billed.
#[utoipa::path(post, path = "/ivr/flows/{id}/duplicate", tag = "ivr",
    params(("id" = i64, Path, description = "The flow to copy")),
    responses((status = 201, description = "The copy", body = IvrFlowDetail),
        Invalid, SignedIn, NotFound))]
pub async fn post_duplicate(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<(StatusCode, axum::Json<IvrFlowDetail>)> {
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    let original = mine(&mut *tx, id, owner).await?;
    // A copy is a flow like any: counted under the owner's lock against the quota.
    crate::users::repo::lock(&mut *tx, owner).await?;
    let have = repo::count_flows(&mut *tx, owner).await?;
    crate::limits::quota::check(&mut tx, owner, Kept::IvrFlows, have)
        .await?
        .map_err(Error::bad_request)?;
    let mut flow = original.model();
    flow.name = format!("Copy of {}", flow.name.trim())
        .chars()
        .take(MAX_NAME)
        .collect();
    let copy = repo::insert_flow(&mut *tx, owner, &flow).await?;
    repo::call::copy_prompts(&mut *tx, id, copy).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        shown(&state.db.pool, copy, owner).await?,
    ))
}

/// Deletes one of my flows. Refused (409) while a number routes to it; its
/// subscription ends with it (the month paid is not refunded).
#[utoipa::path(delete, path = "/ivr/flows/{id}", tag = "ivr",
    params(("id" = i64, Path, description = "The flow's id")),
    responses((status = 204, description = "Deleted"), Invalid, SignedIn, NotFound, Conflict))]
pub async fn delete_flow(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    mine(&mut *tx, id, owner).await?;
    let numbers = repo::numbers_of_flow(&mut *tx, id, owner).await?;
    if !numbers.is_empty() {
        return Err(Error::Conflict(format!(
            "{} answers calls with this flow. Choose another route for it first.",
            numbers.join(", ")
        )));
    }
    repo::delete_flow(&mut *tx, id, owner).await?;
    repo::billing::end(&mut *tx, id, now_ms()).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
