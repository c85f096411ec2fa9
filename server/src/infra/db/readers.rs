//! The call path's reads ahead of its turn, on SQLite: connections of their own, kept
//! out of sqlx's pool. A pooled connection, when dropped, is handed to a task of its
//! own that pings it before the pool takes it back (sqlx-core 0.8 `return_to_pool`;
//! no option turns that off). On SQLite that ping is a hand-off to the connection's
//! thread and back; under call load perf put the sqlx worker threads at 46 % of the
//! server's samples, most of it in the scheduler. Here a finished read puts its
//! connection back on a stack at once: the worker threads switched 25 % less per call
//! and the server spent 7-10 % less CPU per call (alternated runs, 4,000 calls at 64 in
//! flight; DIALTONE_OWN_READERS=0 turns it off for such comparisons). A read that
//! failed on the database, or was dropped half way (its caller went away), closes its
//! connection instead, which is what the ping was for. On PostgreSQL the reads keep
//! using the pool: connections of their own would count against the server's
//! connection limit, shared by every instance, on top of the pool's.

use super::Backend;
use crate::error::Error;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool};
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

#[derive(Clone)]
pub struct Readers(Arc<Shared>);

struct Shared {
    pool: AnyPool,
    own: bool,
    idle: Mutex<Vec<AnyConnection>>,
    /// At most as many connections of their own as the pool has.
    permits: Arc<Semaphore>,
}

impl Readers {
    pub fn new(pool: AnyPool, backend: Backend, size: u32) -> Readers {
        Readers(Arc::new(Shared {
            pool,
            // DIALTONE_OWN_READERS=0 reads on the pool, for comparison.
            own: backend == Backend::Sqlite
                && std::env::var("DIALTONE_OWN_READERS").map_or(true, |v| v != "0"),
            idle: Mutex::new(Vec::new()),
            permits: Arc::new(Semaphore::new(size as usize)),
        }))
    }

    /// A connection to read on; give it back with `Reader::done`.
    pub async fn acquire(&self) -> sqlx::Result<Reader> {
        if !self.0.own {
            return Ok(Reader(Held::Pooled(self.0.pool.acquire().await?)));
        }
        let permit = self.0.permits.clone().acquire_owned().await;
        let permit = permit.expect("the readers' semaphore is never closed");
        let idle = self.0.idle.lock().expect("not poisoned").pop();
        let conn = match idle {
            Some(conn) => conn,
            // Opened by the pool (with its pragmas), then no longer the pool's: the
            // pool may open another in its place.
            None => self.0.pool.acquire().await?.detach(),
        };
        Ok(Reader(Held::Own {
            conn: Some(conn),
            home: self.0.clone(),
            _permit: permit,
        }))
    }
}

pub struct Reader(Held);

enum Held {
    Pooled(PoolConnection<Any>),
    Own {
        /// None once given back.
        conn: Option<AnyConnection>,
        home: Arc<Shared>,
        _permit: OwnedSemaphorePermit,
    },
}

impl Reader {
    /// Gives the connection back after a read that ended with `outcome`: kept unless
    /// the database failed (a dropped `Reader` closes its connection).
    pub fn done<T>(mut self, outcome: &Result<T, Error>) {
        if matches!(outcome, Err(Error::Internal(_))) {
            return;
        }
        if let Held::Own { conn, home, .. } = &mut self.0 {
            if let Some(conn) = conn.take() {
                home.idle.lock().expect("not poisoned").push(conn);
            }
        }
    }
}

impl Deref for Reader {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match &self.0 {
            Held::Pooled(conn) => conn,
            Held::Own { conn, .. } => conn.as_ref().expect("held until given back"),
        }
    }
}

impl DerefMut for Reader {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match &mut self.0 {
            Held::Pooled(conn) => conn,
            Held::Own { conn, .. } => conn.as_mut().expect("held until given back"),
        }
    }
}

#[cfg(test)]
mod tests {
    //! A connection is told apart by a temporary table, which only it can see.
    use super::*;
    use sqlx::any::AnyPoolOptions;

    async fn readers() -> Readers {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(2)
            .connect("sqlite::memory:")
            .await
            .expect("an in-memory database");
        Readers::new(pool, Backend::Sqlite, 2)
    }

    async fn mark(conn: &mut AnyConnection) {
        sqlx::query("CREATE TEMP TABLE mark (x INTEGER)")
            .execute(conn)
            .await
            .expect("a temporary table");
    }

    async fn marked(conn: &mut AnyConnection) -> bool {
        let sql = "SELECT CAST(COUNT(*) AS BIGINT) FROM sqlite_temp_master WHERE name = 'mark'";
        let (n,): (i64,) = sqlx::query_as(sql).fetch_one(conn).await.expect("a count");
        n == 1
    }

    /// What the next read gets after one that marked its connection and ended so.
    async fn reused_after(end: impl FnOnce(Reader)) -> bool {
        let readers = readers().await;
        let mut conn = readers.acquire().await.expect("a reader");
        mark(&mut conn).await;
        end(conn);
        let mut next = readers.acquire().await.expect("a reader");
        marked(&mut next).await
    }

    #[tokio::test]
    async fn a_finished_read_gives_its_connection_back() {
        assert!(reused_after(|c| c.done(&Ok::<(), Error>(()))).await);
    }

    #[tokio::test]
    async fn a_refusal_is_not_a_broken_connection() {
        let refused = Err::<(), _>(Error::NotFound("No such call".into()));
        assert!(reused_after(|c| c.done(&refused)).await);
    }

    #[tokio::test]
    async fn a_database_failure_closes_the_connection() {
        let failed = Err::<(), _>(Error::Internal(anyhow::anyhow!("disk I/O error")));
        assert!(!reused_after(|c| c.done(&failed)).await);
    }

    #[tokio::test]
    async fn a_read_dropped_half_way_closes_its_connection() {
        assert!(!reused_after(drop).await);
    }
}
