//! The debugger_events table.

use crate::db::list::List;
use crate::db::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::{AnyPool, FromRow};

/// One exchange with a customer's server, as stored.
#[derive(FromRow, Debug, Clone)]
pub struct Event {
    pub id: i64,
    pub user_id: i64,
    pub source: String,
    pub level: String,
    pub code: Option<i64>,
    pub call_sid: Option<String>,
    pub method: String,
    pub url: String,
    pub request: String,
    pub status: Option<i64>,
    pub response: Option<String>,
    pub message: Option<String>,
    pub duration_ms: i64,
    pub created_at: i64,
}

impl Event {
    /// An error of a TwiML call that no exchange of its own shows (a Dial refused, a
    /// Play file not played): `url` names what it was about, if anything.
    pub fn call_error(owner: i64, call_sid: &str, code: u32, url: &str, message: String) -> Event {
        Event {
            id: 0,
            user_id: owner,
            source: "twiml".into(),
            level: "error".into(),
            code: Some(code.into()),
            call_sid: Some(call_sid.into()),
            method: if url.is_empty() { "" } else { "GET" }.into(),
            url: url.into(),
            request: String::new(),
            status: None,
            response: None,
            message: Some(message),
            duration_ms: 0,
            created_at: crate::db::now_ms(),
        }
    }
}

pub async fn insert<'e>(ex: impl Exec<'e>, e: &Event) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO debugger_events (user_id, source, level, code, call_sid, method, url, request, \
         status, response, message, duration_ms, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(e.user_id)
    .bind(&e.source)
    .bind(&e.level)
    .bind(e.code)
    .bind(&e.call_sid)
    .bind(&e.method)
    .bind(&e.url)
    .bind(&e.request)
    .bind(e.status)
    .bind(&e.response)
    .bind(&e.message)
    .bind(e.duration_ms)
    .bind(e.created_at)
    .execute(ex)
    .await?;
    Ok(())
}

const COLUMNS: &str = "id, user_id, source, level, code, call_sid, method, url, request, status, \
    response, message, duration_ms, created_at";

/// One page of `user`'s events, newest first; `source` and `level` match all when empty.
pub async fn page(
    pool: &AnyPool,
    user: i64,
    source: &str,
    level: &str,
    q: PageQuery,
) -> sqlx::Result<Page<Event>> {
    let list = List {
        from: "FROM debugger_events WHERE user_id = $1 AND ($2 = '' OR source = $2) \
               AND ($3 = '' OR level = $3)",
        columns: COLUMNS,
        order: "id DESC",
    };
    let (source, level) = (source.to_string(), level.to_string());
    list.page(
        pool,
        |x| x.bind(user).bind(source.clone()).bind(level.clone()),
        q,
        |r| Event::from_row(r),
    )
    .await
}

/// Forgets events older than `before`.
pub async fn purge(pool: &AnyPool, before: i64) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM debugger_events WHERE created_at < $1")
        .bind(before)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}
