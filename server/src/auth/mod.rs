//! Accounts and sessions: /api/auth/*.

pub mod extract;
mod handlers;
pub mod password;
pub mod repo;
mod reset;
pub mod session;
pub mod tokens;
pub mod two_factor;

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use extract::{AdminList, AdminUser, AuthUser, MaybeUser};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::post_signup))
        .routes(routes!(handlers::post_login))
        .routes(routes!(handlers::post_refresh_token))
        .routes(routes!(handlers::post_logout))
        .routes(routes!(handlers::post_logout_all))
        .routes(routes!(reset::post_forgot_password))
        .routes(routes!(reset::post_reset_password))
        .merge(two_factor::router())
}
