//! The calls table (with call_daily, its per-day totals, and call_recordings).

use super::{mmss, CallItem};
use crate::db::iso;
use crate::db::list::AnyQuery;
use crate::db::Exec;
use crate::json::Money;
use sqlx::any::AnyRow;
use sqlx::Row;

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

/// A call whose cost could not all be collected.
pub struct Uncollected {
    pub created_at: i64,
    pub direction: String,
    pub from: String,
    pub to: String,
    pub shortfall_micros: i64,
}

/// A user's calls with a shortfall, oldest first (at most 10000).
pub async fn uncollected<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<Vec<Uncollected>> {
    sqlx::query(
        "SELECT created_at, direction, from_number, to_number, shortfall_micros FROM calls \
         WHERE user_id = $1 AND shortfall_micros > 0 ORDER BY id LIMIT 10000",
    )
    .bind(user_id)
    .fetch_all(ex)
    .await?
    .iter()
    .map(|r| {
        Ok(Uncollected {
            created_at: r.try_get("created_at")?,
            direction: r.try_get("direction")?,
            from: r.try_get("from_number")?,
            to: r.try_get("to_number")?,
            shortfall_micros: r.try_get("shortfall_micros")?,
        })
    })
    .collect()
}

/// Registers the recording of `call_id` (a second upload keeps its id) and returns
/// its id.
pub async fn upsert_recording<'e>(
    ex: impl Exec<'e>,
    new_id: &str,
    call_id: &str,
    now: i64,
) -> sqlx::Result<String> {
    sqlx::query_scalar(
        "INSERT INTO call_recordings (id, call_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (call_id) DO UPDATE SET created_at = excluded.created_at RETURNING id",
    )
    .bind(new_id)
    .bind(call_id)
    .bind(now)
    .fetch_one(ex)
    .await
}

pub async fn mark_recorded<'e>(ex: impl Exec<'e>, call_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE calls SET recording = 1 WHERE call_id = $1")
        .bind(call_id)
        .execute(ex)
        .await?;
    Ok(())
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

const LIST_FROM: &str = "FROM calls k JOIN users u ON u.id = k.user_id";

const LIST_COLUMNS: &str =
    "k.id, k.call_id, k.direction, k.from_number, k.to_number, k.duration_seconds, k.cost_micros, \
    k.started_at, k.status, k.recording, u.name AS user_name, u.email AS user_email";

/// Which calls a list shows: one customer's (`user`) or everyone's (None, admin),
/// matching a LIKE `pattern` and, when not empty, a direction and a status.
pub struct Filter<'a> {
    pub user: Option<i64>,
    pub pattern: &'a str,
    pub direction: &'a str,
    pub status: &'a str,
}

impl Filter<'_> {
    /// The WHERE clause and its binds: $1 user (0 = all), $2 search, $3 type, $4 status.
    fn condition(&self) -> &'static str {
        if self.user.is_some() {
            "k.user_id = $1 AND (k.from_number LIKE $2 ESCAPE '\\' OR k.to_number LIKE $2 ESCAPE '\\') \
             AND ($3 = '' OR k.direction = $3) AND ($4 = '' OR k.status = $4)"
        } else {
            "$1 = 0 AND (k.from_number LIKE $2 ESCAPE '\\' OR k.to_number LIKE $2 ESCAPE '\\' \
               OR LOWER(u.name) LIKE $2 ESCAPE '\\' OR u.email_lower LIKE $2 ESCAPE '\\') \
             AND ($3 = '' OR k.direction = $3) AND ($4 = '' OR k.status = $4)"
        }
    }

    fn bind<'q>(&self, q: AnyQuery<'q>) -> AnyQuery<'q> {
        q.bind(self.user.unwrap_or(0))
            .bind(self.pattern.to_string())
            .bind(self.direction.to_string())
            .bind(self.status.to_string())
    }
}

fn item(r: &AnyRow, with_user: bool) -> sqlx::Result<CallItem> {
    let direction: String = r.try_get("direction")?;
    let (from, to): (String, String) = (r.try_get("from_number")?, r.try_get("to_number")?);
    let seconds: i64 = r.try_get("duration_seconds")?;
    let number = if direction == "outbound" {
        to.clone()
    } else {
        from.clone()
    };
    let user = if with_user {
        Some(format!(
            "{} <{}>",
            r.try_get::<String, _>("user_name")?,
            r.try_get::<String, _>("user_email")?
        ))
    } else {
        None
    };
    Ok(CallItem {
        id: r.try_get("id")?,
        call_id: r.try_get("call_id")?,
        number,
        direction,
        from,
        to,
        duration: mmss(seconds),
        duration_seconds: seconds,
        cost: Money::micros(r.try_get("cost_micros")?),
        date: iso(r.try_get("started_at")?),
        status: r.try_get("status")?,
        recording: r.try_get::<i64, _>("recording")? != 0,
        user,
    })
}

/// The filtered set's count, seconds and cost.
pub async fn totals<'e>(ex: impl Exec<'e>, f: &Filter<'_>) -> sqlx::Result<(i64, i64, i64)> {
    let sql = format!(
        "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(k.duration_seconds), 0) AS BIGINT) AS secs, \
         CAST(COALESCE(SUM(k.cost_micros), 0) AS BIGINT) AS cost {LIST_FROM} WHERE {}",
        f.condition()
    );
    let r = f.bind(sqlx::query(&sql)).fetch_one(ex).await?;
    Ok((r.try_get("n")?, r.try_get("secs")?, r.try_get("cost")?))
}

/// One page of the filtered set, newest first (each with its user for everyone's).
pub async fn page<'e>(
    ex: impl Exec<'e>,
    f: &Filter<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<CallItem>> {
    let order = "k.started_at DESC, k.id DESC LIMIT $5 OFFSET $6";
    select(ex, f, order, &[limit, offset]).await
}

/// Up to 1000 of the filtered set from `offset`, by id (the CSV export's chunks).
pub async fn chunk<'e>(
    ex: impl Exec<'e>,
    f: &Filter<'_>,
    offset: i64,
) -> sqlx::Result<Vec<CallItem>> {
    select(ex, f, "k.id LIMIT 1000 OFFSET $5", &[offset]).await
}

/// The filtered set in `order` (with its LIMIT and OFFSET), whose values `rest`
/// follow the filter's four.
async fn select<'e>(
    ex: impl Exec<'e>,
    f: &Filter<'_>,
    order: &str,
    rest: &[i64],
) -> sqlx::Result<Vec<CallItem>> {
    let sql = format!(
        "SELECT {LIST_COLUMNS} {LIST_FROM} WHERE {} ORDER BY {order}",
        f.condition()
    );
    let q = f.bind(sqlx::query(&sql));
    rest.iter()
        .fold(q, |q, v| q.bind(*v))
        .fetch_all(ex)
        .await?
        .iter()
        .map(|r| item(r, f.user.is_none()))
        .collect()
}
