//! A number's route (/api/numbers/{id}/route): which of the owner's SIP devices an
//! inbound call to it rings (none chosen means all of them), or the phone number its
//! calls are forwarded to instead, or the IVR flow that answers them. What a call does
//! with it is core's route choice.

use super::devices::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::openapi::responses::{Insufficient, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_route, put_route))
}

#[derive(Serialize, ToSchema)]
pub struct RouteDevice {
    pub id: i64,
    pub username: String,
    /// The route names this device.
    pub selected: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberRoute {
    /// Every SIP device of the owner, with whether the route names it.
    pub devices: Vec<RouteDevice>,
    /// No device is named: inbound calls ring all of them.
    pub ring_all: bool,
    /// Calls are forwarded to this E.164 number instead of ringing devices.
    pub forward_to: Option<String>,
    /// Calls are answered by this IVR flow of the owner's instead.
    pub ivr_flow_id: Option<i64>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RouteRequest {
    /// The devices to ring, by id; empty rings all of the owner's devices.
    pub devices: Vec<i64>,
    /// Forward calls to this E.164 number instead (a second, outbound leg billed to
    /// you); empty or absent: ring devices.
    #[serde(default)]
    pub forward_to: Option<String>,
    /// Answer calls with this IVR flow of yours instead (not with forwardTo). The
    /// flow's first month is charged when it is not in use yet; absent: no flow.
    #[serde(default)]
    pub ivr_flow_id: Option<i64>,
}

/// The number, E.164, when it is an active number of `owner`'s.
async fn owned(conn: &mut AnyConnection, id: i64, owner: i64) -> Result<String> {
    let found = crate::numbers::repo::find_mine(&mut *conn, id, owner, now_ms()).await?;
    match found {
        Some(n) if n.status == "active" => Ok(n.number),
        _ => Err(Error::NotFound("Number not found".into())),
    }
}

async fn route(conn: &mut AnyConnection, id: i64, owner: i64) -> Result<NumberRoute> {
    let devices: Vec<RouteDevice> = repo::route_of(&mut *conn, owner, id)
        .await?
        .into_iter()
        .map(|(id, username, selected)| RouteDevice {
            id,
            username,
            selected,
        })
        .collect();
    Ok(NumberRoute {
        ring_all: !devices.iter().any(|d| d.selected),
        devices,
        forward_to: repo::forward_of(&mut *conn, owner, id).await?,
        ivr_flow_id: crate::ivr::repo::flow_of_number(&mut *conn, id, owner).await?,
    })
}

/// Where inbound calls to one of my numbers ring.
#[utoipa::path(get, path = "/numbers/{id}/route", tag = "sip",
    params(("id" = i64, Path, description = "The number's id")),
    responses((status = 200, description = "The owner's devices and which ring", body = NumberRoute),
        Invalid, SignedIn, NotFound))]
pub async fn get_route(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberRoute>> {
    let mut conn = state.db.pool.acquire().await?;
    owned(&mut conn, id, auth.user.id).await?;
    Ok(axum::Json(route(&mut conn, id, auth.user.id).await?))
}

/// Sets which of my SIP devices ring for a number (none: all of them), or the number
/// its calls are forwarded to, or the IVR flow that answers them (its first month
/// charged when the flow is not in use yet: 402 when the balance does not cover it).
#[utoipa::path(put, path = "/numbers/{id}/route", tag = "sip",
    params(("id" = i64, Path, description = "The number's id")),
    request_body = RouteRequest,
    responses((status = 200, description = "The route as saved", body = NumberRoute),
        Invalid, SignedIn, Insufficient, NotFound))]
pub async fn put_route(
    With(state, auth): With<AuthUser>,
    Path(id): Path<i64>,
    Json(req): Json<RouteRequest>,
) -> Result<axum::Json<NumberRoute>> {
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    let number = owned(&mut tx, id, owner).await?;
    dialtone_core::ivr::plan::check_route_choice(
        req.forward_to.as_deref().unwrap_or_default(),
        req.ivr_flow_id,
    )
    .map_err(|message| Error::field("ivrFlowId", message))?;
    let forward_to = dialtone_core::sip::validate_forward_to(
        req.forward_to.as_deref().unwrap_or_default(),
        &number,
    )
    .map_err(|message| Error::field("forwardTo", message))?;
    let mine: Vec<i64> = repo::route_of(&mut *tx, owner, id)
        .await?
        .into_iter()
        .map(|(device, _, _)| device)
        .collect();
    let mut devices = req.devices;
    devices.sort_unstable();
    devices.dedup();
    if devices.iter().any(|d| !mine.contains(d)) {
        return Err(Error::field("devices", "Choose among your own SIP devices"));
    }
    repo::set_route(&mut tx, id, &devices).await?;
    repo::set_forward(&mut tx, id, owner, forward_to.as_deref()).await?;
    if let Some(flow_id) = req.ivr_flow_id {
        let flow = crate::ivr::repo::find_flow(&mut *tx, flow_id, owner)
            .await?
            .ok_or_else(|| Error::field("ivrFlowId", "Choose one of your own IVR flows"))?;
        crate::ivr::billing::ensure_paid(&mut tx, flow_id, owner, &flow.name, now_ms()).await?;
    }
    crate::ivr::repo::set_number_flow(&mut tx, id, owner, req.ivr_flow_id).await?;
    let saved = route(&mut tx, id, owner).await?;
    tx.commit().await?;
    Ok(axum::Json(saved))
}
