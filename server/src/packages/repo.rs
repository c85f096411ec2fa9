//! The packages table (the catalogue of minute bundles) and user_packages (bought ones).

use super::shop::OwnedPackage;
use super::PackageView;
use crate::db::iso;
use crate::db::list::AnyQuery;
use crate::db::Exec;
use crate::json::Money;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A package row of the catalogue (`subscribers` only when selected).
fn package(r: &AnyRow) -> sqlx::Result<PackageView> {
    let features: Vec<String> =
        serde_json::from_str(&r.try_get::<String, _>("features")?).unwrap_or_default();
    Ok(PackageView {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        minutes: r.try_get("minutes")?,
        price: Money::micros(r.try_get("price_micros")?),
        validity: r.try_get("validity_days")?,
        features,
        status: r.try_get("status")?,
        subscribers: r.try_get::<i64, _>("subscribers").ok(),
    })
}

const ADMIN_SELECT: &str = "SELECT p.id, p.name, p.minutes, p.price_micros, p.validity_days, p.features, p.status, \
    (SELECT COUNT(*) FROM user_packages up WHERE up.package_id = p.id AND up.status = 'active') AS subscribers FROM packages p";

/// The packages on sale, in display order.
pub async fn list_on_sale<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<PackageView>> {
    sqlx::query(
        "SELECT id, name, minutes, price_micros, validity_days, features, status FROM packages WHERE status = 'active' ORDER BY sort_order, id",
    )
    .fetch_all(ex)
    .await?
    .iter()
    .map(package)
    .collect()
}

/// Every package with its subscribers, in display order (at most 500).
pub async fn list_all<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<PackageView>> {
    sqlx::query(&format!(
        "{ADMIN_SELECT} ORDER BY p.sort_order, p.id LIMIT 500"
    ))
    .fetch_all(ex)
    .await?
    .iter()
    .map(package)
    .collect()
}

/// A package with its subscribers.
pub async fn find<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<Option<PackageView>> {
    sqlx::query(&format!("{ADMIN_SELECT} WHERE p.id = $1"))
        .bind(id)
        .fetch_optional(ex)
        .await?
        .as_ref()
        .map(package)
        .transpose()
}

/// The stored fields of a package.
pub struct PackageFields<'a> {
    pub name: &'a str,
    pub minutes: i64,
    pub price_micros: i64,
    pub validity_days: i64,
    /// JSON text of the feature list.
    pub features: &'a str,
    pub status: &'a str,
}

/// Adds a package at the end of the display order.
pub async fn insert<'e>(ex: impl Exec<'e>, p: PackageFields<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO packages (name, minutes, price_micros, validity_days, features, status, sort_order, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM packages), $7, $7) RETURNING id";
    let row = with_fields(sqlx::query(sql), &p, now).fetch_one(ex).await?;
    row.try_get(0)
}

pub async fn update<'e>(
    ex: impl Exec<'e>,
    id: i64,
    p: PackageFields<'_>,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE packages SET name = $1, minutes = $2, price_micros = $3, validity_days = $4, features = $5, status = $6, updated_at = $7 WHERE id = $8";
    with_fields(sqlx::query(sql), &p, now)
        .bind(id)
        .execute(ex)
        .await?;
    Ok(())
}

/// A package's fields bound as $1 to $6 and the time as $7.
fn with_fields<'q>(q: AnyQuery<'q>, p: &PackageFields<'q>, now: i64) -> AnyQuery<'q> {
    q.bind(p.name)
        .bind(p.minutes)
        .bind(p.price_micros)
        .bind(p.validity_days)
        .bind(p.features)
        .bind(p.status)
        .bind(now)
}

statements! {
    /// Takes a package off sale.
    pub fn deactivate(id: i64, now: i64) -> run() =
        "UPDATE packages SET status = 'inactive', updated_at = $1 WHERE id = $2", (now, id);

    pub fn delete(id: i64) -> run() =
        "DELETE FROM packages WHERE id = $1";

    /// What buying a package needs: name, minutes, price and validity in days.
    pub fn find_on_sale(id: i64) -> optional((String, i64, i64, i64)) =
        "SELECT name, minutes, price_micros, validity_days FROM packages WHERE id = $1 AND status = 'active'";
}

const MINE: &str = "id, name, minutes, seconds_remaining, status, purchased_at, expires_at";

fn owned(r: &AnyRow) -> sqlx::Result<OwnedPackage> {
    Ok(OwnedPackage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        minutes: r.try_get("minutes")?,
        remaining_minutes: dialtone_core::units::minutes_left(r.try_get("seconds_remaining")?),
        status: r.try_get("status")?,
        purchase_date: iso(r.try_get("purchased_at")?),
        expiry_date: iso(r.try_get("expires_at")?),
    })
}

/// A user's packages: active first, then by expiry, newest first (at most 200).
pub async fn list_owned<'e>(ex: impl Exec<'e>, user_id: i64) -> sqlx::Result<Vec<OwnedPackage>> {
    sqlx::query(&format!(
        "SELECT {MINE} FROM user_packages WHERE user_id = $1 ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, expires_at DESC LIMIT 200"
    ))
    .bind(user_id)
    .fetch_all(ex)
    .await?
    .iter()
    .map(owned)
    .collect()
}

/// A package bought: `minutes` of it, active until `expires_at`.
pub struct NewOwned<'a> {
    pub user_id: i64,
    pub package_id: i64,
    pub name: &'a str,
    pub minutes: i64,
    pub price_micros: i64,
    pub purchased_at: i64,
    pub expires_at: i64,
}

pub async fn insert_owned<'e>(ex: impl Exec<'e>, p: NewOwned<'_>) -> sqlx::Result<OwnedPackage> {
    let row = sqlx::query(&format!(
        "INSERT INTO user_packages (user_id, package_id, name, minutes, seconds_remaining, price_micros, purchased_at, expires_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active') RETURNING {MINE}"
    ))
    .bind(p.user_id)
    .bind(p.package_id)
    .bind(p.name)
    .bind(p.minutes)
    .bind(p.minutes * 60)
    .bind(p.price_micros)
    .bind(p.purchased_at)
    .bind(p.expires_at)
    .fetch_one(ex)
    .await?;
    owned(&row)
}

/// Takes `seconds` from the user's active packages, earliest expiry first.
pub async fn consume_seconds(
    conn: &mut AnyConnection,
    user_id: i64,
    mut seconds: i64,
    now: i64,
) -> sqlx::Result<()> {
    if seconds == 0 {
        return Ok(());
    }
    let packages: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT id, seconds_remaining FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2 \
         AND seconds_remaining > 0 ORDER BY expires_at, id",
    )
    .bind(user_id)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    for (id, left) in packages {
        if seconds == 0 {
            break;
        }
        let take = seconds.min(left);
        sqlx::query(
            "UPDATE user_packages SET seconds_remaining = seconds_remaining - $1, \
             status = CASE WHEN seconds_remaining - $1 = 0 THEN 'used' ELSE status END WHERE id = $2",
        )
        .bind(take)
        .bind(id)
        .execute(&mut *conn)
        .await?;
        seconds -= take;
    }
    Ok(())
}

/// Package seconds of a user that no call in progress has reserved: the seconds
/// left in active packages, less those the account holds for calls.
pub async fn free_seconds<'e>(ex: impl Exec<'e>, user_id: i64, now: i64) -> sqlx::Result<i64> {
    let (total, reserved): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(seconds_remaining), 0) AS BIGINT), \
         (SELECT reserved_package_seconds FROM users WHERE id = $1) \
         FROM user_packages WHERE user_id = $1 AND status = 'active' AND expires_at > $2",
    )
    .bind(user_id)
    .bind(now)
    .fetch_one(ex)
    .await?;
    Ok((total - reserved).max(0))
}

/// An owned package the expiry job tells its owner about.
#[derive(sqlx::FromRow)]
pub struct Lapsing {
    pub user_id: i64,
    pub name: String,
    #[sqlx(rename = "seconds_remaining")]
    pub seconds_left: i64,
}

/// Claims the expiry notices of active packages with minutes left that expire in
/// (now, until]: found and marked in one statement, so one notice per package.
pub async fn claim_expiry_notices(
    conn: &mut AnyConnection,
    now: i64,
    until: i64,
) -> sqlx::Result<Vec<Lapsing>> {
    sqlx::query_as(
        "UPDATE user_packages SET expiry_notice_sent = 1 WHERE status = 'active' AND expiry_notice_sent = 0 \
         AND expires_at > $1 AND expires_at <= $2 AND seconds_remaining > 0 RETURNING user_id, name, seconds_remaining",
    )
    .bind(now)
    .bind(until)
    .fetch_all(conn)
    .await
}

statements! {
    /// Ends every active package past its expiry; their unused minutes lapse.
    pub fn expire_due(now: i64) -> all(Lapsing) =
        "UPDATE user_packages SET status = 'expired' WHERE status = 'active' AND expires_at <= $1 \
         RETURNING user_id, name, seconds_remaining";
}
