//! The contact_messages table.

use crate::db::list::List;
use crate::db::now_ms;
use crate::db::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::{AnyPool, FromRow};

#[derive(sqlx::FromRow)]
pub struct ContactMessage {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
    pub handled_at: Option<i64>,
    #[sqlx(try_from = "crate::db::Flag")]
    pub priority: bool,
}

const COLUMNS: &str = "id, name, email, subject, message, created_at, handled_at, priority";

/// A message as the form sent it (fields already trimmed).
pub struct NewMessage<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
    /// Sent by a customer whose plan in force has priority support.
    pub priority: bool,
}

statements! {
    /// Whether the account `user_id` holds a plan in force with priority support.
    pub fn has_priority_support(user_id: i64, now: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM user_packages up JOIN packages p ON p.id = up.package_id \
         WHERE up.user_id = $1 AND up.status <> 'expired' AND up.expires_at > $2 AND p.support = 'priority'";
}

/// Stores a message; returns its id.
pub async fn insert<'e>(ex: impl Exec<'e>, m: NewMessage<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO contact_messages (name, email, subject, message, created_at, priority) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(m.name)
    .bind(m.email)
    .bind(m.subject)
    .bind(m.message)
    .bind(now_ms())
    .bind(i64::from(m.priority))
    .fetch_one(ex)
    .await
}

/// Which messages the inbox shows.
#[derive(Clone, Copy)]
pub enum Status {
    Open,
    Handled,
    All,
}

impl Status {
    fn condition(self) -> &'static str {
        match self {
            Status::Open => "handled_at IS NULL",
            Status::Handled => "handled_at IS NOT NULL",
            Status::All => "1 = 1",
        }
    }
}

/// One page of messages: priority support first, then newest first.
pub async fn page(
    pool: &AnyPool,
    status: Status,
    q: PageQuery,
) -> sqlx::Result<Page<ContactMessage>> {
    let list = List {
        from: &format!("FROM contact_messages WHERE {}", status.condition()),
        columns: COLUMNS,
        order: "priority DESC, id DESC",
    };
    list.page(pool, |x| x, q, |r| ContactMessage::from_row(r))
        .await
}

statements! {
    /// Marks an open message handled; None when it is already handled or absent.
    pub fn mark_handled(id: i64, by: i64) -> optional(ContactMessage) =
        &format!(
            "UPDATE contact_messages SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL \
             RETURNING {COLUMNS}"
        ), (now_ms(), by, id);
}

pub async fn exists<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM contact_messages WHERE id = $1")
        .bind(id)
        .fetch_optional(ex)
        .await?;
    Ok(found.is_some())
}
