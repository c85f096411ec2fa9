//! Accounts: the signed-in user's own (/api/user/*) and the administrators' user
//! management (/api/admin/users).

mod admin;
mod closing;
mod export;
mod handlers;
pub mod repo;

pub use handlers::check_password;

/// Suspends an account for an administrator (audited as `action`): sessions end, calls
/// in progress are hung up.
pub async fn suspend_for(
    state: &AppState,
    actor: i64,
    id: i64,
    action: &str,
) -> crate::error::Result<()> {
    admin::suspend(state, actor, id, action).await.map(|_| ())
}

use crate::state::AppState;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::get_user_info))
        .routes(routes!(handlers::put_profile))
        .routes(routes!(handlers::put_password))
        .routes(routes!(closing::post_close))
        .routes(routes!(export::get_export))
        .routes(routes!(admin::list_users))
        .routes(routes!(admin::post_email))
        .routes(routes!(admin::post_role))
        .routes(routes!(admin::post_suspend))
        .routes(routes!(admin::post_reactivate))
}
