//! The users table: the account itself; `admin` holds the administrators' list and
//! changes with the reports' counts, `trial` the free trial's columns.

mod admin;
pub mod closing;
pub mod export;
mod trial;
pub mod two_factor;

pub use admin::*;
pub use trial::*;

use crate::db::Exec;
use crate::db::{flag, iso, now_ms, Flag};
use crate::json::Money;
use serde::Serialize;
use sqlx::FromRow;

#[derive(Debug, Clone, sqlx::FromRow)]
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
    #[sqlx(try_from = "Flag")]
    pub email_notifications: bool,
    #[sqlx(try_from = "Flag")]
    pub sms_notifications: bool,
    pub session_version: i64,
    pub created_at: i64,
    pub last_login_at: Option<i64>,
    /// The free trial: `active`, `expired`, `converted`, or none.
    pub trial_status: Option<String>,
    pub trial_ends_at: Option<i64>,
    /// Signs in with a second step (a TOTP code or a recovery code).
    #[sqlx(try_from = "Flag")]
    pub two_factor: bool,
}

pub const COLUMNS: &str = "id, name, first_name, last_name, email, phone, password_hash, role, status, \
    balance_micros, email_notifications, sms_notifications, session_version, created_at, last_login_at, \
    trial_status, trial_ends_at, CAST(CASE WHEN totp_secret IS NULL THEN 0 ELSE 1 END AS BIGINT) AS two_factor";

impl User {
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
            two_factor: self.two_factor,
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
    /// Signs in with a second step (an authenticator app's code).
    pub two_factor: bool,
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

statements! {
    /// Locks the user's row until the transaction ends (a no-op write: a row lock on
    /// PostgreSQL; SQLite's write transactions hold the whole database already), so
    /// that counting what the account has and adding to it cannot interleave.
    pub fn lock(user_id: i64) -> run() =
        "UPDATE users SET status = status WHERE id = $1";
}

statements! {
    pub fn find_by_id(id: i64) -> optional(User) =
        &format!("SELECT {COLUMNS} FROM users WHERE id = $1");

    /// The balance (micro-dollars) of a user, as answers after a charge show it.
    pub fn balance(id: i64) -> scalar_one(i64) =
        "SELECT balance_micros FROM users WHERE id = $1";

    pub fn find_by_email(email: &str) -> optional(User) =
        &format!("SELECT {COLUMNS} FROM users WHERE email_lower = $1"), (normalize_email(email));
}

pub struct NewUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
}

statements! {
    /// Inserts a user; a taken email surfaces as a unique violation.
    pub fn insert(u: NewUser<'_>) -> one(User) =
        &format!(
            "INSERT INTO users (name, first_name, last_name, email, email_lower, password_hash, role, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING {COLUMNS}"
        ),
        (
            u.name.trim(),
            split_name(u.name).0,
            split_name(u.name).1,
            u.email.trim(),
            normalize_email(u.email),
            u.password_hash,
            u.role,
            now_ms(),
        );
}

/// The user of an access token, and whether the token's session (its refresh-token
/// family) was revoked: one query on every authenticated request.
pub async fn find_with_session<'e>(
    ex: impl Exec<'e>,
    id: i64,
    family: &str,
) -> sqlx::Result<Option<(User, bool)>> {
    let sql = format!(
        "SELECT {COLUMNS}, CAST(CASE WHEN EXISTS (SELECT 1 FROM refresh_tokens r \
         WHERE r.family = $2 AND r.revoked_at IS NOT NULL) THEN 1 ELSE 0 END AS BIGINT) AS session_revoked \
         FROM users WHERE id = $1"
    );
    let Some(row) = sqlx::query(&sql)
        .bind(id)
        .bind(family)
        .fetch_optional(ex)
        .await?
    else {
        return Ok(None);
    };
    Ok(Some((
        User::from_row(&row)?,
        flag(&row, "session_revoked")?,
    )))
}

/// The settings form's changes to a user.
pub struct ProfileChange<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a str,
    pub email_notifications: bool,
    pub sms_notifications: bool,
}

statements! {
    /// Updates name, email and notification choices; a taken email surfaces as a
    /// unique violation.
    pub fn update_profile(id: i64, p: ProfileChange<'_>) -> one(User) =
        &format!(
            "UPDATE users SET first_name = $1, last_name = $2, name = $3, email = $4, email_lower = $5, \
             email_notifications = $6, sms_notifications = $7 WHERE id = $8 RETURNING {COLUMNS}"
        ),
        (
            p.first_name,
            p.last_name,
            format!("{} {}", p.first_name, p.last_name),
            p.email.trim(),
            normalize_email(p.email),
            p.email_notifications as i64,
            p.sms_notifications as i64,
            id,
        );
}

statements! {
    /// Sets a new password hash and ends the user's access tokens; returns the new
    /// session version.
    pub fn set_password(id: i64, password_hash: &str) -> scalar_one(i64) =
        "UPDATE users SET password_hash = $1, session_version = session_version + 1 WHERE id = $2 RETURNING session_version",
        (password_hash, id);

    /// Ends every access token of the user (their session version moves).
    pub fn bump_session_version(id: i64) -> run() =
        "UPDATE users SET session_version = session_version + 1 WHERE id = $1";

    pub fn record_login(id: i64) -> run() =
        "UPDATE users SET last_login_at = $1 WHERE id = $2", (now_ms(), id);
}
