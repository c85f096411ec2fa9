//! Ledger entries as the API shows them, and the CSV export.

use super::repo;
use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::Result;
use crate::extract::Query;
use crate::extract::With;
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sqlx::AnyPool;

/// One ledger entry: a credit (positive amount) or a debit (negative).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: i64,
    pub date: String,
    /// deposit, number_purchase, number_renewal, package_purchase, call, sms, refund,
    /// admin_credit or admin_debit.
    #[schema(example = "deposit")]
    pub kind: String,
    pub description: String,
    pub amount: Money,
    /// The balance once this entry was applied.
    pub balance_after: Money,
}

/// A page of one user's ledger, newest first.
pub async fn page_for(pool: &AnyPool, user_id: i64, q: PageQuery) -> Result<Page<EntryView>> {
    Ok(repo::page_for(pool, user_id, q).await?)
}

/// The signed-in user's ledger, newest first.
#[utoipa::path(get, path = "/ledger", tag = "balance",
    params(PageQuery),
    responses((status = 200, description = "A page of ledger entries", body = Page<EntryView>),
        Invalid, SignedIn))]
pub async fn list_own(
    With(state, auth): With<AuthUser>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<EntryView>>> {
    Ok(axum::Json(page_for(&state.db.pool, auth.user.id, q).await?))
}

/// A user's whole ledger as CSV, oldest first, with uncollected call costs after it.
pub async fn csv_of(state: &AppState, user_id: i64) -> Result<String> {
    let mut out = String::from("date,kind,description,amount,balance\n");
    let mut after = 0i64;
    loop {
        let entries = repo::after(&state.db.pool, user_id, after).await?;
        let Some(last) = entries.last() else { break };
        after = last.id;
        for e in &entries {
            out.push_str(&format!(
                "{},{},{},{},{}\n",
                e.date,
                e.kind,
                crate::csv::text(&e.description),
                e.amount.0.round_dp(6),
                e.balance_after.0.round_dp(6)
            ));
        }
    }
    // Call costs that could not be collected have no ledger row (nothing moved), so
    // they follow the entries as lines of their own, with a zero amount.
    let uncollected = crate::voice::calls::repo::uncollected(&state.db.pool, user_id).await?;
    for r in &uncollected {
        let direction = &r.direction;
        let other = if direction == "outbound" {
            &r.to
        } else {
            &r.from
        };
        let description =
            format!(
            "Not collected: {} of a {direction} call {} {other} cost more than the balance held",
            dialtone_core::money::format_micros(r.shortfall_micros),
            if direction == "outbound" { "to" } else { "from" },
        );
        out.push_str(&format!(
            "{},uncollected,{},0,\n",
            iso(r.created_at),
            crate::csv::text(&description)
        ));
    }
    Ok(out)
}

/// The signed-in user's whole ledger as CSV, oldest first (read in chunks).
#[utoipa::path(get, path = "/ledger/export", tag = "balance",
    responses((status = 200, description = "CSV: date,kind,description,amount,balance",
        content_type = "text/csv", body = String), SignedIn))]
pub async fn export_own(State(state): State<AppState>, auth: AuthUser) -> Result<Response> {
    let out = csv_of(&state, auth.user.id).await?;
    let headers = [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
        (
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"dialtone-transactions.csv\"",
        ),
    ];
    Ok((headers, out).into_response())
}
