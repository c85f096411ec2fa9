//! Fraud detection (issue 43): a background job compares each account's calls with
//! its own history (core's `fraud::detect`) and opens alerts; the customer is told,
//! and an administrator reads the evidence and dismisses the alert or suspends the
//! account in one step, which also hangs up its calls in progress. An alert never
//! moves money.
//!
//! - GET /api/admin/fraud/alerts: open alerts first, then the latest answered
//! - POST /api/admin/fraud/alerts/{id}/dismiss
//! - POST /api/admin/fraud/alerts/{id}/suspend: suspends the account (audited), hangs
//!   up its calls in progress and closes its open alerts

mod job;
pub mod repo;

pub use job::detect_due;

use crate::audit;
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Path, With};
use crate::openapi::responses::{AdminOnly, Conflict, NotFound, SignedIn};
use crate::state::AppState;
use dialtone_core::fraud::Kind;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_alerts))
        .routes(routes!(dismiss))
        .routes(routes!(suspend))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FraudAlert {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: String,
    /// The account's status now: `active` or `suspended`.
    pub account_status: String,
    /// `spend_spike`, `new_countries`, `short_call_burst` or `answer_rate_collapse`.
    pub kind: String,
    pub title: String,
    pub evidence: String,
    /// `open`, `dismissed` or `suspended`.
    pub status: String,
    pub created_at: String,
}

impl From<repo::AlertRow> for FraudAlert {
    fn from(a: repo::AlertRow) -> FraudAlert {
        FraudAlert {
            title: Kind::parse(&a.kind)
                .map_or("Alert", Kind::title)
                .to_string(),
            id: a.id,
            user_id: a.user_id,
            name: a.name,
            email: a.email,
            account_status: a.user_status,
            kind: a.kind,
            evidence: a.evidence,
            status: a.status,
            created_at: iso(a.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct FraudAlerts {
    pub alerts: Vec<FraudAlert>,
}

/// Open alerts first, then the latest answered ones (at most 200).
#[utoipa::path(get, path = "/admin/fraud/alerts", tag = "admin",
    responses((status = 200, description = "Fraud alerts", body = FraudAlerts), SignedIn, AdminOnly))]
async fn list_alerts(With(state, _admin): With<AdminUser>) -> Result<axum::Json<FraudAlerts>> {
    let rows = repo::list(&state.db.pool).await?;
    Ok(axum::Json(FraudAlerts {
        alerts: rows.into_iter().map(Into::into).collect(),
    }))
}

async fn open_alert(state: &AppState, id: i64) -> Result<repo::AlertRow> {
    let alert = repo::find(&state.db.pool, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such alert".into()))?;
    match alert.status.as_str() {
        "open" => Ok(alert),
        _ => Err(Error::Conflict("This alert was answered already".into())),
    }
}

/// Closes an alert as a false alarm (audited).
#[utoipa::path(post, path = "/admin/fraud/alerts/{id}/dismiss", tag = "admin",
    params(("id" = i64, Path, description = "The alert")),
    responses((status = 200, description = "Dismissed", body = FraudAlert), SignedIn, AdminOnly, NotFound, Conflict))]
async fn dismiss(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<FraudAlert>> {
    open_alert(&state, id).await?;
    let mut tx = state.db.begin_write().await?;
    if !repo::close(&mut *tx, id, "dismissed", admin.id, now_ms()).await? {
        return Err(Error::Conflict("This alert was answered already".into()));
    }
    audit::record(&mut *tx, entry(admin.id, "fraud.dismiss", id)).await?;
    tx.commit().await?;
    answered(&state, id).await
}

fn entry(admin: i64, action: &'static str, id: i64) -> audit::Entry<'static> {
    audit::Entry::by(admin, action, "fraud_alert", id, None, None)
}

async fn answered(state: &AppState, id: i64) -> Result<axum::Json<FraudAlert>> {
    let row = repo::find(&state.db.pool, id).await?;
    Ok(axum::Json(
        row.ok_or_else(|| Error::NotFound("No such alert".into()))?
            .into(),
    ))
}

/// Suspends the alert's account (its sessions end, its calls are refused), hangs up
/// its calls in progress and closes its open alerts; audited.
#[utoipa::path(post, path = "/admin/fraud/alerts/{id}/suspend", tag = "admin",
    params(("id" = i64, Path, description = "The alert")),
    responses((status = 200, description = "The account is suspended", body = FraudAlert), SignedIn, AdminOnly, NotFound, Conflict))]
async fn suspend(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<FraudAlert>> {
    let alert = open_alert(&state, id).await?;
    if alert.user_id == admin.id {
        return Err(Error::Conflict(
            "You cannot suspend your own account".into(),
        ));
    }
    crate::users::suspend_for(&state, admin.id, alert.user_id, "user.suspend").await?;
    let mut tx = state.db.begin_write().await?;
    repo::close_all_of(&mut *tx, alert.user_id, "suspended", admin.id, now_ms()).await?;
    audit::record(&mut *tx, entry(admin.id, "fraud.suspend", id)).await?;
    tx.commit().await?;
    answered(&state, id).await
}
