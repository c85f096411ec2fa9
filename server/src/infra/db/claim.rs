//! Batches that background jobs claim, safe when several instances share one
//! PostgreSQL database (SQLite's one writer already serialises runs).

use super::Backend;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, FromRow};

impl Backend {
    /// The end of a statement that picks a batch to claim: on PostgreSQL the rows are
    /// locked for the transaction and rows another instance holds are skipped, not
    /// waited for. `of` names the table to lock when the statement joins others.
    pub fn skip_locked(self, of: Option<&str>) -> String {
        match (self, of) {
            (Backend::Postgres, None) => " FOR UPDATE SKIP LOCKED".into(),
            (Backend::Postgres, Some(table)) => format!(" FOR UPDATE OF {table} SKIP LOCKED"),
            (Backend::Sqlite, _) => String::new(),
        }
    }
}

/// The rows a claiming statement returns, each read by `row`; `first` and `second`
/// are its `$1` and `$2` (a time and a bound: `until` or a batch size).
pub async fn rows<T>(
    conn: &mut AnyConnection,
    sql: &str,
    first: i64,
    second: i64,
    row: impl Fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<Vec<T>> {
    let rows = sqlx::query(sql)
        .bind(first)
        .bind(second)
        .fetch_all(conn)
        .await?;
    rows.iter().map(row).collect()
}

/// A queue whose due rows a sender leases by setting `claimed_until`; the parts are
/// written in the queue's repository, with `$1` for now.
pub struct Lease<'a> {
    pub table: &'a str,
    /// When a row is due: checked when picking the batch and again when updating it.
    pub due: &'a str,
    /// The order the batch is taken in.
    pub order: &'a str,
    /// More to set when taking the lease (", attempts = attempts + 1"), or "".
    pub also_set: &'a str,
    pub returning: &'a str,
}

/// Leases up to `batch` due rows until `until`. On PostgreSQL, SKIP LOCKED lets an
/// instance take rows another is claiming instead of waiting, and the batch is a CTE
/// because a CTE that locks is evaluated once: as an `IN (subquery)` it may be
/// re-scanned per row, each scan skipping the rows this statement just updated and
/// taking the next ones, past the LIMIT. The UPDATE repeats the conditions, re-checked
/// on a row another instance changed meanwhile, so no two instances hold one row.
/// (SQLite's one writer serialises claims.)
pub async fn lease<T>(
    conn: &mut AnyConnection,
    backend: Backend,
    queue: &Lease<'_>,
    now: i64,
    until: i64,
    batch: i64,
) -> sqlx::Result<Vec<T>>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    let Lease {
        table,
        due,
        order,
        also_set,
        returning,
    } = queue;
    let lock = backend.skip_locked(None);
    sqlx::query_as(&format!(
        "WITH batch AS (SELECT id FROM {table} WHERE {due} ORDER BY {order} LIMIT $3{lock}) \
         UPDATE {table} SET claimed_until = $2{also_set} \
         WHERE id IN (SELECT id FROM batch) AND {due} \
         RETURNING {returning}"
    ))
    .bind(now)
    .bind(until)
    .bind(batch)
    .fetch_all(conn)
    .await
}
