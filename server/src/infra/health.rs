//! Liveness and readiness probes for load balancers and deploy scripts.

use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(get_health))
        .route("/readyz", get(get_ready))
}

/// The process is up and serving.
async fn get_health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// The process can do real work: the database answers.
async fn get_ready(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    if state.db.ping().await {
        (StatusCode::OK, Json(json!({ "status": "ready" })))
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "database unavailable" })),
        )
    }
}
