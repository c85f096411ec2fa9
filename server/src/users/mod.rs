//! The signed-in user's own account: /api/user/*.

mod handlers;
pub mod repo;

use crate::state::AppState;
use axum::routing::{get, put};
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/user/info", get(handlers::get_user_info))
        .route("/user/profile", put(handlers::put_profile))
        .route("/user/password", put(handlers::put_password))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(handlers::get_user_info, handlers::put_profile, handlers::put_password))]
pub struct ApiDoc;
