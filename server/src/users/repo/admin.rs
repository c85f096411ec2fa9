//! The users table as administrators and reports see it: the list, roles and
//! statuses, counts.

use super::{User, COLUMNS};
use crate::db::list::List;
use crate::db::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::{AnyPool, FromRow};

/// The admin list's filter: text (already a LIKE pattern), status and role, empty
/// for any.
pub struct Search<'a> {
    pub pattern: &'a str,
    pub status: &'a str,
    pub role: &'a str,
}

const SEARCH: &str = "(LOWER(name) LIKE $1 ESCAPE '\\' OR email_lower LIKE $1 ESCAPE '\\' OR COALESCE(phone, '') LIKE $1 ESCAPE '\\') \
    AND ($2 = '' OR status = $2) AND ($3 = '' OR role = $3)";

/// One page of matching users, newest first.
pub async fn page_matching(
    pool: &AnyPool,
    s: &Search<'_>,
    q: PageQuery,
) -> sqlx::Result<Page<User>> {
    let list = List {
        from: &format!("FROM users WHERE {SEARCH}"),
        columns: COLUMNS,
        order: "id DESC",
    };
    let (pattern, status, role) = (
        s.pattern.to_string(),
        s.status.to_string(),
        s.role.to_string(),
    );
    list.page(
        pool,
        |x| {
            x.bind(pattern.clone())
                .bind(status.clone())
                .bind(role.clone())
        },
        q,
        |r| User::from_row(r),
    )
    .await
}

/// The administrators' ids; `lock` (PostgreSQL) locks their rows for the
/// transaction, so two demotions cannot both pass the last-administrator check.
pub async fn admin_ids<'e>(ex: impl Exec<'e>, lock: bool) -> sqlx::Result<Vec<i64>> {
    let lock = if lock { " FOR UPDATE" } else { "" };
    sqlx::query_scalar(&format!("SELECT id FROM users WHERE role = 'admin'{lock}"))
        .fetch_all(ex)
        .await
}

statements! {
    /// Changes the role; the user's access tokens end (they carry the role).
    pub fn set_role(id: i64, role: &str) -> run() =
        "UPDATE users SET role = $1, session_version = session_version + 1 WHERE id = $2",
        (role, id);

    /// Sets `active` or `suspended`; `end_sessions` also moves the session version.
    pub fn set_status(id: i64, status: &str, end_sessions: bool) -> run() =
        "UPDATE users SET status = $1, session_version = session_version + $2 WHERE id = $3",
        (status, i64::from(end_sessions), id);
}

// Reports.

statements! {
    pub fn count_all() -> scalar_one(i64) =
        "SELECT COUNT(*) FROM users";

    /// The newest users: (id, name, email, status, created_at).
    pub fn newest(limit: i64) -> all((i64, String, String, String, i64)) =
        "SELECT id, name, email, status, created_at FROM users ORDER BY id DESC LIMIT $1";

    /// Sign-ups per UTC day (days since the epoch) in `[from_ms, to_ms)`.
    pub fn signups_by_day(from_ms: i64, to_ms: i64) -> all((i64, i64)) =
        "SELECT created_at / 86400000, COUNT(*) FROM users WHERE created_at >= $1 AND created_at < $2 GROUP BY created_at / 86400000";
}
