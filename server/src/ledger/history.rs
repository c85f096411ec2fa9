//! Ledger entries as the API shows them, and the CSV export.

use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::Result;
use crate::extract::Query;
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

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

fn view(r: &AnyRow) -> Result<EntryView, sqlx::Error> {
    Ok(EntryView {
        id: r.try_get("id")?,
        date: iso(r.try_get("created_at")?),
        kind: r.try_get("kind")?,
        description: r.try_get("description")?,
        amount: Money::micros(r.try_get("amount_micros")?),
        balance_after: Money::micros(r.try_get("balance_after_micros")?),
    })
}

const COLUMNS: &str = "id, created_at, kind, description, amount_micros, balance_after_micros";

/// A page of one user's ledger, newest first.
pub async fn page_for(pool: &AnyPool, user_id: i64, q: PageQuery) -> Result<Page<EntryView>> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM ledger_entries WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(user_id)
    .bind(q.limit())
    .bind(q.offset())
    .fetch_all(pool)
    .await?;
    let items = rows.iter().map(view).collect::<Result<Vec<_>, _>>()?;
    Ok(Page::new(items, total, q))
}

/// The signed-in user's ledger, newest first.
#[utoipa::path(get, path = "/api/ledger", tag = "balance", security(("bearer" = [])),
    params(PageQuery),
    responses((status = 200, description = "A page of ledger entries", body = Page<EntryView>),
        Invalid, SignedIn))]
pub async fn list_own(
    State(state): State<AppState>,
    auth: AuthUser,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<EntryView>>> {
    Ok(axum::Json(page_for(&state.db.pool, auth.user.id, q).await?))
}

fn csv_field(s: &str) -> String {
    // Quote always; double inner quotes; defuse spreadsheet formulas.
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    format!("\"{}\"", s.replace('"', "\"\""))
}

/// The signed-in user's whole ledger as CSV, oldest first (read in chunks).
#[utoipa::path(get, path = "/api/ledger/export", tag = "balance", security(("bearer" = [])),
    responses((status = 200, description = "CSV: date,kind,description,amount,balance",
        content_type = "text/csv", body = String), SignedIn))]
pub async fn export_own(State(state): State<AppState>, auth: AuthUser) -> Result<Response> {
    let mut out = String::from("date,kind,description,amount,balance\n");
    let mut after = 0i64;
    loop {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM ledger_entries WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT 1000"
        ))
        .bind(auth.user.id)
        .bind(after)
        .fetch_all(&state.db.pool)
        .await?;
        let Some(last) = rows.last() else { break };
        after = last.try_get("id")?;
        for r in &rows {
            let e = view(r)?;
            out.push_str(&format!(
                "{},{},{},{},{}\n",
                e.date,
                e.kind,
                csv_field(&e.description),
                e.amount.0.round_dp(6),
                e.balance_after.0.round_dp(6)
            ));
        }
    }
    let headers = [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
        (
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"dialtone-transactions.csv\"",
        ),
    ];
    Ok((headers, out).into_response())
}
