//! Call records: the client's own (/api/calls) and everyone's (/api/admin/calls),
//! with filters, totals over the filtered set, CSV export and recording downloads.

use crate::auth::{AdminList, AdminUser, AuthUser};
use crate::csv;
use crate::error::{Error, Result};
use crate::extract::Query;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::paging::{like_pattern, Listing, PageQuery};
use crate::state::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub mod recording;
pub mod repo;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_own))
        .routes(routes!(export_own))
        .routes(routes!(recording::recording_own))
        .routes(routes!(list_all))
        .routes(routes!(export_all))
        .routes(routes!(recording::recording_any))
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

/// Keyset paging, for any depth at the cost of page 1: `before` is the `next` of the
/// page read last.
#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallCursor {
    /// The `next` of the page read last: this page starts after its last call.
    #[serde(default)]
    #[param(required = false, example = "1764000000000.42")]
    before: Option<String>,
}

/// `user` limits the rows to one customer; None is every customer (admin).
struct Scope {
    user: Option<i64>,
}

impl Scope {
    fn filter<'a>(&self, f: &'a CallFilter, pattern: &'a str) -> repo::Filter<'a> {
        repo::Filter {
            user: self.user,
            pattern,
            direction: &f.direction,
            status: &f.status,
        }
    }
}

/// A call's duration as the pages show it (core's rule).
pub fn mmss(seconds: i64) -> String {
    dialtone_core::units::format_duration(seconds)
}

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
    /// The steps and keys of a call an IVR flow answered, e.g. "menu → 2 → voicemail".
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "menu → 2 → voicemail")]
    pub ivr_path: Option<String>,
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
    /// Pass as `before` for the page after this one; null on the last page.
    pub next: Option<String>,
}

async fn list(
    state: &AppState,
    scope: Scope,
    Listing { filter: f, page: q }: Listing<CallFilter>,
    c: CallCursor,
) -> Result<axum::Json<CallPage>> {
    let cursor =
        match c.before.as_deref().filter(|b| !b.is_empty()) {
            Some(text) => Some(repo::Cursor::parse(text).ok_or_else(|| {
                Error::field("before", "before must be the next of a previous page")
            })?),
            None => None,
        };
    let pattern = like_pattern(&f.search);
    let filter = scope.filter(&f, &pattern);
    let pool = &state.db.pool;
    let (total, secs, cost) = repo::totals(pool, &filter).await?;
    // From the cursor the page starts at once; by number, `offset` rows in.
    let offset = if cursor.is_some() { 0 } else { q.offset() };
    let rows = if total == 0 || (cursor.is_none() && offset >= total) {
        Vec::new() // nothing to read: a rare filter would otherwise scan every call
    } else {
        repo::page(pool, &filter, cursor, q.limit(), offset).await?
    };
    let next = match rows.last() {
        Some((call, started_at)) if rows.len() as i64 == q.limit() => {
            Some(repo::Cursor::after(call, *started_at))
        }
        _ => None,
    };
    Ok(axum::Json(CallPage {
        items: rows.into_iter().map(|(call, _)| call).collect(),
        total,
        page: q.page.max(1),
        page_size: q.limit(),
        totals: CallTotals {
            calls: total,
            duration_seconds: secs,
            cost: Money::micros(cost),
        },
        next,
    }))
}

/// The signed-in user's calls, newest first, with totals over the filtered set.
#[utoipa::path(get, path = "/calls", tag = "calls",
    params(CallFilter, PageQuery, CallCursor),
    responses((status = 200, description = "A page of calls", body = CallPage), Invalid, SignedIn))]
async fn list_own(
    With(state, auth): With<AuthUser>,
    listing: Listing<CallFilter>,
    Query(c): Query<CallCursor>,
) -> Result<axum::Json<CallPage>> {
    let scope = Scope {
        user: Some(auth.user.id),
    };
    list(&state, scope, listing, c).await
}

/// Every customer's calls, newest first, with totals over the filtered set.
#[utoipa::path(get, path = "/admin/calls", tag = "calls",
    params(CallFilter, PageQuery, CallCursor),
    responses((status = 200, description = "A page of calls, each with its `user`", body = CallPage),
        Invalid, SignedIn, AdminOnly))]
async fn list_all(
    With(state, AdminList { filter, page, .. }): With<AdminList<CallFilter>>,
    Query(c): Query<CallCursor>,
) -> Result<axum::Json<CallPage>> {
    list(&state, Scope { user: None }, Listing { filter, page }, c).await
}

/// The filtered set as CSV, read in chunks of 1000 by id.
async fn export(state: &AppState, scope: Scope, f: CallFilter) -> Result<Response> {
    let pattern = like_pattern(&f.search);
    let admin = scope.user.is_none();
    let filter = scope.filter(&f, &pattern);
    let mut out = String::from(if admin {
        "date,type,number,user,duration,cost,status,recording\n"
    } else {
        "date,type,number,duration,cost,status,recording\n"
    });
    let mut after = 0;
    loop {
        let rows = repo::chunk(&state.db.pool, &filter, after).await?;
        let Some(last) = rows.last() else {
            break;
        };
        after = last.id;
        for v in &rows {
            let user = match &v.user {
                Some(user) => format!("{},", csv::text(user)),
                None => String::new(),
            };
            // The cost as the JSON shows it: a number the server formats, left plain.
            let cost = serde_json::to_string(&v.cost).map_err(anyhow::Error::new)?;
            out.push_str(&format!(
                "{},{},{},{user}{},{cost},{},{}\n",
                v.date,
                v.direction,
                csv::e164(&v.number),
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

/// All of one user's calls as CSV (the account export).
pub async fn export_for(state: &AppState, user_id: i64) -> Result<Response> {
    export(
        state,
        Scope {
            user: Some(user_id),
        },
        CallFilter::default(),
    )
    .await
}

/// The signed-in user's filtered calls as CSV.
#[utoipa::path(get, path = "/calls/export", tag = "calls",
    params(CallFilter),
    responses((status = 200, description = "CSV: date,type,number,duration,cost,status,recording",
        content_type = "text/csv", body = String), Invalid, SignedIn))]
async fn export_own(
    With(state, auth): With<AuthUser>,
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
#[utoipa::path(get, path = "/admin/calls/export", tag = "calls",
    params(CallFilter),
    responses((status = 200,
        description = "CSV: date,type,number,user,duration,cost,status,recording",
        content_type = "text/csv", body = String), Invalid, SignedIn, AdminOnly))]
async fn export_all(
    With(state, _a): With<AdminUser>,
    Query(f): Query<CallFilter>,
) -> Result<Response> {
    export(&state, Scope { user: None }, f).await
}
