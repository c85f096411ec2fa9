//! The rate_decks and rate_deck_rows tables.

use crate::db::{Backend, Flag};
use crate::voice::destination::{self, Destination};
use dialtone_core::rates::deck::{DeckRow, LineType};
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

/// Rows per INSERT: 10 values each, well under SQLite's 32,766 and PostgreSQL's
/// 65,535 bound parameters.
pub const ROWS_PER_INSERT: usize = 1000;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DeckRecord {
    pub id: i64,
    pub name: String,
    pub effective_from: String,
    #[sqlx(try_from = "Flag")]
    pub applied: bool,
    pub row_count: i64,
    pub created_by: Option<String>,
    pub created_at: i64,
    pub applied_at: Option<i64>,
    pub in_force_at: Option<i64>,
}

const DECK_COLUMNS: &str = "d.id, d.name, d.effective_from, \
     CASE WHEN d.status = 'applied' THEN 1 ELSE 0 END AS applied, d.row_count, u.email AS created_by, \
     d.created_at, d.applied_at, d.in_force_at FROM rate_decks d LEFT JOIN users u ON u.id = d.created_by";

statements! {
    /// The country codes a deck line may name (those on the Country Pricing list).
    pub fn country_codes() -> scalar_all(String) =
        "SELECT code FROM countries";

    /// A new draft deck, without rows yet.
    pub fn insert_deck(
        name: &str,
        effective_from: &str,
        created_by: i64,
        now: i64,
    ) -> scalar_one(i64) =
        "INSERT INTO rate_decks (name, effective_from, status, created_by, created_at) \
         VALUES ($1, $2, 'draft', $3, $4) RETURNING id";
}

/// Inserts up to `ROWS_PER_INSERT` rows in one statement. On SQLite the placeholders
/// are anonymous `?`: SQLite looks a numbered `$N` up by name in a list on every bind,
/// which made a 1,000-row statement (9,001 parameters) take about 110 ms instead of
/// under 1 ms, and a 100,000-prefix deck 8 s. PostgreSQL takes `$N` only.
pub async fn insert_rows<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    backend: Backend,
    deck_id: i64,
    rows: &[DeckRow],
) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut sql = String::with_capacity(200 + rows.len() * 64);
    sql.push_str(
        "INSERT INTO rate_deck_rows (deck_id, prefix, destination, country_code, line_type, \
         inbound_rate_micros, outbound_rate_micros, sms_rate_micros, first_increment_secs, next_increment_secs) VALUES ",
    );
    for i in 0..rows.len() {
        if i > 0 {
            sql.push(',');
        }
        if backend == Backend::Sqlite {
            sql.push_str("(?,?,?,?,?,?,?,?,?,?)");
        } else {
            let b = i * 10;
            let row: Vec<String> = (1..=10).map(|k| format!("${}", b + k)).collect();
            sql.push_str(&format!("({})", row.join(",")));
        }
    }
    let mut query = sqlx::query(&sql);
    for r in rows {
        query = query
            .bind(deck_id)
            .bind(r.prefix.as_str())
            .bind(r.destination.as_str())
            .bind(r.country.as_str())
            .bind(r.line_type.as_str())
            .bind(r.inbound)
            .bind(r.outbound)
            .bind(r.sms)
            .bind(r.first_increment)
            .bind(r.next_increment);
    }
    query.execute(ex).await?;
    Ok(())
}

statements! {
    pub fn set_row_count(deck_id: i64, rows: i64) -> run() =
        "UPDATE rate_decks SET row_count = $1 WHERE id = $2", (rows, deck_id);
}

/// Deletes a draft (and its rows); whether there was one.
pub async fn delete_draft<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    deck_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM rate_decks WHERE id = $1 AND status = 'draft'")
        .bind(deck_id)
        .execute(ex)
        .await?;
    Ok(crate::db::one_row(done))
}

/// Applies a draft: from `in_force_at` on it rates calls. Whether it was a draft.
pub async fn apply<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    deck_id: i64,
    admin: i64,
    now: i64,
    in_force_at: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE rate_decks SET status = 'applied', applied_by = $1, applied_at = $2, in_force_at = $3 \
         WHERE id = $4 AND status = 'draft'",
    )
    .bind(admin)
    .bind(now)
    .bind(in_force_at)
    .bind(deck_id)
    .execute(ex)
    .await?;
    Ok(crate::db::one_row(done))
}

pub async fn find<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    deck_id: i64,
) -> Result<Option<DeckRecord>, sqlx::Error> {
    let sql = format!("SELECT {DECK_COLUMNS} WHERE d.id = $1");
    sqlx::query_as(&sql).bind(deck_id).fetch_optional(ex).await
}

/// The newest decks first.
pub async fn list<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    limit: i64,
) -> Result<Vec<DeckRecord>, sqlx::Error> {
    let sql = format!("SELECT {DECK_COLUMNS} ORDER BY d.id DESC LIMIT $1");
    sqlx::query_as(&sql).bind(limit).fetch_all(ex).await
}

statements! {
    /// Every applied deck as (in force from, id): the schedule core chooses from.
    pub fn schedule() -> all((i64, i64)) =
        "SELECT in_force_at, id FROM rate_decks WHERE status = 'applied' AND in_force_at IS NOT NULL";

    /// Country Pricing's rates by routing prefix, as (prefix, inbound, outbound, SMS):
    /// what rates a number no deck prefix covers.
    pub fn country_rates() -> all((String, i64, i64, i64)) =
        "SELECT p.prefix, c.inbound_rate_micros, c.outbound_rate_micros, c.sms_rate_micros \
         FROM rate_prefixes p JOIN countries c ON c.id = p.country_id WHERE c.status = 'active'";
}

const ROW_COLUMNS: &str = "prefix, destination, country_code, line_type, inbound_rate_micros, \
     outbound_rate_micros, sms_rate_micros, first_increment_secs, next_increment_secs";

fn deck_row(r: &AnyRow, effective_from: &str) -> Result<DeckRow, sqlx::Error> {
    let line_type: String = r.try_get("line_type")?;
    Ok(DeckRow {
        prefix: r.try_get("prefix")?,
        destination: r.try_get("destination")?,
        country: r.try_get("country_code")?,
        line_type: LineType::parse(&line_type).unwrap_or(LineType::Landline),
        inbound: r.try_get("inbound_rate_micros")?,
        outbound: r.try_get("outbound_rate_micros")?,
        sms: r.try_get("sms_rate_micros")?,
        first_increment: r.try_get("first_increment_secs")?,
        next_increment: r.try_get("next_increment_secs")?,
        effective_from: effective_from.to_string(),
    })
}

/// Up to `limit` rows of a deck after `after` in prefix order (keyset paging).
pub async fn rows_after<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    deck: &DeckRecord,
    after: &str,
    limit: i64,
) -> Result<Vec<DeckRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {ROW_COLUMNS} FROM rate_deck_rows WHERE deck_id = $1 AND prefix > $2 ORDER BY prefix LIMIT $3"
    );
    let rows = sqlx::query(&sql)
        .bind(deck.id)
        .bind(after)
        .bind(limit)
        .fetch_all(ex)
        .await?;
    rows.iter()
        .map(|r| deck_row(r, &deck.effective_from))
        .collect()
}

/// Every row of a deck as the destination calls are rated with, by prefix: the
/// deck's rates, the country's id and its active switch from Country Pricing.
pub async fn destinations<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    deck_id: i64,
) -> Result<Vec<(String, Destination)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.prefix, r.destination AS d_name, c.id AS d_id, c.status AS d_status, \
         r.inbound_rate_micros AS d_inbound_rate_micros, r.outbound_rate_micros AS d_outbound_rate_micros, \
         r.sms_rate_micros AS d_sms_rate_micros, r.first_increment_secs AS d_first_increment_secs, \
         r.next_increment_secs AS d_next_increment_secs \
         FROM rate_deck_rows r JOIN countries c ON c.code = r.country_code WHERE r.deck_id = $1",
    )
    .bind(deck_id)
    .fetch_all(ex)
    .await?;
    let mut found = Vec::with_capacity(rows.len());
    for r in &rows {
        // The join found the country: the row is a destination.
        if let Some(d) = destination::from_row(r)? {
            found.push((r.try_get("prefix")?, d));
        }
    }
    Ok(found)
}
