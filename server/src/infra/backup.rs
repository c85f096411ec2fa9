//! Online backups of the SQLite database (`dialtone-server backup FILE`) and their
//! restore (`dialtone-server restore FILE`). PostgreSQL deployments use pg_dump.

use crate::db::{Backend, Db};
use anyhow::{bail, Context};
use sqlx::Connection;
use std::path::{Path, PathBuf};

/// The database file behind a sqlite:// URL.
pub fn sqlite_path(url: &str) -> anyhow::Result<PathBuf> {
    let rest = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .context("not a sqlite URL")?;
    let path = rest.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        bail!("an in-memory database has nothing to back up");
    }
    Ok(PathBuf::from(path))
}

/// Writes a consistent copy of the live database to `target` (VACUUM INTO reads one
/// snapshot while writers carry on) and checks the copy before reporting success.
pub async fn backup(db: &Db, target: &Path) -> anyhow::Result<()> {
    if db.backend != Backend::Sqlite {
        bail!("PostgreSQL is backed up with pg_dump; see the README's production section");
    }
    if target.exists() {
        bail!("{} already exists; choose a new file", target.display());
    }
    let quoted = target
        .to_str()
        .context("backup path is not UTF-8")?
        .replace('\'', "''");
    sqlx::query(&format!("VACUUM INTO '{quoted}'"))
        .execute(&db.pool)
        .await
        .context("writing the backup")?;
    verify(target).await
}

/// A backup is good when SQLite's integrity check passes and every balance equals
/// the sum of its ledger.
pub async fn verify(file: &Path) -> anyhow::Result<()> {
    let url = format!("sqlite://{}?mode=ro", file.display());
    let mut conn = sqlx::SqliteConnection::connect(&url)
        .await
        .with_context(|| format!("opening {}", file.display()))?;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await?;
    if check != "ok" {
        bail!("integrity check failed: {check}");
    }
    let broken: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM (SELECT u.id FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id \
         GROUP BY u.id, u.balance_micros HAVING u.balance_micros <> COALESCE(SUM(l.amount_micros), 0))",
    )
    .fetch_one(&mut conn)
    .await?;
    if broken > 0 {
        bail!("{broken} accounts' balances differ from their ledgers");
    }
    conn.close().await?;
    Ok(())
}

/// Replaces the database at `database` with the verified backup `file`. The server
/// must be stopped: the database is locked exclusively first and refused if busy.
pub async fn restore(file: &Path, database: &Path) -> anyhow::Result<()> {
    verify(file).await?;
    if database.exists() {
        let url = format!("sqlite://{}", database.display());
        let mut conn = sqlx::SqliteConnection::connect(&url).await?;
        sqlx::query("PRAGMA busy_timeout = 0")
            .execute(&mut conn)
            .await?;
        sqlx::query("BEGIN EXCLUSIVE")
            .execute(&mut conn)
            .await
            .context("the database is in use: stop the server before restoring")?;
        sqlx::query("ROLLBACK").execute(&mut conn).await?;
        conn.close().await?;
    }
    let staged = database.with_extension("restoring");
    std::fs::copy(file, &staged).with_context(|| format!("copying {}", file.display()))?;
    for suffix in ["-wal", "-shm"] {
        let side = PathBuf::from(format!("{}{suffix}", database.display()));
        if side.exists() {
            std::fs::remove_file(&side)?;
        }
    }
    std::fs::rename(&staged, database)?;
    Ok(())
}
