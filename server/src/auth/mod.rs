//! Accounts and sessions: /api/auth/*.

pub mod extract;
mod handlers;
pub mod password;
pub mod repo;
mod reset;
pub mod session;
pub mod tokens;

use crate::state::AppState;
use axum::routing::post;
use axum::Router;

pub use extract::{AdminList, AdminUser, AuthUser};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/signup", post(handlers::post_signup))
        .route("/auth/login", post(handlers::post_login))
        .route("/auth/refresh-token", post(handlers::post_refresh_token))
        .route("/auth/logout", post(handlers::post_logout))
        .route("/auth/logout-all", post(handlers::post_logout_all))
        .route("/auth/forgot-password", post(reset::post_forgot_password))
        .route("/auth/reset-password", post(reset::post_reset_password))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    handlers::post_signup,
    handlers::post_login,
    handlers::post_refresh_token,
    handlers::post_logout,
    handlers::post_logout_all,
    reset::post_forgot_password,
    reset::post_reset_password,
))]
pub struct ApiDoc;
