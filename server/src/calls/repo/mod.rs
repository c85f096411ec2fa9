//! The calls table (with call_daily, its per-day totals, call_totals, the lists' totals,
//! and call_recordings); the lists' queries in `list`.

mod list;
pub use list::{chunk, page, totals, Cursor, Filter};

use crate::db::{Backend, Exec};
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

/// How the call `call_id` was rated, if its record exists.
pub async fn find_rated<'e>(ex: impl Exec<'e>, call_id: &str) -> sqlx::Result<Option<Rated>> {
    sqlx::query_as("SELECT billable_seconds, package_seconds, cost_micros, status FROM calls WHERE call_id = $1")
        .bind(call_id)
        .fetch_optional(ex)
        .await
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

/// Records a call; a call_id recorded before is a unique violation.
pub async fn insert<'e>(ex: impl Exec<'e>, c: NewCall<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO calls (call_id, user_id, number_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
         duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at, shortfall_micros, sid) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
    )
    .bind(c.call_id)
    .bind(c.user_id)
    .bind(c.number_id)
    .bind(c.direction)
    .bind(c.from)
    .bind(c.to)
    .bind(c.country_id)
    .bind(c.started_at)
    .bind(c.answered_at)
    .bind(c.ended_at)
    .bind(c.duration_seconds)
    .bind(c.billable_seconds)
    .bind(c.package_seconds)
    .bind(c.cost_micros)
    .bind(c.status)
    .bind(c.recording as i64)
    .bind(c.created_at)
    .bind(c.shortfall_micros)
    .bind(crate::twilio::call_sid(c.call_id))
    .execute(ex)
    .await?;
    Ok(())
}

/// Adds a call to its day's totals for the country (0: none), for analytics.
pub async fn add_to_day<'e>(
    ex: impl Exec<'e>,
    day: i64,
    country_id: i64,
    answered: bool,
    seconds: i64,
    cost_micros: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros) VALUES ($1, $2, 1, $3, $4, $5) \
         ON CONFLICT (day, country_id) DO UPDATE SET calls = call_daily.calls + 1, answered = call_daily.answered + excluded.answered, \
         seconds = call_daily.seconds + excluded.seconds, cost_micros = call_daily.cost_micros + excluded.cost_micros",
    )
    .bind(day)
    .bind(country_id)
    .bind(i64::from(answered))
    .bind(seconds)
    .bind(cost_micros)
    .execute(ex)
    .await?;
    Ok(())
}

/// Adds a call to its customer's totals by direction and status (what the call lists
/// show without counting rows).
pub async fn add_to_totals<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    direction: &str,
    status: &str,
    seconds: i64,
    cost_micros: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO call_totals (user_id, direction, status, calls, seconds, cost_micros) VALUES ($1, $2, $3, 1, $4, $5) \
         ON CONFLICT (user_id, direction, status) DO UPDATE SET calls = call_totals.calls + 1, \
         seconds = call_totals.seconds + excluded.seconds, cost_micros = call_totals.cost_micros + excluded.cost_micros",
    )
    .bind(user_id)
    .bind(direction)
    .bind(status)
    .bind(seconds)
    .bind(cost_micros)
    .execute(ex)
    .await?;
    Ok(())
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

/// A user's calls with a shortfall, oldest first (at most 10000).
pub async fn uncollected<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<Vec<Uncollected>> {
    sqlx::query_as(
        "SELECT created_at, direction, from_number, to_number, shortfall_micros FROM calls \
         WHERE user_id = $1 AND shortfall_micros > 0 ORDER BY id LIMIT 10000",
    )
    .bind(user_id)
    .fetch_all(ex)
    .await
}

/// Registers the recording of `call_id` (a second upload keeps its id) and returns
/// its id.
/// The id a call's recording is stored under, if it has one.
pub async fn recording_id<'e>(ex: impl Exec<'e>, call_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT id FROM call_recordings WHERE call_id = $1")
        .bind(call_id)
        .fetch_optional(ex)
        .await
}

/// Records that call `call_id` has its recording under `id` (or keeps the id it has:
/// a second upload replaces the audio under the same id) and marks the call recorded,
/// in one round trip. The id the recording is under.
pub async fn store_recording(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    id: &str,
    call_id: &str,
    now: i64,
) -> sqlx::Result<String> {
    const UPSERT: &str =
        "INSERT INTO call_recordings (id, call_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (call_id) DO UPDATE SET created_at = excluded.created_at RETURNING id";
    const MARK: &str = "UPDATE calls SET recording = 1 WHERE call_id = $2";
    let sql = match backend {
        Backend::Sqlite => format!("{UPSERT}; {MARK}"),
        Backend::Postgres => format!("WITH r AS ({UPSERT}), m AS ({MARK}) SELECT id FROM r"),
    };
    let query = sqlx::query(&sql).bind(id).bind(call_id).bind(now);
    let mut rows = conn.fetch_many(query);
    let mut stored = None;
    while let Some(step) = rows.try_next().await? {
        if let sqlx::Either::Right(row) = step {
            stored = Some(row.try_get::<String, _>(0)?);
        }
    }
    stored.ok_or(sqlx::Error::RowNotFound)
}

/// The call `id`: its call_id, owner, recording flag and stored recording's id.
pub async fn find_recording<'e>(
    ex: impl Exec<'e>,
    id: i64,
) -> sqlx::Result<Option<(String, i64, i64, Option<String>)>> {
    sqlx::query_as(
        "SELECT k.call_id, k.user_id, k.recording, r.id FROM calls k \
         LEFT JOIN call_recordings r ON r.call_id = k.call_id WHERE k.id = $1",
    )
    .bind(id)
    .fetch_optional(ex)
    .await
}
