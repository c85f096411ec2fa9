//! The call lists' statements: a page newest first (by page number for the first
//! pages, by keyset cursor for any depth), export chunks by id, and the totals of the
//! filtered set, read from call_totals unless a free-text search needs the rows.
//! Each statement names only the conditions its filter uses, so the planner reads
//! the newest calls straight off (started_at, id) or (user_id, started_at, id).

use crate::db::iso;
use crate::db::list::{bind_all, AnyQuery, Value};
use crate::db::Exec;
use crate::json::Money;
use crate::voice::calls::{mmss, CallItem};
use sqlx::any::AnyRow;
use sqlx::Row;

const LIST_FROM: &str = "FROM calls k JOIN users u ON u.id = k.user_id";

const LIST_COLUMNS: &str =
    "k.id, k.call_id, k.direction, k.from_number, k.to_number, k.duration_seconds, k.cost_micros, \
    k.started_at, k.status, k.recording, u.name AS user_name, u.email AS user_email, p.path AS ivr_path";

/// The steps an IVR-answered call took, by its SID: one primary-key probe per listed row.
const IVR_PATH_JOIN: &str = "LEFT JOIN ivr_call_paths p ON p.call_sid = k.sid";

/// Which calls a list shows: one customer's (`user`) or everyone's (None, admin),
/// matching a LIKE `pattern` and, when not empty, a direction and a status.
pub struct Filter<'a> {
    pub user: Option<i64>,
    pub pattern: &'a str,
    pub direction: &'a str,
    pub status: &'a str,
}

/// Where a keyset page starts: the calls strictly older than this one (by start,
/// then id). Written `<started_at ms>.<id>` in the API.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    pub started_at: i64,
    pub id: i64,
}

impl Cursor {
    pub fn parse(text: &str) -> Option<Cursor> {
        let (started_at, id) = text.split_once('.')?;
        Some(Cursor {
            started_at: started_at.parse().ok()?,
            id: id.parse().ok()?,
        })
    }

    pub fn after(item: &CallItem, started_at: i64) -> String {
        format!("{started_at}.{}", item.id)
    }
}

/// A WHERE clause built from the conditions that apply, `$?` in each condition
/// standing for its value's placeholder (the same value may appear more than once).
#[derive(Default)]
struct Clause<'a> {
    parts: Vec<String>,
    binds: Vec<Value<'a>>,
}

impl<'a> Clause<'a> {
    fn and(&mut self, condition: &str, value: Value<'a>) {
        self.binds.push(value);
        let n = format!("${}", self.binds.len());
        self.parts.push(condition.replace("$?", &n));
    }

    /// Calls older than the cursor's, as a row value: a range both backends read off
    /// the (…, started_at, id) indexes.
    fn and_before(&mut self, cursor: Cursor) {
        self.binds.push(Value::Int(cursor.started_at));
        self.binds.push(Value::Int(cursor.id));
        let n = self.binds.len();
        self.parts
            .push(format!("(k.started_at, k.id) < (${}, ${n})", n - 1));
    }

    fn sql(&self) -> String {
        if self.parts.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", self.parts.join(" AND "))
        }
    }

    /// The placeholder after the clause's last.
    fn next(&self, k: usize) -> String {
        format!("${}", self.binds.len() + k)
    }

    fn bind<'q>(&self, q: AnyQuery<'q>) -> AnyQuery<'q>
    where
        'a: 'q,
    {
        bind_all(q, &self.binds)
    }
}

impl<'a> Filter<'a> {
    /// Whether a free-text search narrows the set (`like_pattern` of nothing is `%%`).
    fn searching(&self) -> bool {
        self.pattern != "%%"
    }

    /// The conditions on calls `k` (and users `u`, for everyone's calls).
    fn on_calls(&self) -> Clause<'a> {
        let mut c = Clause::default();
        if let Some(user) = self.user {
            c.and("k.user_id = $?", Value::Int(user));
        }
        if self.searching() {
            let search = if self.user.is_some() {
                "(k.from_number LIKE $? ESCAPE '\\' OR k.to_number LIKE $? ESCAPE '\\')"
            } else {
                "(k.from_number LIKE $? ESCAPE '\\' OR k.to_number LIKE $? ESCAPE '\\' \
                 OR LOWER(u.name) LIKE $? ESCAPE '\\' OR u.email_lower LIKE $? ESCAPE '\\')"
            };
            c.and(search, Value::Text(self.pattern));
        }
        if !self.direction.is_empty() {
            c.and("k.direction = $?", Value::Text(self.direction));
        }
        if !self.status.is_empty() {
            c.and("k.status = $?", Value::Text(self.status));
        }
        c
    }

    /// The same filter on call_totals `t` (no search: those rows know no numbers).
    fn on_totals(&self) -> Clause<'a> {
        let mut c = Clause::default();
        if let Some(user) = self.user {
            c.and("t.user_id = $?", Value::Int(user));
        }
        if !self.direction.is_empty() {
            c.and("t.direction = $?", Value::Text(self.direction));
        }
        if !self.status.is_empty() {
            c.and("t.status = $?", Value::Text(self.status));
        }
        c
    }
}

fn item(r: &AnyRow, with_user: bool) -> sqlx::Result<(CallItem, i64)> {
    let direction: String = r.try_get("direction")?;
    let (from, to): (String, String) = (r.try_get("from_number")?, r.try_get("to_number")?);
    let seconds: i64 = r.try_get("duration_seconds")?;
    let started_at: i64 = r.try_get("started_at")?;
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
    let call = CallItem {
        id: r.try_get("id")?,
        call_id: r.try_get("call_id")?,
        number,
        direction,
        from,
        to,
        duration: mmss(seconds),
        duration_seconds: seconds,
        cost: Money::micros(r.try_get("cost_micros")?),
        date: iso(started_at),
        status: r.try_get("status")?,
        recording: r.try_get::<i64, _>("recording")? != 0,
        user,
        ivr_path: r.try_get("ivr_path")?,
    };
    Ok((call, started_at))
}

/// The filtered set's count, seconds and cost: a sum of at most six call_totals rows
/// per customer, or, when searching, over the matching calls themselves.
pub async fn totals<'e>(ex: impl Exec<'e>, f: &Filter<'_>) -> sqlx::Result<(i64, i64, i64)> {
    let (sql, clause) = if f.searching() {
        let c = f.on_calls();
        let sql = format!(
            "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(k.duration_seconds), 0) AS BIGINT) AS secs, \
             CAST(COALESCE(SUM(k.cost_micros), 0) AS BIGINT) AS cost {LIST_FROM} {}",
            c.sql()
        );
        (sql, c)
    } else {
        let c = f.on_totals();
        let sql = format!(
            "SELECT CAST(COALESCE(SUM(t.calls), 0) AS BIGINT) AS n, CAST(COALESCE(SUM(t.seconds), 0) AS BIGINT) AS secs, \
             CAST(COALESCE(SUM(t.cost_micros), 0) AS BIGINT) AS cost FROM call_totals t {}",
            c.sql()
        );
        (sql, c)
    };
    let r = clause.bind(sqlx::query(&sql)).fetch_one(ex).await?;
    Ok((r.try_get("n")?, r.try_get("secs")?, r.try_get("cost")?))
}

/// One page of the filtered set, newest first (each with its user for everyone's),
/// `offset` rows after `cursor` (or after the newest), with each call's started_at.
pub async fn page<'e>(
    ex: impl Exec<'e>,
    f: &Filter<'_>,
    cursor: Option<Cursor>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<(CallItem, i64)>> {
    let mut c = f.on_calls();
    if let Some(cursor) = cursor {
        c.and_before(cursor);
    }
    let order = format!(
        "k.started_at DESC, k.id DESC LIMIT {} OFFSET {}",
        c.next(1),
        c.next(2)
    );
    let q = select(&c, &order);
    let rows = c
        .bind(sqlx::query(&q))
        .bind(limit)
        .bind(offset)
        .fetch_all(ex)
        .await?;
    rows.iter().map(|r| item(r, f.user.is_none())).collect()
}

/// Up to 1000 of the filtered set with ids above `after`, by id (the CSV export's
/// chunks: each starts where the last ended, so a long export stays linear).
pub async fn chunk<'e>(
    ex: impl Exec<'e>,
    f: &Filter<'_>,
    after: i64,
) -> sqlx::Result<Vec<CallItem>> {
    let mut c = f.on_calls();
    c.and("k.id > $?", Value::Int(after));
    let q = select(&c, "k.id LIMIT 1000");
    let rows = c.bind(sqlx::query(&q)).fetch_all(ex).await?;
    rows.iter()
        .map(|r| item(r, f.user.is_none()).map(|(call, _)| call))
        .collect()
}

fn select(c: &Clause<'_>, order: &str) -> String {
    format!(
        "SELECT {LIST_COLUMNS} {LIST_FROM} {IVR_PATH_JOIN} {} ORDER BY {order}",
        c.sql()
    )
}
