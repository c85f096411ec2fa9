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
}

const COLUMNS: &str = "id, name, email, subject, message, created_at, handled_at";

statements! {
    /// Stores a message (fields already trimmed); returns its id.
    pub fn insert(name: &str, email: &str, subject: &str, message: &str) -> scalar_one(i64) =
        "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
        (name, email, subject, message, now_ms());
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

/// One page of messages, newest first.
pub async fn page(
    pool: &AnyPool,
    status: Status,
    q: PageQuery,
) -> sqlx::Result<Page<ContactMessage>> {
    let list = List {
        from: &format!("FROM contact_messages WHERE {}", status.condition()),
        columns: COLUMNS,
        order: "id DESC",
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
