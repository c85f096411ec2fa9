//! Call records: the client's own (/api/calls) and everyone's (/api/admin/calls),
//! with filters, totals over the filtered set, CSV export and recording downloads.

use crate::auth::{AdminUser, AuthUser};
use crate::db::iso;
use crate::error::Result;
use crate::extract::Query;
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::paging::{like_pattern, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use recording::{recording_any, recording_own};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};

mod recording;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/calls", get(list_own))
        .route("/calls/export", get(export_own))
        .route("/calls/{id}/recording", get(recording_own))
        .route("/admin/calls", get(list_all))
        .route("/admin/calls/export", get(export_all))
        .route("/admin/calls/{id}/recording", get(recording_any))
}

#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallFilter {
    /// Part of either number (administrators: or of the customer's name or email).
    #[serde(default)]
    #[param(required = false)]
    search: String,
    /// "inbound" or "outbound"; empty for both.
    #[serde(default, rename = "type")]
    #[param(required = false, example = "outbound")]
    direction: String,
    /// "completed", "failed" or "no-answer"; empty for all.
    #[serde(default)]
    #[param(required = false, example = "completed")]
    status: String,
}

/// `user` limits the rows to one customer; None is every customer (admin).
struct Scope {
    user: Option<i64>,
}

const FROM: &str = "FROM calls k JOIN users u ON u.id = k.user_id";

impl Scope {
    /// The WHERE clause and its binds: $1 user (0 = all), $2 search, $3 type, $4 status.
    fn condition(&self) -> &'static str {
        if self.user.is_some() {
            "k.user_id = $1 AND (k.from_number LIKE $2 ESCAPE '\\' OR k.to_number LIKE $2 ESCAPE '\\') \
             AND ($3 = '' OR k.direction = $3) AND ($4 = '' OR k.status = $4)"
        } else {
            "$1 = 0 AND (k.from_number LIKE $2 ESCAPE '\\' OR k.to_number LIKE $2 ESCAPE '\\' \
               OR LOWER(u.name) LIKE $2 ESCAPE '\\' OR u.email_lower LIKE $2 ESCAPE '\\') \
             AND ($3 = '' OR k.direction = $3) AND ($4 = '' OR k.status = $4)"
        }
    }

    fn bind<'q>(
        &self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
        f: &'q CallFilter,
        pattern: &'q str,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        q.bind(self.user.unwrap_or(0))
            .bind(pattern)
            .bind(&f.direction)
            .bind(&f.status)
    }
}

pub fn mmss(seconds: i64) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

const COLUMNS: &str =
    "k.id, k.call_id, k.direction, k.from_number, k.to_number, k.duration_seconds, k.cost_micros, \
    k.started_at, k.status, k.recording, u.name AS user_name, u.email AS user_email";

/// A call record.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallItem {
    pub id: i64,
    pub call_id: String,
    /// "inbound" or "outbound".
    #[serde(rename = "type")]
    #[schema(example = "outbound")]
    pub direction: String,
    /// The other party: `to` for outbound calls, `from` for inbound.
    pub number: String,
    pub from: String,
    pub to: String,
    /// Minutes and seconds, e.g. "1:05".
    #[schema(example = "1:05")]
    pub duration: String,
    pub duration_seconds: i64,
    /// Charged to the balance.
    pub cost: Money,
    pub date: String,
    /// "completed", "failed" or "no-answer".
    #[schema(example = "completed")]
    pub status: String,
    /// Whether a recording can be downloaded.
    pub recording: bool,
    /// "Name <email>" of the customer: in the administrators' list only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<String>,
}

fn item(r: &AnyRow, with_user: bool) -> Result<CallItem, sqlx::Error> {
    let direction: String = r.try_get("direction")?;
    let (from, to): (String, String) = (r.try_get("from_number")?, r.try_get("to_number")?);
    let seconds: i64 = r.try_get("duration_seconds")?;
    let number = if direction == "outbound" {
        to.clone()
    } else {
        from.clone()
    };
    let user = if with_user {
        Some(format!(
            "{} <{}>",
            r.try_get::<String, _>("user_name")?,
            r.try_get::<String, _>("user_email")?
        ))
    } else {
        None
    };
    Ok(CallItem {
        id: r.try_get("id")?,
        call_id: r.try_get("call_id")?,
        number,
        direction,
        from,
        to,
        duration: mmss(seconds),
        duration_seconds: seconds,
        cost: Money::micros(r.try_get("cost_micros")?),
        date: iso(r.try_get("started_at")?),
        status: r.try_get("status")?,
        recording: r.try_get::<i64, _>("recording")? != 0,
        user,
    })
}

/// The filtered set's size, length and cost.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallTotals {
    pub calls: i64,
    pub duration_seconds: i64,
    pub cost: Money,
}

/// A page of calls, with totals over the whole filtered set.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallPage {
    pub items: Vec<CallItem>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
    pub totals: CallTotals,
}

async fn list(
    state: &AppState,
    scope: Scope,
    f: CallFilter,
    q: PageQuery,
) -> Result<axum::Json<CallPage>> {
    let pattern = like_pattern(&f.search);
    let cond = scope.condition();
    let totals = scope
        .bind(
            sqlx::query(&format!(
            "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(k.duration_seconds), 0) AS BIGINT) AS secs, \
             CAST(COALESCE(SUM(k.cost_micros), 0) AS BIGINT) AS cost {FROM} WHERE {cond}"
        )),
            &f,
            &pattern,
        )
        .fetch_one(&state.db.pool)
        .await?;
    let rows = scope
        .bind(sqlx::query(&format!("SELECT {COLUMNS} {FROM} WHERE {cond} ORDER BY k.started_at DESC, k.id DESC LIMIT $5 OFFSET $6")), &f, &pattern)
        .bind(q.limit())
        .bind(q.offset())
        .fetch_all(&state.db.pool)
        .await?;
    let items = rows
        .iter()
        .map(|r| item(r, scope.user.is_none()))
        .collect::<Result<Vec<_>, _>>()?;
    let total: i64 = totals.try_get("n")?;
    Ok(axum::Json(CallPage {
        items,
        total,
        page: q.page.max(1),
        page_size: q.limit(),
        totals: CallTotals {
            calls: total,
            duration_seconds: totals.try_get("secs")?,
            cost: Money::micros(totals.try_get("cost")?),
        },
    }))
}

/// The signed-in user's calls, newest first, with totals over the filtered set.
#[utoipa::path(get, path = "/api/calls", tag = "calls", security(("bearer" = [])),
    params(CallFilter, PageQuery),
    responses((status = 200, description = "A page of calls", body = CallPage), Invalid, SignedIn))]
async fn list_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(f): Query<CallFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<CallPage>> {
    list(
        &state,
        Scope {
            user: Some(auth.user.id),
        },
        f,
        q,
    )
    .await
}

/// Every customer's calls, newest first, with totals over the filtered set.
#[utoipa::path(get, path = "/api/admin/calls", tag = "calls", security(("bearer" = [])),
    params(CallFilter, PageQuery),
    responses((status = 200, description = "A page of calls, each with its `user`", body = CallPage),
        Invalid, SignedIn, AdminOnly))]
async fn list_all(
    State(state): State<AppState>,
    _a: AdminUser,
    Query(f): Query<CallFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<CallPage>> {
    list(&state, Scope { user: None }, f, q).await
}

fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) && !s.starts_with('+') {
        format!("'{s}")
    } else {
        s.to_string()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The filtered set as CSV, read in pages of 1000 so memory stays flat.
async fn export(state: &AppState, scope: Scope, f: CallFilter) -> Result<Response> {
    let pattern = like_pattern(&f.search);
    let admin = scope.user.is_none();
    let mut out = String::from(if admin {
        "date,type,number,user,duration,cost,status,recording\n"
    } else {
        "date,type,number,duration,cost,status,recording\n"
    });
    let mut offset = 0;
    loop {
        let rows = scope
            .bind(
                sqlx::query(&format!(
                    "SELECT {COLUMNS} {FROM} WHERE {} ORDER BY k.id LIMIT 1000 OFFSET $5",
                    scope.condition()
                )),
                &f,
                &pattern,
            )
            .bind(offset)
            .fetch_all(&state.db.pool)
            .await?;
        if rows.is_empty() {
            break;
        }
        offset += rows.len() as i64;
        for r in &rows {
            let v = item(r, admin)?;
            let user = match &v.user {
                Some(user) => format!("{},", csv_field(user)),
                None => String::new(),
            };
            // The cost as the JSON shows it.
            let cost = serde_json::to_string(&v.cost).map_err(anyhow::Error::new)?;
            out.push_str(&format!(
                "{},{},{},{user}{},{cost},{},{}\n",
                v.date,
                v.direction,
                csv_field(&v.number),
                v.duration,
                v.status,
                if v.recording { "yes" } else { "no" }
            ));
        }
    }
    let headers = [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
        (
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"dialtone-calls.csv\"",
        ),
    ];
    Ok((headers, out).into_response())
}

/// The signed-in user's filtered calls as CSV.
#[utoipa::path(get, path = "/api/calls/export", tag = "calls", security(("bearer" = [])),
    params(CallFilter),
    responses((status = 200, description = "CSV: date,type,number,duration,cost,status,recording",
        content_type = "text/csv", body = String), Invalid, SignedIn))]
async fn export_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(f): Query<CallFilter>,
) -> Result<Response> {
    export(
        &state,
        Scope {
            user: Some(auth.user.id),
        },
        f,
    )
    .await
}

/// Every customer's filtered calls as CSV.
#[utoipa::path(get, path = "/api/admin/calls/export", tag = "calls", security(("bearer" = [])),
    params(CallFilter),
    responses((status = 200,
        description = "CSV: date,type,number,user,duration,cost,status,recording",
        content_type = "text/csv", body = String), Invalid, SignedIn, AdminOnly))]
async fn export_all(
    State(state): State<AppState>,
    _a: AdminUser,
    Query(f): Query<CallFilter>,
) -> Result<Response> {
    export(&state, Scope { user: None }, f).await
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    list_own,
    export_own,
    recording::recording_own,
    list_all,
    export_all,
    recording::recording_any
))]
pub struct ApiDoc;
