//! The call path's pipelined connection to PostgreSQL. A turn of a batch was one
//! round trip: the chain of turns waited for each answer before the next call could
//! send its write, and the PostgreSQL backend sat idle for most of every turn. On
//! this connection (tokio-postgres, which pipelines; sqlx does not) a call whose
//! write was planned before its turn sends it and ends its turn at once; it waits
//! for the answer, and for the batch's COMMIT, after the next call has sent its own.
//! PostgreSQL still runs the statements one after another, in turn order, in the
//! batch's one transaction: only the waiting between them is gone.

use crate::voice::repo::bind::PgArgs;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::task::Poll;
use tokio::task::JoinHandle;
use tokio_postgres::{Client, Error, NoTls, Row, Statement};

/// How the connection names itself in `pg_stat_activity`.
pub const APPLICATION_NAME: &str = "dialtone-call-path";

/// What a statement answered: the rows it changed, or those it returned.
pub enum Answer {
    Changed(u64),
    Rows(Vec<Row>),
}

pub(super) struct Pipe {
    client: Arc<Client>,
    /// Each statement is prepared once per connection (keyed by its text's address:
    /// the call path's statements are static).
    prepared: HashMap<usize, Statement>,
}

/// A request on its way: sent (tokio-postgres sends a request when its future is
/// first polled, and runs requests in that order), its answer to come.
pub(super) enum Sent<T> {
    Answered(T),
    Waiting(JoinHandle<T>),
}

/// Polls `request` once, which sends it, and leaves the rest to a task of its own:
/// every request's answer must be read as it arrives, or the connection stops
/// reading the answers of the requests behind it.
pub(super) async fn send<F>(request: F) -> Sent<F::Output>
where
    F: Future + Send + 'static,
    F::Output: Send + 'static,
{
    let mut request = Box::pin(request);
    match futures::poll!(request.as_mut()) {
        Poll::Ready(answer) => Sent::Answered(answer),
        Poll::Pending => Sent::Waiting(tokio::spawn(request)),
    }
}

impl<T> Sent<T> {
    /// The answer; an error when the runtime stopped before it came.
    pub(super) async fn answer(self) -> Result<T, String> {
        match self {
            Sent::Answered(answer) => Ok(answer),
            Sent::Waiting(task) => match task.await {
                Ok(answer) => Ok(answer),
                Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
                Err(_) => Err("the call path stopped".into()),
            },
        }
    }
}

impl Pipe {
    pub(super) async fn connect(url: &str) -> Result<Pipe, Error> {
        let mut config: tokio_postgres::Config = url.parse()?;
        config.application_name(APPLICATION_NAME);
        let (client, connection) = config.connect(NoTls).await?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!(error = %e, "the call path's pipelined connection failed");
            }
        });
        Ok(Pipe {
            client: Arc::new(client),
            prepared: HashMap::new(),
        })
    }

    pub(super) fn is_closed(&self) -> bool {
        self.client.is_closed()
    }

    /// Sends `sql` by the simple query protocol (BEGIN, COMMIT).
    pub(super) async fn send_simple(&self, sql: &'static str) -> Sent<Result<(), Error>> {
        let client = self.client.clone();
        send(async move { client.batch_execute(sql).await }).await
    }

    /// Sends one statement with its arguments; its answer is the rows it changed (or
    /// selected), or with `rows` the rows it returned. Preparing it, the first time,
    /// is a round trip of its own.
    pub(super) async fn send(
        &mut self,
        sql: &'static str,
        args: PgArgs,
        rows: bool,
    ) -> Result<Sent<Result<Answer, Error>>, Error> {
        let key = sql.as_ptr() as usize;
        let statement = match self.prepared.get(&key) {
            Some(statement) => statement.clone(),
            None => {
                let statement = self.client.prepare_typed(sql, &args.types).await?;
                self.prepared.insert(key, statement.clone());
                statement
            }
        };
        let client = self.client.clone();
        Ok(send(async move {
            let values = args.refs();
            Ok(match rows {
                false => Answer::Changed(client.execute_raw(&statement, values).await?),
                true => Answer::Rows(client.query(&statement, &values).await?),
            })
        })
        .await)
    }
}
