//! The contact_messages table.

use crate::db::now_ms;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

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

fn from_row(r: &AnyRow) -> Result<ContactMessage, sqlx::Error> {
    Ok(ContactMessage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        subject: r.try_get("subject")?,
        message: r.try_get("message")?,
        created_at: r.try_get("created_at")?,
        handled_at: r.try_get("handled_at")?,
    })
}

/// Stores a message (fields already trimmed); returns its id.
pub async fn insert<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    name: &str,
    email: &str,
    subject: &str,
    message: &str,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(name)
    .bind(email)
    .bind(subject)
    .bind(message)
    .bind(now_ms())
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

pub async fn count<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    status: Status,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM contact_messages WHERE {}",
        status.condition()
    ))
    .fetch_one(ex)
    .await
}

/// One page of messages, newest first.
pub async fn page<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    status: Status,
    limit: i64,
    offset: i64,
) -> Result<Vec<ContactMessage>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM contact_messages WHERE {} ORDER BY id DESC LIMIT $1 OFFSET $2",
        status.condition()
    ))
    .bind(limit)
    .bind(offset)
    .fetch_all(ex)
    .await?
    .iter()
    .map(from_row)
    .collect()
}

/// Marks an open message handled; None when it is already handled or absent.
pub async fn mark_handled<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
    by: i64,
) -> Result<Option<ContactMessage>, sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE contact_messages SET handled_at = $1, handled_by = $2 WHERE id = $3 AND handled_at IS NULL \
         RETURNING {COLUMNS}"
    ))
    .bind(now_ms())
    .bind(by)
    .bind(id)
    .fetch_optional(ex)
    .await?
    .as_ref()
    .map(from_row)
    .transpose()
}

pub async fn exists<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM contact_messages WHERE id = $1")
        .bind(id)
        .fetch_optional(ex)
        .await?;
    Ok(found.is_some())
}
