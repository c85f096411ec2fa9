//! The audit_log table.

use super::Entry;
use crate::db::list::List;
use crate::db::now_ms;
use crate::db::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::{AnyPool, FromRow};

pub async fn insert<'e>(ex: impl Exec<'e>, e: Entry<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO audit_log (actor_id, action, target_type, target_id, before_json, after_json, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(e.actor_id)
    .bind(e.action)
    .bind(e.target_type)
    .bind(e.target_id)
    .bind(e.before.map(|v| v.to_string()))
    .bind(e.after.map(|v| v.to_string()))
    .bind(now_ms())
    .execute(ex)
    .await?;
    Ok(())
}

/// The list's filter: text (a LIKE pattern on the actor and target), an action
/// prefix (a LIKE pattern), and the time range `[from, to)`.
pub struct Search<'a> {
    pub pattern: &'a str,
    pub action: &'a str,
    pub from: i64,
    pub to: i64,
}

/// One audit entry with its actor's name and email (absent when the actor is gone).
#[derive(sqlx::FromRow)]
pub struct AuditRow {
    pub id: i64,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub before_json: Option<String>,
    pub after_json: Option<String>,
    pub created_at: i64,
    pub actor_id: Option<i64>,
    #[sqlx(rename = "name")]
    pub actor_name: Option<String>,
    #[sqlx(rename = "email")]
    pub actor_email: Option<String>,
    #[sqlx(rename = "role")]
    pub actor_role: Option<String>,
}

// The actor's name and email come from users: a display join, read-only.
const FROM: &str = "FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id";
const COND: &str = "(LOWER(COALESCE(u.name, '')) LIKE $1 ESCAPE '\\' OR COALESCE(u.email_lower, '') LIKE $1 ESCAPE '\\' \
    OR LOWER(a.target_id) LIKE $1 ESCAPE '\\') AND a.action LIKE $2 ESCAPE '\\' AND a.created_at >= $3 AND a.created_at < $4";

/// One page of matching entries, newest first.
pub async fn page_matching(
    pool: &AnyPool,
    s: &Search<'_>,
    q: PageQuery,
) -> sqlx::Result<Page<AuditRow>> {
    let list = List {
        from: &format!("{FROM} WHERE {COND}"),
        columns: "a.id, a.action, a.target_type, a.target_id, a.before_json, a.after_json, a.created_at, a.actor_id, u.name, u.email, u.role",
        order: "a.id DESC",
    };
    let (pattern, action) = (s.pattern.to_string(), s.action.to_string());
    list.page(
        pool,
        |x| {
            x.bind(pattern.clone())
                .bind(action.clone())
                .bind(s.from)
                .bind(s.to)
        },
        q,
        |r| AuditRow::from_row(r),
    )
    .await
}

/// The tables whose rows the log names its targets by: (target type, the statement
/// naming rows by id; `{ids}` is the list of placeholders).
const SUBJECTS: [(&str, &str); 5] = [
    (
        "user",
        "SELECT id, name || ' <' || email || '>' FROM users WHERE id IN ({ids})",
    ),
    (
        "phone_number",
        "SELECT id, number FROM phone_numbers WHERE id IN ({ids})",
    ),
    (
        "country",
        "SELECT id, name FROM countries WHERE id IN ({ids})",
    ),
    (
        "package",
        "SELECT id, name FROM packages WHERE id IN ({ids})",
    ),
    (
        "rate_deck",
        "SELECT id, name FROM rate_decks WHERE id IN ({ids})",
    ),
];

/// The names of a page's targets that still exist, by (target type, id): one query per
/// type of target on the page.
pub async fn subject_names(
    pool: &AnyPool,
    targets: &[(&str, i64)],
) -> sqlx::Result<std::collections::HashMap<(String, i64), String>> {
    let mut names = std::collections::HashMap::new();
    for (kind, sql) in SUBJECTS {
        let ids: Vec<i64> = targets
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, id)| *id)
            .collect();
        if ids.is_empty() {
            continue;
        }
        let placeholders: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
        let sql = sql.replace("{ids}", &placeholders.join(", "));
        let mut query = sqlx::query_as::<_, (i64, String)>(&sql);
        for id in &ids {
            query = query.bind(*id);
        }
        for (id, name) in query.fetch_all(pool).await? {
            names.insert((kind.to_string(), id), name);
        }
    }
    Ok(names)
}
