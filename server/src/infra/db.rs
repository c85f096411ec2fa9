//! One pool over SQLite or PostgreSQL through sqlx's Any driver, so the same SQL text
//! (with $1 placeholders, which SQLite accepts too) serves both. Conventions that
//! keep it portable: integers are BIGINT (money in micro-dollars, times in unix
//! milliseconds, flags 0/1), SUMs are CAST to BIGINT, and the few statements that
//! differ per backend branch on `Backend`. The migrations are written once
//! (server/migrations, with the placeholders build.rs documents) and rendered per
//! backend at build time.

use anyhow::Context;
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::{AnyPool, Executor, Row, ValueRef};
use std::borrow::Cow;
use std::future::{ready, Future};
use std::pin::Pin;
use std::time::Duration;

/// A connection's own table that one statement of a batch can note a result in for
/// the next to read (the call path's settlement guard does), made on every SQLite
/// connection.
pub const NOTE_TABLE_SQLITE: &str = "CREATE TEMP TABLE IF NOT EXISTS settle_ok (ok INTEGER)";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct Db {
    pub pool: AnyPool,
    /// Where `begin_write` takes its connection. On SQLite a pool of one: writers
    /// queue for it in order instead of each taking a connection and then sleeping
    /// in SQLite's busy handler (1, 2, 5, 10 ... ms) until the write lock is free,
    /// which capped the call path at about 1,000 transactions a second. On
    /// PostgreSQL it is the main pool.
    write_pool: AnyPool,
    /// Where the call path's batches take their connection on PostgreSQL
    /// (`begin_call_batch`): two connections of their own, opened on first use. That
    /// first use is on the call path's thread, so the connections' sockets are
    /// watched by that thread's runtime, which waits on nothing else: a socket of the
    /// main pool is watched by the HTTP runtime, whose busy workers look at it only
    /// between tasks, and every turn of the chain waited for them. On SQLite the
    /// write pool.
    call_pool: AnyPool,
    /// Where the call path reads ahead of its turn (`readers`).
    pub readers: readers::Readers,
    pub backend: Backend,
    /// Where it connects: the call path opens a connection of its own on PostgreSQL
    /// (`voice::batch::pipe`).
    url: std::sync::Arc<str>,
}

pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl Db {
    pub async fn connect(url: &str) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        if backend == Backend::Sqlite {
            ensure_sqlite_dir(url)?;
        }
        let default_size = if backend == Backend::Sqlite { 8 } else { 16 };
        let size = std::env::var("DATABASE_POOL_SIZE")
            .ok()
            .and_then(|v| v.parse().ok())
            .filter(|&n: &u32| n >= 2)
            .unwrap_or(default_size);
        let pool = Self::pool(url, backend, size).await?;
        // Each connection to ":memory:" is its own database: writes must share the pool.
        let write_pool = match backend {
            Backend::Sqlite if !url.contains(":memory:") => Self::pool(url, backend, 1).await?,
            _ => pool.clone(),
        };
        let call_pool = match backend {
            // One for the open batch, one for the last batch on its way back to the pool.
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(2)
                .test_before_acquire(false)
                .connect_lazy(url)
                .with_context(|| "the call path's connections")?,
            Backend::Sqlite => write_pool.clone(),
        };
        let readers = readers::Readers::new(pool.clone(), backend, size);
        Ok(Db {
            pool,
            readers,
            write_pool,
            call_pool,
            backend,
            url: url.into(),
        })
    }

    async fn pool(url: &str, backend: Backend, size: u32) -> anyhow::Result<AnyPool> {
        let options = AnyPoolOptions::new()
            .max_connections(size)
            .acquire_timeout(Duration::from_secs(10))
            // No second ping when a connection is taken: sqlx pings each one as it
            // comes back to the pool already, and the ping on checkout was a round
            // trip of its own before every read of the call path (on SQLite a
            // hand-off to the connection's thread and back): +5 % pairs/s on
            // PostgreSQL and about as much on SQLite, in alternated runs. A
            // connection that broke while idle fails the one statement that finds
            // out, which rolls back its transaction like any error.
            .test_before_acquire(false)
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers run beside the one writer; the busy timeout
                        // makes writers queue instead of failing under load.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute(NOTE_TABLE_SQLITE).await?;
                    }
                    Ok(())
                })
            });
        options
            .connect(url)
            .await
            .with_context(|| "connecting to the database")
    }

    /// Applies the pending migrations. On PostgreSQL the migrator holds an advisory
    /// lock (sqlx's `pg_advisory_lock`, keyed by the database name) for the whole run,
    /// so instances that start together take turns and each migration runs once.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        Migrator::new(Migrations(self.backend))
            .await?
            .run(&self.pool)
            .await?;
        Ok(())
    }

    /// Starts a transaction that will write. On SQLite it takes the write lock at
    /// once (BEGIN IMMEDIATE): a deferred transaction that reads first and writes
    /// later can fail with SQLITE_BUSY when another writer got in between.
    pub async fn begin_write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.write_pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.write_pool.begin().await,
        }
    }

    /// A call path batch's transaction (`begin_write` on SQLite), then `statement`: on
    /// PostgreSQL on the call path's own connections (see `call_pool`) and in the
    /// same round trip (one simple query, `BEGIN; statement`), whose answer is not
    /// read. Were `statement` to fail, the transaction is aborted and its next
    /// statement fails.
    pub async fn begin_call_batch(
        &self,
        statement: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => {
                let mut tx = self.begin_write().await?;
                tx.execute(statement).await?;
                Ok(tx)
            }
            Backend::Postgres => {
                self.call_pool
                    .begin_with(format!("BEGIN; {statement}"))
                    .await
            }
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// The call path's own connections (`call_pool`), on PostgreSQL only: on SQLite
    /// its batches write on the write pool like every writer.
    pub fn call_path_pool(&self) -> Option<&AnyPool> {
        (self.backend == Backend::Postgres).then_some(&self.call_pool)
    }

    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").fetch_one(&self.pool).await.is_ok()
    }
}

/// One migration of server/migrations as build.rs rendered it for each backend.
struct Embedded {
    version: i64,
    description: &'static str,
    sqlite: &'static str,
    postgres: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/migrations/table.rs"));

/// The embedded migrations of one backend, read as sqlx's directory source reads
/// files: same versions and descriptions as `migrate!` of the former per-backend
/// directories recorded, and the same checksums (sha384 of the text), since the
/// rendered text is byte-identical to those files. An existing database therefore
/// sees nothing new; were a rendering ever to change an applied migration's text,
/// `run` would stop with VersionMismatch rather than skip or reapply it, and the
/// checksums pinned in db/tests.rs fail the test suite first.
#[derive(Debug)]
struct Migrations(Backend);

impl Migrations {
    fn list(&self) -> Vec<Migration> {
        MIGRATIONS
            .iter()
            .map(|m| {
                let sql = match self.0 {
                    Backend::Sqlite => m.sqlite,
                    Backend::Postgres => m.postgres,
                };
                Migration::new(
                    m.version,
                    Cow::Borrowed(m.description),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect()
    }
}

type Resolved<'s> = Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>>;

impl<'s> MigrationSource<'s> for Migrations {
    fn resolve(self) -> Resolved<'s> {
        Box::pin(ready(Ok(self.list())))
    }
}

pub mod claim;
pub mod list;
pub mod notify;
pub mod readers;
#[macro_use]
mod statements;
#[cfg(test)]
mod tests;

fn ensure_sqlite_dir(url: &str) -> anyhow::Result<()> {
    let path = url
        .trim_start_matches("sqlite://")
        .trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or("");
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    if let Some(parent) = std::path::Path::new(path).parent() {
        if !parent.as_os_str().is_empty() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
    }
    Ok(())
}

/// Anything a repository function can run its statements on: the pool, a
/// connection or a transaction. One name for the bound every such function has.
pub trait Exec<'e>: Executor<'e, Database = sqlx::Any> {}
impl<'e, T: Executor<'e, Database = sqlx::Any>> Exec<'e> for T {}

/// A 0/1 integer column read as a bool (booleans are integers on both backends): a
/// `FromRow` struct's bool field reads through it with `#[sqlx(try_from = "Flag")]`.
/// It decodes exactly as an i64 does; any value but 0 is true.
pub struct Flag(i64);

impl sqlx::Type<sqlx::Any> for Flag {
    fn type_info() -> sqlx::any::AnyTypeInfo {
        <i64 as sqlx::Type<sqlx::Any>>::type_info()
    }

    fn compatible(ty: &sqlx::any::AnyTypeInfo) -> bool {
        <i64 as sqlx::Type<sqlx::Any>>::compatible(ty)
    }
}

impl<'r> sqlx::Decode<'r, sqlx::Any> for Flag {
    fn decode(value: sqlx::any::AnyValueRef<'r>) -> Result<Self, BoxDynError> {
        <i64 as sqlx::Decode<'r, sqlx::Any>>::decode(value).map(Flag)
    }
}

impl From<Flag> for bool {
    fn from(f: Flag) -> bool {
        f.0 != 0
    }
}

/// Reads a 0/1 integer column as a bool (booleans are integers on both backends).
pub fn flag(row: &AnyRow, column: &str) -> Result<bool, sqlx::Error> {
    Ok(row.try_get::<Flag, _>(column)?.into())
}

/// The part of a row a LEFT JOIN may have found: None when its `marker` column (one
/// the join's rows never hold NULL in) is NULL, else the part as `T` reads it.
pub fn joined<T: for<'r> sqlx::FromRow<'r, AnyRow>>(
    row: &AnyRow,
    marker: &str,
) -> Result<Option<T>, sqlx::Error> {
    if row.try_get_raw(marker)?.is_null() {
        return Ok(None);
    }
    T::from_row(row).map(Some)
}

/// Whether a conditional write (an UPDATE with a condition, an INSERT that may
/// conflict) changed its one row: true for the one caller that won; of two at the
/// same moment, the other changed nothing.
pub fn one_row(done: sqlx::any::AnyQueryResult) -> bool {
    done.rows_affected() == 1
}

/// True when the error is a unique-constraint violation on either backend.
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// A stored time as an ISO 8601 UTC timestamp for the API.
pub fn iso(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
