//! The batch's open transaction (`Open`): how it commits or is abandoned, and the
//! PostgreSQL lock that keeps other instances' batches out while it is open.

use super::pipe::{Pipe, Sent};
use crate::db::{Backend, Db};
use sqlx::{Any, AnyConnection, Executor, Transaction};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// The advisory lock of the call path's writers on PostgreSQL, keyed by "DIALTONE" in
/// ASCII: held by a batch, and by the expired-reservation job, until they commit.
const CALL_PATH_LOCK: &str = "SELECT pg_advisory_xact_lock(4920535863966780997)";

/// A pipelined batch's BEGIN, with the lock, in one request.
const BEGIN_LOCKED: &str = "BEGIN; SELECT pg_advisory_xact_lock(4920535863966780997)";

type Outcome = Result<(), String>;

#[derive(Default)]
pub(super) struct Open {
    pub(super) tx: Option<Transaction<'static, Any>>,
    /// Calls released into the open transaction, each told when it commits.
    pub(super) done: Vec<oneshot::Sender<Outcome>>,
    /// The open transaction is PostgreSQL's.
    pub(super) postgres: bool,
    /// PostgreSQL: the call path's pipelined connection (`pipe`), kept between batches.
    pub(super) pipe: Option<Pipe>,
    /// A batch is open on `pipe` (instead of `tx`; never both): its BEGIN is sent.
    pub(super) piped: Option<Sent<Result<(), tokio_postgres::Error>>>,
}

impl Open {
    pub(super) async fn commit(&mut self) {
        if self.piped.is_some() {
            self.commit_piped().await;
            return;
        }
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

    /// Sends the pipelined batch's COMMIT, behind its last write, and tells its calls
    /// the outcome when it comes; the next batch may send its BEGIN meanwhile. As on
    /// `tx`, a `SELECT 1` first: it fails if any statement of the batch failed (the
    /// COMMIT would then be answered by a ROLLBACK, not an error). Each is a request
    /// of its own: in one, the failed SELECT would skip the COMMIT and leave the
    /// aborted transaction open.
    /// The task returned ends when the calls have been told.
    pub(super) async fn commit_piped(&mut self) -> Option<JoinHandle<()>> {
        let begun = self.piped.take()?;
        let pipe = self
            .pipe
            .as_ref()
            .expect("a pipelined batch has its connection");
        metrics::histogram!("dialtone_call_batch_turns").record(self.done.len() as f64);
        let alive = pipe.send_simple("SELECT 1").await;
        let commit = pipe.send_simple("COMMIT").await;
        let waiters = std::mem::take(&mut self.done);
        Some(tokio::spawn(async move {
            let mut outcome = Ok(());
            for step in [begun, alive, commit] {
                let answer = step
                    .answer()
                    .await
                    .and_then(|r| r.map_err(|e| e.to_string()));
                // Every answer is read, so that the connection reads on.
                outcome = outcome.and(answer);
            }
            for waiter in waiters {
                let _ = waiter.send(outcome.clone());
            }
        }))
    }

    /// The pipelined connection, (re)connected when it is not open, with a batch
    /// open on it. A batch open on a connection that broke is over: its calls are told.
    pub(super) async fn begin_piped(&mut self, db: &Db) -> Result<(), sqlx::Error> {
        if self.pipe.as_ref().is_some_and(|p| p.is_closed()) {
            self.commit().await;
            self.pipe = None;
        }
        if self.pipe.is_none() {
            let pipe = Pipe::connect(db.url()).await;
            self.pipe = Some(pipe.map_err(|e| sqlx::Error::Protocol(e.to_string()))?);
        }
        if self.piped.is_none() {
            let pipe = self.pipe.as_ref().expect("connected");
            self.piped = Some(pipe.send_simple(BEGIN_LOCKED).await);
        }
        Ok(())
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
