//! Batches that background jobs claim, safe when several instances share one
//! PostgreSQL database (SQLite's one writer already serialises runs).

use super::Backend;
use sqlx::any::AnyRow;
use sqlx::AnyConnection;

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
