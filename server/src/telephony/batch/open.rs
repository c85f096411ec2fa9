//! The batch's open transaction (`Open`): how it commits or is abandoned, and the
//! PostgreSQL lock that keeps other instances' batches out while it is open.

use crate::db::{Backend, Db};
use sqlx::{Any, AnyConnection, Executor, Transaction};
use tokio::sync::oneshot;

/// The advisory lock of the call path's writers on PostgreSQL, keyed by "DIALTONE" in
/// ASCII: held by a batch, and by the expired-reservation job, until they commit.
const CALL_PATH_LOCK: &str = "SELECT pg_advisory_xact_lock(4920535863966780997)";

type Outcome = Result<(), String>;

#[derive(Default)]
pub(super) struct Open {
    pub(super) tx: Option<Transaction<'static, Any>>,
    /// Calls released into the open transaction, each told when it commits.
    pub(super) done: Vec<oneshot::Sender<Outcome>>,
    /// The open transaction is PostgreSQL's.
    pub(super) postgres: bool,
}

impl Open {
    pub(super) async fn commit(&mut self) {
        let outcome = match self.tx.take() {
            Some(mut tx) => {
                metrics::histogram!("dialtone_call_batch_turns").record(self.done.len() as f64);
                // PostgreSQL answers COMMIT in a transaction that an error aborted with
                // a ROLLBACK, not an error: a statement first, which then fails, so
                // that no call is told its writes are kept when a turn's read (not
                // guarded by a savepoint) failed and undid the batch.
                let alive = match self.postgres {
                    true => tx.execute("SELECT 1").await.map(|_| ()),
                    false => Ok(()),
                };
                match alive {
                    Ok(()) => tx.commit().await.map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                }
            }
            None => Ok(()),
        };
        for waiter in self.done.drain(..) {
            let _ = waiter.send(outcome.clone());
        }
    }

    /// Something failed outside a savepoint: nothing of the batch is kept.
    pub(super) fn abandon(&mut self, why: &str) {
        self.tx = None; // dropped: rolled back
        for waiter in self.done.drain(..) {
            let _ = waiter.send(Err(why.to_string()));
        }
    }
}

/// The batch's transaction: on PostgreSQL its BEGIN and the call path's lock go in
/// one round trip (a lock that failed fails the first turn's statement, and the
/// batch with it).
pub async fn begin_batch(db: &Db) -> Result<Transaction<'static, Any>, sqlx::Error> {
    match db.backend {
        Backend::Postgres => db.begin_call_batch(CALL_PATH_LOCK).await,
        Backend::Sqlite => db.begin_write().await,
    }
}

/// On PostgreSQL, waits until no other instance's call path writes, and keeps it so
/// until `conn`'s transaction ends (see the module's doc); nothing on SQLite, whose
/// writers take turns already.
pub async fn lock_call_path(conn: &mut AnyConnection, backend: Backend) -> Result<(), sqlx::Error> {
    if backend == Backend::Postgres {
        conn.execute(CALL_PATH_LOCK).await?;
    }
    Ok(())
}
