//! The packages table (the catalogue of plans) and user_packages (bought ones).

pub mod plans;

use super::shop::OwnedPackage;
use super::PackageView;
use crate::db::iso;
use crate::db::list::AnyQuery;
use crate::db::Exec;
use crate::json::Money;
use dialtone_core::plans::{highlights, PlanFacts};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A package row of the catalogue (`subscribers` only when selected; no saving yet).
fn package(r: &AnyRow) -> sqlx::Result<PackageView> {
    let features: Vec<String> =
        serde_json::from_str(&r.try_get::<String, _>("features")?).unwrap_or_default();
    let facts = PlanFacts {
        price_micros: r.try_get("price_micros")?,
        minutes: r.try_get("minutes")?,
        included_numbers: r.try_get("included_numbers")?,
        ivr_flows: r.try_get("ivr_flows")?,
        ivr_level: r.try_get("ivr_level")?,
        support: r.try_get("support")?,
    };
    let mut lines = highlights(&facts);
    lines.extend(features.iter().cloned());
    Ok(PackageView {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        minutes: facts.minutes,
        price: Money::micros(facts.price_micros),
        validity: r.try_get("validity_days")?,
        features,
        included_numbers: facts.included_numbers,
        ivr_flows: facts.ivr_flows,
        ivr_level: facts.ivr_level,
        support: facts.support,
        popular: r.try_get::<i64, _>("popular")? != 0,
        highlights: lines,
        saving: None,
        saving_text: None,
        status: r.try_get("status")?,
        subscribers: r.try_get::<i64, _>("subscribers").ok(),
    })
}

const COLUMNS: &str =
    "p.id, p.name, p.minutes, p.price_micros, p.validity_days, p.features, p.status, \
    p.included_numbers, p.ivr_flows, p.ivr_level, p.support, p.popular";

const ADMIN_SELECT: &str = "SELECT p.id, p.name, p.minutes, p.price_micros, p.validity_days, p.features, p.status, \
    p.included_numbers, p.ivr_flows, p.ivr_level, p.support, p.popular, \
    (SELECT COUNT(*) FROM user_packages up WHERE up.package_id = p.id AND up.status = 'active') AS subscribers FROM packages p";

/// The packages on sale, in display order.
pub async fn list_on_sale<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<PackageView>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM packages p WHERE p.status = 'active' ORDER BY p.sort_order, p.id"
    );
    read_all(ex, &sql).await
}

/// Every package with its subscribers, in display order (at most 500).
pub async fn list_all<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<PackageView>> {
    let sql = format!("{ADMIN_SELECT} ORDER BY p.sort_order, p.id LIMIT 500");
    read_all(ex, &sql).await
}

async fn read_all<'e>(ex: impl Exec<'e>, sql: &str) -> sqlx::Result<Vec<PackageView>> {
    sqlx::query(sql)
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
    pub included_numbers: i64,
    pub ivr_flows: i64,
    pub ivr_level: &'a str,
    pub support: &'a str,
    pub popular: bool,
}

/// Adds a package at the end of the display order.
pub async fn insert<'e>(ex: impl Exec<'e>, p: PackageFields<'_>, now: i64) -> sqlx::Result<i64> {
    let sql = "INSERT INTO packages (name, minutes, price_micros, validity_days, features, status, \
         included_numbers, ivr_flows, support, popular, ivr_level, sort_order, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $8, $9, $10, $11, $12, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM packages), $7, $7) RETURNING id";
    let row = with_fields(sqlx::query(sql), &p, now).fetch_one(ex).await?;
    row.try_get(0)
}

pub async fn update<'e>(
    ex: impl Exec<'e>,
    id: i64,
    p: PackageFields<'_>,
    now: i64,
) -> sqlx::Result<()> {
    let sql = "UPDATE packages SET name = $1, minutes = $2, price_micros = $3, validity_days = $4, features = $5, status = $6, updated_at = $7, \
         included_numbers = $8, ivr_flows = $9, support = $10, popular = $11, ivr_level = $12 WHERE id = $13";
    with_fields(sqlx::query(sql), &p, now)
        .bind(id)
        .execute(ex)
        .await?;
    Ok(())
}

/// A package's fields bound as $1 to $6, the time as $7 and the plan's as $8 to $12.
fn with_fields<'q>(q: AnyQuery<'q>, p: &PackageFields<'q>, now: i64) -> AnyQuery<'q> {
    q.bind(p.name)
        .bind(p.minutes)
        .bind(p.price_micros)
        .bind(p.validity_days)
        .bind(p.features)
        .bind(p.status)
        .bind(now)
        .bind(p.included_numbers)
        .bind(p.ivr_flows)
        .bind(p.support)
        .bind(i64::from(p.popular))
        .bind(p.ivr_level)
}

statements! {
    /// The cheapest pay-as-you-go outbound rate, which a plan's minutes replace.
    pub fn lowest_outbound_rate() -> scalar_one(Option<i64>) =
        "SELECT MIN(outbound_rate_micros) FROM countries WHERE status = 'active'";

    /// Takes a package off sale.
    pub fn deactivate(id: i64, now: i64) -> run() =
        "UPDATE packages SET status = 'inactive', updated_at = $1 WHERE id = $2", (now, id);

    pub fn delete(id: i64) -> run() =
        "DELETE FROM packages WHERE id = $1";
}

const MINE: &str = "id, name, minutes, seconds_remaining, status, purchased_at, expires_at, renews";

fn owned(r: &AnyRow) -> sqlx::Result<OwnedPackage> {
    Ok(OwnedPackage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        minutes: r.try_get("minutes")?,
        remaining_minutes: dialtone_core::units::minutes_left(r.try_get("seconds_remaining")?),
        status: r.try_get("status")?,
        purchase_date: iso(r.try_get("purchased_at")?),
        expiry_date: iso(r.try_get("expires_at")?),
        renews: r.try_get::<i64, _>("renews")? != 0,
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
    pub included_numbers: i64,
    pub ivr_flows: i64,
    pub ivr_level: &'a str,
}

pub async fn insert_owned<'e>(ex: impl Exec<'e>, p: NewOwned<'_>) -> sqlx::Result<OwnedPackage> {
    let row = sqlx::query(&format!(
        "INSERT INTO user_packages (user_id, package_id, name, minutes, seconds_remaining, price_micros, purchased_at, expires_at, status, \
         renews, included_numbers, ivr_flows, ivr_level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', 1, $9, $10, $11) RETURNING {MINE}"
    ))
    .bind(p.user_id)
    .bind(p.package_id)
    .bind(p.name)
    .bind(p.minutes)
    .bind(p.minutes * 60)
    .bind(p.price_micros)
    .bind(p.purchased_at)
    .bind(p.expires_at)
    .bind(p.included_numbers)
    .bind(p.ivr_flows)
    .bind(p.ivr_level)
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
         AND expires_at > $1 AND expires_at <= $2 AND seconds_remaining > 0 AND renews = 0 RETURNING user_id, name, seconds_remaining",
    )
    .bind(now)
    .bind(until)
    .fetch_all(conn)
    .await
}

statements! {
    /// Ends every active package past its expiry that does not renew (the renewals
    /// decide the others first); their unused minutes lapse.
    pub fn expire_due(now: i64) -> all(Lapsing) =
        "UPDATE user_packages SET status = 'expired' WHERE status = 'active' AND expires_at <= $1 AND renews = 0 \
         RETURNING user_id, name, seconds_remaining";
}
