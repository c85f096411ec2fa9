//! The turn of a call that read before it (`Batcher::reads_ahead`) and has one write
//! to make, re-checked by the write itself. On PostgreSQL, in a pipelined batch
//! (`pipe`), the turn only sends that write: the call waits for its answer after the
//! next call has had its turn. Everywhere else it is a turn as `begin_call` gives it.

use super::open::Open;
use super::pipe::Answer;
use super::{held, Batcher, CallTx, Inner, Turn, MAX_BATCH};
use crate::db::{Backend, Db};
use crate::voice::repo::bind::PgArgs;
use futures::future::BoxFuture;
use std::sync::atomic::Ordering;
use tokio::sync::oneshot;

pub enum AheadTurn {
    /// PostgreSQL: the write goes down the pipelined connection (`Piped::write`).
    Piped(Piped),
    /// SQLite, batching or pipelining off, or a batch of sqlx's open (a call that had
    /// to read in its turn opened it): a turn, which the call keeps if its write
    /// finds its read stale, to read again in it.
    Tx(CallTx),
}

/// A turn in a pipelined batch.
pub struct Piped {
    turn: Turn,
}

impl Batcher {
    /// The turn of a call that read ahead (see the module's doc).
    pub async fn begin_ahead(&self, db: &Db) -> Result<AheadTurn, sqlx::Error> {
        if !(self.0.enabled && self.0.pipelined && db.backend == Backend::Postgres) {
            return Ok(AheadTurn::Tx(self.begin_call(db).await?));
        }
        let mut turn = self.wait_turn().await;
        let open = turn.guard.as_mut().expect("held");
        if open.tx.is_some() {
            return Ok(AheadTurn::Tx(CallTx {
                inner: Inner::Batched(turn),
                backend: db.backend,
            }));
        }
        open.begin_piped(db).await?;
        Ok(AheadTurn::Piped(Piped { turn }))
    }
}

impl Batcher {
    /// Sends the pipelined batch's COMMIT. A COMMIT waits for its flush to disk, and
    /// the writes sent behind it wait with it: so while one is on its way, a call
    /// that finds nobody behind it leaves its batch open, and the batch is committed
    /// when that COMMIT is answered (unless a call came and did it meanwhile).
    /// (Boxed: it spawns itself.)
    fn commit_piped<'a>(&'a self, open: &'a mut Open) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let Some(told) = open.commit_piped().await else {
                return;
            };
            self.0.flushing.fetch_add(1, Ordering::SeqCst);
            let batcher = self.clone();
            tokio::spawn(async move {
                let _ = told.await;
                batcher.0.flushing.fetch_sub(1, Ordering::SeqCst);
                if batcher.0.queued.load(Ordering::SeqCst) == 0 {
                    let mut open = batcher.0.open.lock().await;
                    // Calls that queued meanwhile commit it themselves.
                    if batcher.0.queued.load(Ordering::SeqCst) == 0 {
                        batcher.commit_piped(&mut open).await;
                    }
                }
            });
        })
    }
}

impl Piped {
    /// Sends the call's write (`sql`, one statement) and ends the turn. Then the rows
    /// it changed, once answered; when it changed some, only once the batch holding
    /// it is committed, and an error if that batch is not: a statement of the batch
    /// failed, which undid all of it.
    pub async fn write(self, sql: &'static str, args: PgArgs) -> Result<u64, sqlx::Error> {
        match self.send(sql, args, false).await? {
            Answer::Changed(n) => Ok(n),
            Answer::Rows(_) => unreachable!("asked for the count"),
        }
    }

    /// `write` for a statement that returns rows (it writes whatever it returns):
    /// they are returned once the batch holding them is committed.
    pub async fn write_returning(
        self,
        sql: &'static str,
        args: PgArgs,
    ) -> Result<Vec<tokio_postgres::Row>, sqlx::Error> {
        match self.send(sql, args, true).await? {
            Answer::Rows(rows) => Ok(rows),
            Answer::Changed(_) => unreachable!("asked for the rows"),
        }
    }

    async fn send(
        mut self,
        sql: &'static str,
        args: PgArgs,
        rows: bool,
    ) -> Result<Answer, sqlx::Error> {
        let mut open = self.turn.guard.take().expect("held");
        let pipe = open
            .pipe
            .as_mut()
            .expect("a pipelined batch has its connection");
        let sent = match pipe.send(sql, args, rows).await {
            Ok(sent) => sent,
            Err(e) => {
                // Not sent: the turn ends as a refused call's does (`Turn`'s drop).
                self.turn.guard = Some(open);
                return Err(failed(e.to_string()));
            }
        };
        let (told, committed) = oneshot::channel();
        open.done.push(told);
        let batcher = &self.turn.batcher;
        let full = open.done.len() >= MAX_BATCH;
        let idle = batcher.0.queued.load(Ordering::SeqCst) == 0
            && batcher.0.flushing.load(Ordering::SeqCst) == 0;
        if full || idle {
            batcher.commit_piped(&mut open).await;
        }
        held(self.turn.since);
        drop(open);
        let answer = sent.answer().await.map_err(failed)?;
        let answer = answer.map_err(|e| failed(e.to_string()))?;
        if matches!(answer, Answer::Changed(0)) {
            // Nothing written: whether the batch commits does not matter to this call.
            return Ok(answer);
        }
        match committed.await {
            Ok(Ok(())) => Ok(answer),
            Ok(Err(why)) => Err(failed(format!("group commit failed: {why}"))),
            Err(_) => Err(failed("group commit abandoned".into())),
        }
    }
}

fn failed(why: String) -> sqlx::Error {
    sqlx::Error::Protocol(why)
}
