//! Group commit for the call path. On SQLite every authorize and CDR transaction
//! already waited its turn for the single write connection, and each paid a BEGIN
//! IMMEDIATE and a COMMIT that writes its pages to the WAL. On PostgreSQL each call
//! was a transaction of its own, and every one of them held its customer's balance
//! row, and the day's shared totals, locked until its COMMIT was flushed: the calls of
//! one customer, and every CDR, went one flush at a time.
//!
//! Here calls take turns in a transaction that stays open while more calls queue:
//! each call's statements are still all-or-nothing (a turn is one statement, or a
//! SAVEPOINT that a call that fails or refuses rolls back to), and no call is answered
//! before the COMMIT that holds it, so an answered call is durable exactly as before.
//! The COMMIT comes when nobody is queued or after `MAX_BATCH` calls.
//!
//! On PostgreSQL a batch first takes a transaction-scoped advisory lock
//! (`CALL_PATH_LOCK`), as does the job that releases expired reservations: batches of
//! several instances, each holding several customers' rows, would otherwise deadlock
//! one another. Instances take turns a batch at a time; within a batch nothing waits
//! on the network but the statements themselves.

use crate::db::{Backend, Db};
use futures::TryStreamExt;
use sqlx::any::AnyArguments;
use sqlx::pool::PoolConnection;

use sqlx::{query::Query, Any, AnyConnection, Either, Executor, Transaction};
use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use tokio::sync::{oneshot, Mutex, OwnedMutexGuard};

mod ahead;
mod open;
mod pipe;

pub use ahead::{AheadTurn, Piped};
pub use open::lock_call_path;
use open::Open;
pub use pipe::APPLICATION_NAME;

/// Calls committed together at most.
const MAX_BATCH: usize = 64;

#[derive(Clone)]
pub struct Batcher(Arc<Shared>);

struct Shared {
    /// DIALTONE_GROUP_COMMIT=0 turns batching off (one transaction per call, as on
    /// PostgreSQL), for comparison.
    enabled: bool,
    /// DIALTONE_READ_AHEAD=0 makes calls read in their turn, for comparison.
    read_ahead: bool,
    /// DIALTONE_PIPELINE=0 makes a PostgreSQL call wait for its write's answer in
    /// its turn (`ahead`), for comparison.
    pipelined: bool,
    open: Arc<Mutex<Open>>,
    /// Calls waiting for their turn: while there are some, the batch stays open.
    queued: AtomicUsize,
    /// COMMITs of pipelined batches on their way (`ahead`).
    flushing: AtomicUsize,
}

impl Default for Batcher {
    fn default() -> Self {
        Batcher(Arc::new(Shared {
            enabled: std::env::var("DIALTONE_GROUP_COMMIT").map_or(true, |v| v != "0"),
            read_ahead: std::env::var("DIALTONE_READ_AHEAD").map_or(true, |v| v != "0"),
            pipelined: std::env::var("DIALTONE_PIPELINE").map_or(true, |v| v != "0"),
            open: Arc::new(Mutex::new(Open::default())),
            queued: AtomicUsize::new(0),
            flushing: AtomicUsize::new(0),
        }))
    }
}

/// One call's transaction: a turn in the batch, or its own when batching is off.
pub struct CallTx {
    inner: Inner,
    backend: Backend,
}

enum Inner {
    Own(Transaction<'static, Any>),
    Batched(Turn),
    /// PostgreSQL, for a call that reads and then writes in one statement: no
    /// transaction, so the balance row is locked only while that statement commits.
    Plain(PoolConnection<Any>),
}

struct Turn {
    /// When the call took its turn: how long it held the call path is
    /// `dialtone_call_turn_seconds`.
    since: std::time::Instant,
    batcher: Batcher,
    guard: Option<OwnedMutexGuard<Open>>,
    /// The savepoint is open (not yet released or rolled back). A turn from
    /// `begin_call` has none until `several_writes`: its one write either all
    /// happens or fails the batch.
    open: bool,
}

/// Counts a call as queued until it has its turn (or gives up waiting).
struct Queued<'a>(&'a Batcher, bool);

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        if !self.1 {
            // Gave up while queued: whoever released last counted on it to commit.
            let left = self.0 .0.queued.fetch_sub(1, Ordering::SeqCst) - 1;
            if left == 0 {
                let open = self.0 .0.open.clone();
                tokio::spawn(async move { open.lock().await.commit().await });
            }
        }
    }
}

/// The thread the call path runs on when it takes turns in a batch. A turn
/// lasts from the call's read to its write; woken from sqlx's SQLite thread on a
/// shared runtime, its task queued behind every HTTP task in flight while the writer
/// and every call behind it waited. On a runtime of its own it runs at once.
fn lane() -> &'static tokio::runtime::Handle {
    static LANE: OnceLock<tokio::runtime::Handle> = OnceLock::new();
    LANE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("the call path's runtime starts");
        let handle = runtime.handle().clone();
        std::thread::Builder::new()
            .name("call-path".into())
            .spawn(move || runtime.block_on(std::future::pending::<()>()))
            .expect("the call path's thread starts");
        handle
    })
}

impl Batcher {
    /// Runs one call's work (authorize, CDR) on the call path's own thread when its
    /// writes are batched; as it is otherwise.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = T> + Send + 'static,
    ) -> T {
        if !self.0.enabled {
            return work.await;
        }
        match lane().spawn(work).await {
            Ok(done) => done,
            Err(e) => std::panic::resume_unwind(e.into_panic()),
        }
    }

    /// Whether a call reads before its turn (batched): the turn is then one round
    /// trip, its write, re-checked there against what the read could miss.
    pub fn reads_ahead(&self) -> bool {
        self.0.enabled && self.0.read_ahead
    }

    /// A call's write transaction (see the module's doc).
    pub async fn begin(&self, db: &Db) -> Result<CallTx, sqlx::Error> {
        if !self.0.enabled {
            return Ok(CallTx {
                inner: Inner::Own(db.begin_write().await?),
                backend: db.backend,
            });
        }
        let mut tx = self.turn(db).await?;
        tx.savepoint().await?;
        Ok(tx)
    }

    /// For the call path, which reads and then writes once (`CallTx::atomic`): a turn
    /// in the batch without a savepoint; when batching is off, on PostgreSQL a
    /// connection without a transaction. `several_writes` makes it what `begin` gives.
    pub async fn begin_call(&self, db: &Db) -> Result<CallTx, sqlx::Error> {
        let inner = match db.backend {
            _ if self.0.enabled => return self.turn(db).await,
            Backend::Postgres => Inner::Plain(db.pool.acquire().await?),
            Backend::Sqlite => Inner::Own(db.begin_write().await?),
        };
        Ok(CallTx {
            inner,
            backend: db.backend,
        })
    }

    /// Waits for this call's turn in the batch.
    async fn wait_turn(&self) -> Turn {
        self.0.queued.fetch_add(1, Ordering::SeqCst);
        let mut queued = Queued(self, false);
        let guard = self.0.open.clone().lock_owned().await;
        self.0.queued.fetch_sub(1, Ordering::SeqCst);
        queued.1 = true;
        Turn {
            since: std::time::Instant::now(),
            batcher: self.clone(),
            guard: Some(guard),
            open: false,
        }
    }

    /// Waits for this call's turn in the batch, opening the batch's transaction if it
    /// is the first. A pipelined batch (`ahead`) is committed first: this call reads
    /// and writes on sqlx, whose transaction takes the call path's lock, which waits
    /// for that COMMIT.
    async fn turn(&self, db: &Db) -> Result<CallTx, sqlx::Error> {
        let mut turn = self.wait_turn().await;
        let open = turn.guard.as_mut().expect("held");
        if open.piped.is_some() {
            open.commit().await;
        }
        if open.tx.is_none() {
            let tx = open::begin_batch(db).await?;
            open.postgres = db.backend == Backend::Postgres;
            open.tx = Some(tx);
        }
        Ok(CallTx {
            inner: Inner::Batched(turn),
            backend: db.backend,
        })
    }
}

impl CallTx {
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Whether this call writes in a batch (a turn), rather than on its own.
    pub fn batched(&self) -> bool {
        matches!(self.inner, Inner::Batched(_))
    }

    /// Opens this turn's savepoint (batched), so that what follows is undone alone if
    /// the call fails.
    async fn savepoint(&mut self) -> Result<(), sqlx::Error> {
        let Inner::Batched(turn) = &mut self.inner else {
            return Ok(());
        };
        if turn.open {
            return Ok(());
        }
        let open = turn.guard.as_mut().expect("held");
        let tx = open.tx.as_mut().expect("open while a turn runs");
        if let Err(e) = tx.execute("SAVEPOINT call").await {
            open.abandon("the batch could not open a savepoint");
            return Err(e);
        }
        turn.open = true;
        Ok(())
    }

    /// Before a call writes more than one `atomic` statement: a savepoint (batched) or
    /// a transaction (PostgreSQL unbatched; the connection it read on goes back to the
    /// pool first, so a call never holds two).
    pub async fn several_writes(&mut self, db: &Db) -> Result<(), sqlx::Error> {
        if matches!(self.inner, Inner::Plain(_)) {
            // Dropping the connection returns it before the transaction takes one.
            self.inner = Inner::Own(db.begin_write().await?);
        }
        self.savepoint().await
    }

    /// Runs a repository's `query` (on SQLite several statements, on PostgreSQL one) as one round trip
    /// and returns what each statement changed, in order. On a batched turn without a
    /// savepoint a failure abandons the batch: nothing of it is kept, and every call in
    /// it is told so (their switches ask again, and every call carries its key).
    pub async fn atomic<'q>(
        &mut self,
        query: Query<'q, Any, AnyArguments<'q>>,
    ) -> Result<Vec<u64>, sqlx::Error> {
        let counts: Result<Vec<u64>, sqlx::Error> = (&mut **self)
            .fetch_many(query)
            .try_filter_map(|step| async move {
                Ok(match step {
                    Either::Left(done) => Some(done.rows_affected()),
                    Either::Right(_) => None,
                })
            })
            .try_collect()
            .await;
        if counts.is_err() {
            self.poison("a call's write failed");
        }
        counts
    }

    /// A write without a savepoint went wrong: nothing of the batch may be kept.
    pub fn poison(&mut self, why: &str) {
        if let Inner::Batched(turn) = &mut self.inner {
            if !turn.open {
                if let Some(open) = turn.guard.as_mut() {
                    open.abandon(why);
                }
            }
        }
    }

    /// Keeps this call's writes; returns once they are committed.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        let mut turn = match self.inner {
            Inner::Own(tx) => return tx.commit().await,
            Inner::Plain(_) => return Ok(()),
            Inner::Batched(turn) => turn,
        };
        let mut guard = turn.guard.take().expect("held until commit");
        let Some(tx) = guard.tx.as_mut() else {
            return Err(sqlx::Error::Protocol("group commit abandoned".into()));
        };
        if turn.open {
            if let Err(e) = tx.execute("RELEASE SAVEPOINT call").await {
                guard.abandon("the batch could not release a savepoint");
                return Err(e);
            }
        }
        let (told, committed) = oneshot::channel();
        guard.done.push(told);
        let full = guard.done.len() >= MAX_BATCH;
        if full || turn.batcher.0.queued.load(Ordering::SeqCst) == 0 {
            guard.commit().await;
        }
        held(turn.since);
        drop(guard);
        match committed.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(why)) => Err(sqlx::Error::Protocol(format!("group commit failed: {why}"))),
            Err(_) => Err(sqlx::Error::Protocol("group commit abandoned".into())),
        }
    }
}

impl Drop for Turn {
    /// Not committed (an error, a refusal, a cancelled request): this call's writes
    /// roll back to its savepoint, and the batch commits if nobody is queued.
    fn drop(&mut self) {
        let Some(mut guard) = self.guard.take() else {
            return;
        };
        let (open, batcher, since) = (self.open, self.batcher.clone(), self.since);
        tokio::spawn(async move {
            if open {
                let tx = guard.tx.as_mut().expect("open while a turn runs");
                let undone = tx.execute("ROLLBACK TO SAVEPOINT call").await.is_ok()
                    && tx.execute("RELEASE SAVEPOINT call").await.is_ok();
                if !undone {
                    guard.abandon("the batch could not roll back a savepoint");
                    return;
                }
            }
            if batcher.0.queued.load(Ordering::SeqCst) == 0 {
                guard.commit().await;
            }
            held(since);
        });
    }
}

/// A turn ends: every call behind it waited this long, so the sum of these is the
/// time the call path's chain of turns was busy (a batch's BEGIN and COMMIT fall in
/// the turns that ran them).
fn held(since: std::time::Instant) {
    metrics::histogram!("dialtone_call_turn_seconds").record(since.elapsed().as_secs_f64());
}

impl Deref for CallTx {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match &self.inner {
            Inner::Own(tx) => tx,
            Inner::Plain(conn) => conn,
            Inner::Batched(turn) => turn
                .guard
                .as_ref()
                .and_then(|g| g.tx.as_deref())
                .expect("in a turn"),
        }
    }
}

impl DerefMut for CallTx {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match &mut self.inner {
            Inner::Own(tx) => tx,
            Inner::Plain(conn) => conn,
            Inner::Batched(turn) => turn
                .guard
                .as_mut()
                .and_then(|g| g.tx.as_deref_mut())
                .expect("in a turn"),
        }
    }
}
