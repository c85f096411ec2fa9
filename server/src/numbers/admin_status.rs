//! Taking an inventory number out of service and putting it back (audited).

use super::admin::{audited, load, AdminPhoneItem};
use super::repo;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::Result;
use crate::extract::Path;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::state::AppState;

async fn set_status(
    state: &AppState,
    admin: i64,
    id: i64,
    action: &str,
    activate: bool,
) -> Result<axum::Json<AdminPhoneItem>> {
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    if activate {
        repo::activate(&mut *tx, id, now_ms()).await?;
    } else {
        repo::deactivate(&mut *tx, id, now_ms()).await?;
    }
    let after = audited(tx, admin, action, id, Some(&before)).await?;
    Ok(axum::Json(AdminPhoneItem { item: after }))
}

/// Takes a number out of service (it keeps its owner, if any).
#[utoipa::path(post, path = "/admin/phones/{id}/deactivate", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number, inactive", body = AdminPhoneItem),
        Invalid, SignedIn, AdminOnly, NotFound,
    ))]
pub async fn post_deactivate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<AdminPhoneItem>> {
    set_status(&state, admin.id, id, "phone.deactivate", false).await
}

/// Puts an inactive number back in service: active if owned, else available.
#[utoipa::path(post, path = "/admin/phones/{id}/activate", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    responses(
        (status = 200, description = "The number (unchanged unless it was inactive)",
            body = AdminPhoneItem),
        Invalid, SignedIn, AdminOnly, NotFound,
    ))]
pub async fn post_activate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<AdminPhoneItem>> {
    set_status(&state, admin.id, id, "phone.activate", true).await
}
