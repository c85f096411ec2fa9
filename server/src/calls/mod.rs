//! Call records: the client's own (/api/calls) and everyone's (/api/admin/calls),
//! with filters, totals over the filtered set, CSV export and recording downloads.

use crate::auth::{AdminUser, AuthUser};
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::json::money;
use crate::paging::{like_pattern, PageQuery};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/calls", get(list_own))
        .route("/calls/export", get(export_own))
        .route("/calls/{id}/recording", get(recording_own))
        .route("/admin/calls", get(list_all))
        .route("/admin/calls/export", get(export_all))
        .route("/admin/calls/{id}/recording", get(recording_any))
}

#[derive(Deserialize, Default)]
pub struct CallFilter {
    #[serde(default)]
    search: String,
    #[serde(default, rename = "type")]
    direction: String,
    #[serde(default)]
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

fn item(r: &AnyRow, with_user: bool) -> Result<Value, sqlx::Error> {
    let direction: String = r.try_get("direction")?;
    let (from, to): (String, String) = (r.try_get("from_number")?, r.try_get("to_number")?);
    let seconds: i64 = r.try_get("duration_seconds")?;
    let mut v = json!({
        "id": r.try_get::<i64, _>("id")?,
        "callId": r.try_get::<String, _>("call_id")?,
        "type": direction,
        "number": if direction == "outbound" { &to } else { &from },
        "from": from, "to": to,
        "duration": mmss(seconds),
        "durationSeconds": seconds,
        "cost": money(r.try_get("cost_micros")?),
        "date": iso(r.try_get("started_at")?),
        "status": r.try_get::<String, _>("status")?,
        "recording": r.try_get::<i64, _>("recording")? != 0,
    });
    if with_user {
        v["user"] = format!(
            "{} <{}>",
            r.try_get::<String, _>("user_name")?,
            r.try_get::<String, _>("user_email")?
        )
        .into();
    }
    Ok(v)
}

async fn list(
    state: &AppState,
    scope: Scope,
    f: CallFilter,
    q: PageQuery,
) -> Result<axum::Json<Value>> {
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
    Ok(axum::Json(json!({
        "items": items, "total": total, "page": q.page.max(1), "pageSize": q.limit(),
        "totals": { "calls": total, "durationSeconds": totals.try_get::<i64, _>("secs")?, "cost": money(totals.try_get("cost")?) },
    })))
}

async fn list_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(f): Query<CallFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Value>> {
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

async fn list_all(
    State(state): State<AppState>,
    _a: AdminUser,
    Query(f): Query<CallFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Value>> {
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
            let user = if admin {
                format!("{},", csv_field(v["user"].as_str().unwrap_or("")))
            } else {
                String::new()
            };
            out.push_str(&format!(
                "{},{},{},{user}{},{},{},{}\n",
                v["date"].as_str().unwrap_or(""),
                v["type"].as_str().unwrap_or(""),
                csv_field(v["number"].as_str().unwrap_or("")),
                v["duration"].as_str().unwrap_or(""),
                v["cost"],
                v["status"].as_str().unwrap_or(""),
                if v["recording"] == true { "yes" } else { "no" }
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

async fn export_all(
    State(state): State<AppState>,
    _a: AdminUser,
    Query(f): Query<CallFilter>,
) -> Result<Response> {
    export(&state, Scope { user: None }, f).await
}

async fn recording(state: &AppState, id: i64, owner: Option<i64>) -> Result<Response> {
    let row: Option<(String, i64, i64)> =
        sqlx::query_as("SELECT call_id, user_id, recording FROM calls WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?;
    let (call_id, user_id, has) = row.ok_or_else(|| Error::NotFound("No such call".into()))?;
    if owner.is_some_and(|o| o != user_id) {
        return Err(Error::NotFound("No such call".into()));
    }
    let path = crate::telephony::recording_path(state, &call_id);
    let bytes = match tokio::fs::read(&path).await {
        Ok(b) if has != 0 => b,
        _ => return Err(Error::NotFound("This call has no recording".into())),
    };
    let disposition = format!("attachment; filename=\"call-{id}.wav\"");
    Ok((
        [
            (header::CONTENT_TYPE, "audio/wav".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response())
}

async fn recording_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, Some(auth.user.id)).await
}

async fn recording_any(
    State(state): State<AppState>,
    _a: AdminUser,
    Path(id): Path<i64>,
) -> Result<Response> {
    recording(&state, id, None).await
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct ApiDoc;
