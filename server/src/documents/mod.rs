//! Receipts and monthly statements (issue 46): /api/documents*, the customer's billing
//! details (/api/billing/profile), administrators' copies (/api/admin/users/{id}/documents, /api/admin/documents/*), and
//! the jobs that issue statements and mail documents to the billing address.

pub mod content;
mod issue;
mod pdf;
mod profile;
pub mod repo;

use crate::auth::{AdminUser, AuthUser};
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::{Path, Query, With};
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use content::Content;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use issue::receipt;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_documents))
        .routes(routes!(get_pdf))
        .routes(routes!(get_csv))
        .routes(routes!(admin_list))
        .routes(routes!(admin_pdf))
        .routes(routes!(admin_csv))
        .routes(routes!(profile::get_profile, profile::put_profile))
        .routes(routes!(profile::get_provider, profile::put_provider))
}

/// A receipt or statement as listed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub id: i64,
    /// `receipt` or `statement`.
    pub kind: String,
    /// e.g. "RC-000042".
    pub number: String,
    /// A receipt's amount paid; a statement's closing balance.
    pub total: Money,
    /// A statement's month, e.g. "November 2026".
    pub period: Option<String>,
    pub issued_at: String,
}

fn view(d: repo::Listed) -> DocumentView {
    let period = serde_json::from_str::<Content>(&d.content)
        .ok()
        .and_then(|c| c.period);
    DocumentView {
        id: d.id,
        number: dialtone_core::statement::document_number(&d.series, d.number),
        kind: d.kind,
        total: Money::micros(d.total_micros),
        period,
        issued_at: iso(d.issued_at),
    }
}

async fn page(state: &AppState, user_id: i64, q: PageQuery) -> Result<Page<DocumentView>> {
    let pool = &state.db.pool;
    let items = repo::page_of(pool, user_id, q.limit(), q.offset()).await?;
    let total = repo::count_of(pool, user_id).await?;
    Ok(Page::new(items.into_iter().map(view).collect(), total, q))
}

/// The account's receipts and statements, newest first.
#[utoipa::path(get, path = "/documents", tag = "billing", params(PageQuery),
    responses((status = 200, description = "One page of documents", body = Page<DocumentView>), Invalid, SignedIn))]
pub async fn list_documents(
    With(state, auth): With<AuthUser>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<DocumentView>>> {
    Ok(axum::Json(page(&state, auth.user.id, q).await?))
}

/// One of `owner`'s documents (any account's for an administrator: `owner` None).
async fn load(state: &AppState, id: i64, owner: Option<i64>) -> Result<(repo::Listed, Content)> {
    let doc = repo::find(&state.db.pool, id)
        .await?
        .filter(|d| owner.is_none_or(|o| o == d.user_id))
        .ok_or_else(|| Error::NotFound("No such document".into()))?;
    let content = serde_json::from_str(&doc.content).map_err(|e| Error::Internal(e.into()))?;
    Ok((doc, content))
}

fn file(bytes: Vec<u8>, kind: &str, name: String) -> Response {
    let disposition = format!("attachment; filename=\"{name}\"");
    (
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response()
}

/// One of `owner`'s documents as (file name, PDF bytes): the account export's.
pub async fn pdf_file(state: &AppState, id: i64, owner: i64) -> Result<(String, Vec<u8>)> {
    let (_, content) = load(state, id, Some(owner)).await?;
    let bytes = pdf::render(&content).map_err(Error::Internal)?;
    Ok((format!("{}.pdf", content.number), bytes))
}

async fn pdf_of(state: &AppState, id: i64, owner: Option<i64>) -> Result<Response> {
    let (_, content) = load(state, id, owner).await?;
    let bytes = pdf::render(&content).map_err(Error::Internal)?;
    Ok(file(
        bytes,
        "application/pdf",
        format!("{}.pdf", content.number),
    ))
}

/// One of the account's documents as PDF.
#[utoipa::path(get, path = "/documents/{id}/pdf", tag = "billing",
    params(("id" = i64, Path, description = "The document's id")),
    responses((status = 200, description = "The PDF", content_type = "application/pdf", body = Vec<u8>), Invalid, SignedIn, NotFound))]
pub async fn get_pdf(With(state, auth): With<AuthUser>, Path(id): Path<i64>) -> Result<Response> {
    pdf_of(&state, id, Some(auth.user.id)).await
}

/// One of the account's statements as CSV: a line per product and detail, with the
/// opening and closing balances.
#[utoipa::path(get, path = "/documents/{id}/csv", tag = "billing",
    params(("id" = i64, Path, description = "The statement's id")),
    responses((status = 200, description = "The CSV", content_type = "text/csv", body = String), Invalid, SignedIn, NotFound))]
pub async fn get_csv(With(state, auth): With<AuthUser>, Path(id): Path<i64>) -> Result<Response> {
    csv_of(&state, id, Some(auth.user.id)).await
}

async fn csv_of(state: &AppState, id: i64, owner: Option<i64>) -> Result<Response> {
    let (_, content) = load(state, id, owner).await?;
    let statement = content
        .statement
        .ok_or_else(|| Error::NotFound("Only statements have a CSV".into()))?;
    let csv = dialtone_core::statement::csv(&statement).into_bytes();
    Ok(file(
        csv,
        "text/csv; charset=utf-8",
        format!("{}.csv", content.number),
    ))
}

/// One account's receipts and statements (administrators).
#[utoipa::path(get, path = "/admin/users/{id}/documents", tag = "billing",
    params(("id" = i64, Path, description = "The account's user id"), PageQuery),
    responses((status = 200, description = "One page of documents", body = Page<DocumentView>), Invalid, SignedIn, AdminOnly))]
pub async fn admin_list(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<DocumentView>>> {
    Ok(axum::Json(page(&state, id, q).await?))
}

/// Any account's document as PDF (administrators).
#[utoipa::path(get, path = "/admin/documents/{id}/pdf", tag = "billing",
    params(("id" = i64, Path, description = "The document's id")),
    responses((status = 200, description = "The PDF", content_type = "application/pdf", body = Vec<u8>), Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn admin_pdf(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<Response> {
    pdf_of(&state, id, None).await
}

/// Any account's statement as CSV (administrators).
#[utoipa::path(get, path = "/admin/documents/{id}/csv", tag = "billing",
    params(("id" = i64, Path, description = "The statement's id")),
    responses((status = 200, description = "The CSV", content_type = "text/csv", body = String), Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn admin_csv(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<Response> {
    csv_of(&state, id, None).await
}

/// Issues the statements of the last month that are not issued yet, once that month
/// has been over for an hour (a late ledger row of its last moments is in it by then).
/// The number issued.
pub async fn issue_statements(state: &AppState, now: i64) -> anyhow::Result<u64> {
    use chrono::{TimeZone, Utc};
    let end = dialtone_core::dates::month_start_ms(now);
    if now < end + 3_600_000 {
        return Ok(0);
    }
    let start = dialtone_core::dates::month_start_ms(end - 1);
    let label = Utc
        .timestamp_millis_opt(start)
        .single()
        .map_or_else(String::new, |t| t.format("%B %Y").to_string());
    let mut issued = 0;
    for user_id in repo::due_statements(&state.db.pool, start, end).await? {
        match issue::statement_for(state, user_id, (start, end), &label, now).await {
            Ok(true) => issued += 1,
            Ok(false) => {}
            Err(e) => tracing::error!(user_id, error = %e, "statement not issued"),
        }
    }
    Ok(issued)
}

/// Mails issued documents, PDF attached, to each customer's billing address.
pub async fn mail_documents(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut mailed = 0;
    for doc in repo::unmailed(&state.db.pool).await? {
        if !repo::mark_mailed(&state.db.pool, doc.id, now).await? {
            continue;
        }
        let content: Content = serde_json::from_str(&doc.content)?;
        let bytes = pdf::render(&content)?;
        let subject = format!(
            "Your Dialtone {} {}",
            content.title.to_lowercase(),
            content.number
        );
        let body = format!(
            "Hello {},\n\nYour {} {} is attached. You can also download it from the Billing page.\n\nDialtone",
            content.customer.name,
            content.title.to_lowercase(),
            content.number
        );
        let name = format!("{}.pdf", content.number);
        state
            .mailer
            .send_with_attachment(&content.customer.email, &subject, &body, (&name, &bytes))
            .await?;
        mailed += 1;
    }
    Ok(mailed)
}
