//! Ledger entries as the API shows them, and the CSV export.

use crate::auth::AuthUser;
use crate::db::iso;
use crate::error::Result;
use crate::extract::Query;
use crate::paging::{Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use dialtone_core::money::from_micros;
use rust_decimal::Decimal;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryView {
    pub id: i64,
    pub date: String,
    pub kind: String,
    pub description: String,
    #[serde(with = "rust_decimal::serde::float")]
    pub amount: Decimal,
    #[serde(with = "rust_decimal::serde::float")]
    pub balance_after: Decimal,
}

fn view(r: &AnyRow) -> Result<EntryView, sqlx::Error> {
    Ok(EntryView {
        id: r.try_get("id")?,
        date: iso(r.try_get("created_at")?),
        kind: r.try_get("kind")?,
        description: r.try_get("description")?,
        amount: from_micros(r.try_get("amount_micros")?),
        balance_after: from_micros(r.try_get("balance_after_micros")?),
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

/// The whole ledger of the user as CSV, read in chunks so memory stays flat.
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
                e.amount.round_dp(6),
                e.balance_after.round_dp(6)
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
