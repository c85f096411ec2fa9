//! The sip_bans table: bans the switch reported.

use crate::db::Exec;

pub struct NewBan<'a> {
    pub address: &'a str,
    pub reason: &'a str,
    pub user_agent: &'a str,
    pub now: i64,
    pub until: i64,
}

pub async fn insert<'e>(ex: impl Exec<'e>, b: NewBan<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sip_bans (address, reason, user_agent, banned_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(b.address)
    .bind(b.reason)
    .bind(b.user_agent)
    .bind(b.now)
    .bind(b.until)
    .execute(ex)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
pub struct Ban {
    pub address: String,
    pub reason: String,
    pub user_agent: String,
    pub banned_at: i64,
    pub expires_at: i64,
}

statements! {
    /// Forgets bans that ended before `before` (kept a week for the record).
    pub fn forget_before(before: i64) -> run() =
        "DELETE FROM sip_bans WHERE expires_at < $1";

    /// Bans in force at `now`, newest first, at most 100.
    pub fn in_force(now: i64) -> all(Ban) =
        "SELECT address, reason, user_agent, banned_at, expires_at FROM sip_bans \
         WHERE expires_at > $1 ORDER BY id DESC LIMIT 100";
}
