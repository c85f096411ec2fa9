//! The users table.

use crate::db::{flag, iso, now_ms};
use crate::json::Money;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

#[derive(Debug, Clone)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub password_hash: String,
    pub role: String,
    pub status: String,
    pub balance_micros: i64,
    pub email_notifications: bool,
    pub sms_notifications: bool,
    pub session_version: i64,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
}

pub const COLUMNS: &str = "id, name, first_name, last_name, email, phone, password_hash, role, status, \
    balance_micros, email_notifications, sms_notifications, session_version, created_at, last_login_at";

impl User {
    pub fn from_row(row: &AnyRow) -> Result<User, sqlx::Error> {
        Ok(User {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            first_name: row.try_get("first_name")?,
            last_name: row.try_get("last_name")?,
            email: row.try_get("email")?,
            phone: row.try_get("phone")?,
            password_hash: row.try_get("password_hash")?,
            role: row.try_get("role")?,
            status: row.try_get("status")?,
            balance_micros: row.try_get("balance_micros")?,
            email_notifications: flag(row, "email_notifications")?,
            sms_notifications: flag(row, "sms_notifications")?,
            session_version: row.try_get("session_version")?,
            created_at: row.try_get("created_at")?,
            last_login_at: row.try_get("last_login_at")?,
        })
    }

    pub fn is_admin(&self) -> bool {
        self.role == "admin"
    }

    pub fn view(&self) -> UserView {
        UserView {
            id: self.id,
            name: self.name.clone(),
            first_name: self.first_name.clone(),
            last_name: self.last_name.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
            balance: Money::micros(self.balance_micros),
            role: self.role.clone(),
            status: self.status.clone(),
            email_notifications: self.email_notifications,
            sms_notifications: self.sms_notifications,
            created_at: iso(self.created_at),
            last_login_at: self.last_login_at.map(iso),
        }
    }
}

/// The user as the API shows it: never the hash. `balance` is a JSON number.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i64,
    pub name: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: Option<String>,
    pub balance: Money,
    /// `client` or `admin`.
    pub role: String,
    pub status: String,
    pub email_notifications: bool,
    pub sms_notifications: bool,
    pub created_at: String,
    pub last_login_at: Option<String>,
}

pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Splits a full name into the settings form's first and last name.
pub fn split_name(name: &str) -> (String, String) {
    let name = name.trim();
    match name.split_once(char::is_whitespace) {
        Some((first, rest)) => (first.to_string(), rest.trim().to_string()),
        None => (name.to_string(), String::new()),
    }
}

pub async fn find_by_id<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    id: i64,
) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE id = $1");
    sqlx::query(&sql)
        .bind(id)
        .fetch_optional(ex)
        .await?
        .as_ref()
        .map(User::from_row)
        .transpose()
}

pub async fn find_by_email<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    email: &str,
) -> Result<Option<User>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE email_lower = $1");
    sqlx::query(&sql)
        .bind(normalize_email(email))
        .fetch_optional(ex)
        .await?
        .as_ref()
        .map(User::from_row)
        .transpose()
}

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
}

/// Inserts a user; a taken email surfaces as a unique violation.
pub async fn insert<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    u: NewUser<'_>,
) -> Result<User, sqlx::Error> {
    let (first, last) = split_name(u.name);
    let sql = format!(
        "INSERT INTO users (name, first_name, last_name, email, email_lower, password_hash, role, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING {COLUMNS}"
    );
    let row = sqlx::query(&sql)
        .bind(u.name.trim())
        .bind(first)
        .bind(last)
        .bind(u.email.trim())
        .bind(normalize_email(u.email))
        .bind(u.password_hash)
        .bind(u.role)
        .bind(now_ms())
        .fetch_one(ex)
        .await?;
    User::from_row(&row)
}
