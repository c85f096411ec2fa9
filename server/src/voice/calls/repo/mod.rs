//! The calls table (with call_daily, its per-day totals, call_totals, the lists' totals,
//! and call_recordings); the lists' queries in `list`.

mod list;
pub use list::{chunk, page, totals, Cursor, Filter};

use crate::db::{Backend, Db};
use crate::voice::batch::{AheadTurn, Batcher};
use crate::voice::repo::bind::{Bind, PgArgs};
use futures::TryStreamExt;
use sqlx::{Executor, Row};

/// What a recorded call was charged: billable seconds, package seconds, cost, status.
#[derive(sqlx::FromRow)]
pub struct Rated {
    pub billable_seconds: i64,
    pub package_seconds: i64,
    pub cost_micros: i64,
    pub status: String,
}

statements! {
    /// How the call `call_id` was rated, if its record exists.
    pub fn find_rated(call_id: &str) -> optional(Rated) =
        "SELECT billable_seconds, package_seconds, cost_micros, status FROM calls WHERE call_id = $1";
}

pub struct NewCall<'a> {
    pub call_id: &'a str,
    pub user_id: i64,
    pub number_id: Option<i64>,
    pub direction: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    pub country_id: Option<i64>,
    pub started_at: i64,
    pub answered_at: Option<i64>,
    pub ended_at: i64,
    pub duration_seconds: i64,
    pub billable_seconds: i64,
    pub package_seconds: i64,
    pub cost_micros: i64,
    pub status: &'a str,
    pub recording: bool,
    pub created_at: i64,
    pub shortfall_micros: i64,
}

statements! {
    /// Records a call; a call_id recorded before is a unique violation.
    pub fn insert(c: NewCall<'_>) -> run() =
        "INSERT INTO calls (call_id, user_id, number_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
         duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at, shortfall_micros, sid) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
        (c.call_id, c.user_id, c.number_id, c.direction, c.from, c.to, c.country_id, c.started_at, c.answered_at, c.ended_at, c.duration_seconds, c.billable_seconds, c.package_seconds, c.cost_micros, c.status, c.recording as i64, c.created_at, c.shortfall_micros, crate::webhooks::call_sid(c.call_id));

    /// Adds a call to its day's totals for the country (0: none), for analytics.
    pub fn add_to_day(
        day: i64,
        country_id: i64,
        answered: bool,
        seconds: i64,
        cost_micros: i64,
    ) -> run() =
        "INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros) VALUES ($1, $2, 1, $3, $4, $5) \
         ON CONFLICT (day, country_id) DO UPDATE SET calls = call_daily.calls + 1, answered = call_daily.answered + excluded.answered, \
         seconds = call_daily.seconds + excluded.seconds, cost_micros = call_daily.cost_micros + excluded.cost_micros",
        (day, country_id, i64::from(answered), seconds, cost_micros);

    /// Adds a call to its customer's totals by direction and status (what the call lists
    /// show without counting rows).
    pub fn add_to_totals(
        user_id: i64,
        direction: &str,
        status: &str,
        seconds: i64,
        cost_micros: i64,
    ) -> run() =
        "INSERT INTO call_totals (user_id, direction, status, calls, seconds, cost_micros) VALUES ($1, $2, $3, 1, $4, $5) \
         ON CONFLICT (user_id, direction, status) DO UPDATE SET calls = call_totals.calls + 1, \
         seconds = call_totals.seconds + excluded.seconds, cost_micros = call_totals.cost_micros + excluded.cost_micros";
}

/// A call whose cost could not all be collected.
#[derive(sqlx::FromRow)]
pub struct Uncollected {
    pub created_at: i64,
    pub direction: String,
    #[sqlx(rename = "from_number")]
    pub from: String,
    #[sqlx(rename = "to_number")]
    pub to: String,
    pub shortfall_micros: i64,
}

statements! {
    /// A user's calls with a shortfall, oldest first (at most 10000).
    pub fn uncollected(user_id: i64) -> all(Uncollected) =
        "SELECT created_at, direction, from_number, to_number, shortfall_micros FROM calls \
         WHERE user_id = $1 AND shortfall_micros > 0 ORDER BY id LIMIT 10000";

    /// Registers the recording of `call_id` (a second upload keeps its id) and returns
    /// its id.
    /// The id a call's recording is stored under, if it has one.
    pub fn recording_id(call_id: &str) -> scalar_optional(String) =
        "SELECT id FROM call_recordings WHERE call_id = $1";
}

/// The recording's upsert and the call's mark, by backend (`store_recording`).
macro_rules! upsert {
    () => {
        "INSERT INTO call_recordings (id, call_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (call_id) DO UPDATE SET created_at = excluded.created_at RETURNING id"
    };
}
macro_rules! mark {
    () => {
        "UPDATE calls SET recording = 1 WHERE call_id = $2"
    };
}
const STORE_SQLITE: &str = concat!(upsert!(), "; ", mark!());
const STORE_POSTGRES: &str = concat!(
    "WITH r AS (",
    upsert!(),
    "), m AS (",
    mark!(),
    ") SELECT id FROM r"
);

/// Records that call `call_id` has its recording under `id` (or keeps the id it has:
/// a second upload replaces the audio under the same id) and marks the call recorded,
/// in one round trip, in a turn of the call path: on PostgreSQL pipelined
/// (`Batcher::begin_ahead`). The id the recording is under, once committed.
pub async fn store_recording_in_turn(
    batcher: &Batcher,
    db: &Db,
    id: &str,
    call_id: &str,
    now: i64,
) -> sqlx::Result<String> {
    match batcher.begin_ahead(db).await? {
        AheadTurn::Piped(turn) => {
            let mut args = PgArgs::default();
            let bound = (args.text(id), args.text(call_id), args.int(now));
            bound
                .0
                .and(bound.1)
                .and(bound.2)
                .map_err(sqlx::Error::Encode)?;
            let rows = turn.write_returning(STORE_POSTGRES, args).await?;
            let row = rows.first().ok_or(sqlx::Error::RowNotFound)?;
            row.try_get(0).map_err(|e| sqlx::Error::Decode(e.into()))
        }
        AheadTurn::Tx(mut tx) => {
            let stored = store_recording(&mut tx, db.backend, id, call_id, now).await?;
            tx.commit().await?;
            Ok(stored)
        }
    }
}

async fn store_recording(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    id: &str,
    call_id: &str,
    now: i64,
) -> sqlx::Result<String> {
    let sql = match backend {
        Backend::Sqlite => STORE_SQLITE,
        Backend::Postgres => STORE_POSTGRES,
    };
    let query = sqlx::query(sql).bind(id).bind(call_id).bind(now);
    let mut rows = conn.fetch_many(query);
    let mut stored = None;
    while let Some(step) = rows.try_next().await? {
        if let sqlx::Either::Right(row) = step {
            stored = Some(row.try_get::<String, _>(0)?);
        }
    }
    stored.ok_or(sqlx::Error::RowNotFound)
}

statements! {
    /// The call `id`: its call_id, owner, recording flag and stored recording's id.
    pub fn find_recording(id: i64) -> optional((String, i64, i64, Option<String>)) =
        "SELECT k.call_id, k.user_id, k.recording, r.id FROM calls k \
         LEFT JOIN call_recordings r ON r.call_id = k.call_id WHERE k.id = $1";
}
