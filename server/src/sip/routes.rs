//! A number's route (/api/numbers/{id}/route): which of the owner's SIP devices an
//! inbound call to it rings. None chosen means all of them.

use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::openapi::responses::{Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::Router;
use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new().route("/numbers/{id}/route", get(get_route).put(put_route))
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
}

#[derive(Deserialize, ToSchema)]
pub struct RouteRequest {
    /// The devices to ring, by id; empty rings all of the owner's devices.
    pub devices: Vec<i64>,
}

async fn owned(conn: &mut AnyConnection, id: i64, owner: i64) -> Result<()> {
    let found = crate::numbers::repo::find_mine(&mut *conn, id, owner, now_ms()).await?;
    match found {
        Some(n) if n.status == "active" => Ok(()),
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
    })
}

/// Where inbound calls to one of my numbers ring.
#[utoipa::path(get, path = "/api/numbers/{id}/route", tag = "sip", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The number's id")),
    responses((status = 200, description = "The owner's devices and which ring", body = NumberRoute),
        Invalid, SignedIn, NotFound))]
pub async fn get_route(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<NumberRoute>> {
    let mut conn = state.db.pool.acquire().await?;
    owned(&mut conn, id, auth.user.id).await?;
    Ok(axum::Json(route(&mut conn, id, auth.user.id).await?))
}

/// Sets which of my SIP devices ring for a number (none: all of them).
#[utoipa::path(put, path = "/api/numbers/{id}/route", tag = "sip", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The number's id")),
    request_body = RouteRequest,
    responses((status = 200, description = "The route as saved", body = NumberRoute),
        Invalid, SignedIn, NotFound))]
pub async fn put_route(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
    Json(req): Json<RouteRequest>,
) -> Result<axum::Json<NumberRoute>> {
    let owner = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    owned(&mut tx, id, owner).await?;
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
    let saved = route(&mut tx, id, owner).await?;
    tx.commit().await?;
    Ok(axum::Json(saved))
}
