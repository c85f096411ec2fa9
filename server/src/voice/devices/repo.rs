//! The sip_devices table (customers' SIP credentials and their last registration) and
//! numbers' routes to them (number_ring_devices, number_forwards).

use crate::db::Flag;
use dialtone_core::sip::RouteDevice;
use sqlx::{Any, AnyConnection, Executor};

const COLUMNS: &str = "id, user_id, username, caller_id, created_at, contact, registered_from, \
    registered_at, registration_expires_at";

#[derive(sqlx::FromRow)]
pub struct Device {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub caller_id: String,
    pub created_at: i64,
    pub contact: Option<String>,
    pub registered_from: Option<String>,
    pub registered_at: Option<i64>,
    pub registration_expires_at: Option<i64>,
}

statements! {
    pub fn list_for(user_id: i64) -> all(Device) =
        &format!("SELECT {COLUMNS} FROM sip_devices WHERE user_id = $1 AND browser = 0 ORDER BY id LIMIT 100");

    pub fn count_for(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM sip_devices WHERE user_id = $1 AND browser = 0";

    pub fn find(id: i64) -> optional(Device) =
        &format!("SELECT {COLUMNS} FROM sip_devices WHERE id = $1");

    pub fn insert(
        user_id: i64,
        username: &str,
        ha1: &str,
        caller_id: &str,
        now: i64,
    ) -> scalar_one(i64) =
        "INSERT INTO sip_devices (user_id, username, ha1, caller_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id";
}

/// Deletes `id` if it is `user_id`'s, with its place in numbers' routes; whether it was.
pub async fn delete(conn: &mut AnyConnection, id: i64, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "DELETE FROM number_ring_devices WHERE device_id = $1 \
         AND device_id IN (SELECT id FROM sip_devices WHERE user_id = $2)",
    )
    .bind(id)
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    Ok(
        sqlx::query("DELETE FROM sip_devices WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&mut *conn)
            .await?
            .rows_affected()
            == 1,
    )
}

/// Deletes every device of `user_id` with their places in numbers' routes; whether
/// there was any.
pub async fn delete_all_for(conn: &mut AnyConnection, user_id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query(
        "DELETE FROM number_ring_devices \
         WHERE device_id IN (SELECT id FROM sip_devices WHERE user_id = $1)",
    )
    .bind(user_id)
    .execute(&mut *conn)
    .await?;
    let gone = sqlx::query("DELETE FROM sip_devices WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    Ok(gone.rows_affected() > 0)
}

/// What the switch needs to check a device's digest: its HA1, caller ID and owner,
/// with whether the owner may use the service at all.
#[derive(sqlx::FromRow)]
pub struct Credentials {
    pub user_id: i64,
    pub ha1: String,
    pub caller_id: String,
    #[sqlx(try_from = "Flag")]
    pub suspended: bool,
    #[sqlx(try_from = "Flag")]
    pub replace_caller_id: bool,
    /// When a browser phone's credentials stop counting (None: a device's never do).
    pub expires_at: Option<i64>,
    /// The credential epoch as this read saw it (migration 0050): what the switch
    /// keeps of this answer is good while the epoch stays the same.
    pub epoch: i64,
}

statements! {
    /// The credential epoch (migration 0050), which the switch watches.
    pub fn credential_epoch() -> scalar_one(i64) =
        "SELECT epoch FROM credential_epoch WHERE id = 1";

    /// A browser phone's credentials count until they expire.
    pub fn credentials(username: &str, now: i64) -> optional(Credentials) =
        "SELECT d.user_id, d.ha1, d.caller_id, CASE WHEN u.status <> 'active' THEN 1 ELSE 0 END AS suspended, \
         u.replace_caller_id, d.expires_at, e.epoch \
         FROM sip_devices d JOIN users u ON u.id = d.user_id CROSS JOIN credential_epoch e \
         WHERE d.username = $1 AND (d.expires_at IS NULL OR d.expires_at > $2)";
}

/// Records a registration (expires > 0) or its end (expires = 0).
pub async fn registered<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    username: &str,
    contact: &str,
    source: &str,
    now: i64,
    expires_at: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE sip_devices SET contact = $1, registered_from = $2, registered_at = $3, registration_expires_at = $4 \
         WHERE username = $5",
    )
    .bind(contact)
    .bind(source)
    .bind(now)
    .bind(expires_at)
    .bind(username)
    .execute(ex)
    .await?
    .rows_affected()
        == 1)
}

statements! {
    /// Whether the account's devices' calls with a caller ID not its own go out with the
    /// device's configured one (true) or are refused.
    pub fn replaces_caller_id(user_id: i64) -> scalar_one(i64) =
        "SELECT replace_caller_id FROM users WHERE id = $1";

    pub fn set_replaces_caller_id(user_id: i64, replace: i64) -> run() =
        "UPDATE users SET replace_caller_id = $2 WHERE id = $1";

    /// The user a device belongs to.
    pub fn owner_of(username: &str) -> scalar_optional(i64) =
        "SELECT user_id FROM sip_devices WHERE username = $1";
}

/// Every device of `owner`, each with whether `number_id`'s route names it, and the
/// owner's browser phones open at `now`.
pub async fn route_devices(
    conn: &mut AnyConnection,
    owner: i64,
    number_id: i64,
    now: i64,
) -> Result<Vec<RouteDevice>, sqlx::Error> {
    let mut devices: Vec<RouteDevice> = route_of(&mut *conn, owner, number_id)
        .await?
        .into_iter()
        .map(|(_, username, selected)| RouteDevice {
            username,
            selected,
            browser: false,
        })
        .collect();
    let browsers = open_browsers(&mut *conn, owner, now).await?;
    devices.extend(browsers.into_iter().map(|username| RouteDevice {
        username,
        selected: false,
        browser: true,
    }));
    Ok(devices)
}

statements! {
    /// Where `owner` forwards `number_id`'s calls, if anywhere (a forward set by an earlier
    /// owner of the number does not count).
    pub fn forward_of(owner: i64, number_id: i64) -> scalar_optional(String) =
        "SELECT forward_to FROM number_forwards WHERE number_id = $1 AND owner_id = $2",
        (number_id, owner);
}

/// Sets (or, with None, removes) where `number_id`'s calls are forwarded.
pub async fn set_forward(
    conn: &mut AnyConnection,
    number_id: i64,
    owner: i64,
    to: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM number_forwards WHERE number_id = $1")
        .bind(number_id)
        .execute(&mut *conn)
        .await?;
    if let Some(to) = to {
        sqlx::query(
            "INSERT INTO number_forwards (number_id, owner_id, forward_to) VALUES ($1, $2, $3)",
        )
        .bind(number_id)
        .bind(owner)
        .bind(to)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The owner's devices, each with whether `number_id`'s route names it.
pub async fn route_of<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    owner: i64,
    number_id: i64,
) -> Result<Vec<(i64, String, bool)>, sqlx::Error> {
    let rows: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT d.id, d.username, CASE WHEN r.device_id IS NULL THEN 0 ELSE 1 END AS selected \
         FROM sip_devices d LEFT JOIN number_ring_devices r ON r.device_id = d.id AND r.number_id = $2 \
         WHERE d.user_id = $1 AND d.browser = 0 ORDER BY d.id LIMIT 100",
    )
    .bind(owner)
    .bind(number_id)
    .fetch_all(ex)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, username, selected)| (id, username, selected == 1))
        .collect())
}

/// Replaces `number_id`'s route with `devices` (the caller checked they are the owner's).
pub async fn set_route(
    conn: &mut AnyConnection,
    number_id: i64,
    devices: &[i64],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM number_ring_devices WHERE number_id = $1")
        .bind(number_id)
        .execute(&mut *conn)
        .await?;
    for device in devices {
        sqlx::query("INSERT INTO number_ring_devices (number_id, device_id) VALUES ($1, $2)")
            .bind(number_id)
            .bind(device)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

statements! {
    /// The usernames of `owner`'s browser phones open at `now`, newest first.
    pub fn open_browsers(owner: i64, now: i64) -> scalar_all(String) =
        "SELECT username FROM sip_devices WHERE user_id = $1 AND browser = 1 AND expires_at > $2 \
         ORDER BY id DESC LIMIT 5";

    pub fn insert_browser(
        user_id: i64,
        username: &str,
        ha1: &str,
        caller_id: &str,
        now: i64,
        expires_at: i64,
    ) -> run() =
        "INSERT INTO sip_devices (user_id, username, ha1, caller_id, created_at, browser, expires_at) \
         VALUES ($1, $2, $3, $4, $5, 1, $6)";
}

statements! {
    /// Deletes `owner`'s expired browser phones, and the oldest open ones past `keep`.
    pub fn prune_browsers(owner: i64, now: i64, keep: i64) -> run() =
        "DELETE FROM sip_devices WHERE user_id = $1 AND browser = 1 AND (expires_at <= $2 \
         OR id NOT IN (SELECT id FROM sip_devices WHERE user_id = $1 AND browser = 1 \
         ORDER BY id DESC LIMIT $3))";
}

statements! {
    /// Ends every browser phone of `owner` (its sessions ended or its password changed).
    pub fn end_browsers(owner: i64) -> run() =
        "DELETE FROM sip_devices WHERE user_id = $1 AND browser = 1";
}
