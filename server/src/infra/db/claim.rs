//! Batches that background jobs claim, safe when several instances share one
//! PostgreSQL database (SQLite's one writer already serialises runs).

use super::{Backend, Db};
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

/// The rows of `T` a claiming statement returns; `first` and `second` are its `$1` and
/// `$2` (a time and a bound: `until` or a batch size).
async fn rows<T>(
    conn: &mut AnyConnection,
    sql: &str,
    first: i64,
    second: i64,
) -> sqlx::Result<Vec<T>>
where
    T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
{
    sqlx::query_as(sql)
        .bind(first)
        .bind(second)
        .fetch_all(conn)
        .await
}

/// What renews monthly (numbers, IVR flows), as its repository writes the two
/// statements the renewal job runs over it. Both are read as rows of one type.
pub struct Renewals<'a> {
    /// Claims the notices of what renews in (`$1`, `$2`] (now, until): the statement
    /// that finds a row marks its notice sent, so one notice per period.
    pub notices: &'a str,
    /// Picks the next batch due at `$1`, at most `$2` rows, in a stable order.
    pub batch: &'a str,
    /// The table the batch locks when its statement joins others.
    pub lock_of: Option<&'a str>,
}

impl Renewals<'_> {
    /// Claims the notices due from `now` to `until`.
    pub async fn notices<T>(
        &self,
        conn: &mut AnyConnection,
        now: i64,
        until: i64,
    ) -> sqlx::Result<Vec<T>>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        rows(conn, self.notices, now, until).await
    }

    /// The next batch due at `now`, at most `size`, locked on PostgreSQL so that
    /// another instance takes other rows.
    pub async fn batch<T>(
        &self,
        conn: &mut AnyConnection,
        backend: Backend,
        now: i64,
        size: i64,
    ) -> sqlx::Result<Vec<T>>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        let sql = format!("{}{}", self.batch, backend.skip_locked(self.lock_of));
        rows(conn, &sql, now, size).await
    }
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
    /// Takes turns between the owners this column names (each owner's first due row,
    /// then each one's second, ...), at most `share` rows of one owner in a batch; None
    /// takes rows in `order` alone.
    pub fair: Option<(&'a str, i64)>,
}

impl Lease<'_> {
    /// Leases up to `batch` due rows until `until`, in a write transaction of its own
    /// so that the lease holds (and other instances see it) before the rows are worked
    /// on. On PostgreSQL, SKIP LOCKED lets an instance take rows another is claiming
    /// instead of waiting, and the batch is a CTE because a CTE that locks is evaluated
    /// once: as an `IN (subquery)` it may be re-scanned per row, each scan skipping the
    /// rows this statement just updated and taking the next ones, past the LIMIT. The
    /// UPDATE repeats the conditions, re-checked on a row another instance changed
    /// meanwhile, so no two instances hold one row. (SQLite's one writer serialises
    /// claims.)
    pub async fn take<T>(&self, db: &Db, now: i64, until: i64, batch: i64) -> sqlx::Result<Vec<T>>
    where
        T: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        let Lease {
            table,
            due,
            order,
            also_set,
            returning,
            fair,
        } = self;
        let lock = db.backend.skip_locked(None);
        // A window cannot lock: the turns are picked first, then locked by id.
        let pick = match fair {
            None => format!("SELECT id FROM {table} WHERE {due} ORDER BY {order} LIMIT $3{lock}"),
            Some((owner, share)) => format!(
                "SELECT id FROM {table} WHERE id IN (SELECT id FROM (SELECT *, ROW_NUMBER() OVER \
                 (PARTITION BY {owner} ORDER BY {order}) AS turn FROM {table} WHERE {due}) t \
                 WHERE turn <= {share} ORDER BY turn, {order} LIMIT $3) AND {due}{lock}"
            ),
        };
        let mut tx = db.begin_write().await?;
        let rows = sqlx::query_as(&format!(
            "WITH batch AS ({pick}) \
             UPDATE {table} SET claimed_until = $2{also_set} \
             WHERE id IN (SELECT id FROM batch) AND {due} \
             RETURNING {returning}"
        ))
        .bind(now)
        .bind(until)
        .bind(batch)
        .fetch_all(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(rows)
    }
}
