//! The phone_numbers table (with the prices and countries its screens join): the shop
//! and the customer's numbers here, the administrators' inventory in `inventory`,
//! renewals in `renewals`.

use super::shop::ShopCountry;
use super::view::{self, MyNumber};
use crate::db::Exec;
use sqlx::Row;

/// Columns for `mine`, joined with the country: `n` is phone_numbers, `c` countries.
const MINE_COLUMNS: &str =
    "n.id, n.number, n.number_type, n.status, n.monthly_micros, n.purchased_at, \
    n.renews_at, n.auto_renew, n.expired_at, n.trial_until, c.name AS country, c.code AS country_code, c.flag";

/// Countries with numbers for sale, and the types each offers.
pub async fn shop_countries<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<ShopCountry>> {
    let rows = sqlx::query(
        "SELECT c.id, c.name, c.code, c.flag, \
           MAX(CASE WHEN p.number_type = 'mobile' THEN 1 ELSE 0 END) AS mobile, \
           MAX(CASE WHEN p.number_type = 'landline' THEN 1 ELSE 0 END) AS landline, \
           MAX(CASE WHEN p.number_type = 'tollfree' THEN 1 ELSE 0 END) AS tollfree \
         FROM countries c JOIN number_prices p ON p.country_id = c.id AND p.purchasable = 1 \
         WHERE c.status = 'active' GROUP BY c.id, c.name, c.code, c.flag, c.sort_order ORDER BY c.sort_order, c.name",
    )
    .fetch_all(ex)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(ShopCountry {
                id: r.try_get("id")?,
                name: r.try_get("name")?,
                code: r.try_get("code")?,
                flag: r.try_get("flag")?,
                mobile: r.try_get::<i64, _>("mobile")? != 0,
                landline: r.try_get::<i64, _>("landline")? != 0,
                tollfree: r.try_get::<i64, _>("tollfree")? != 0,
            })
        })
        .collect()
}

/// A number for sale and its monthly price.
#[derive(sqlx::FromRow)]
pub struct ForSale {
    pub id: i64,
    pub number: String,
    pub number_type: String,
    pub monthly_micros: i64,
}

statements! {
    /// At most 50 numbers for sale in the country `code`, of one type, whose national
    /// part starts with `prefix` and which match the LIKE `pattern`, in number order.
    /// The country and the prefix are constants (subqueries, ':' sorts right after
    /// '9'), so the for-sale index is read from the prefix on in number order and the
    /// read stops at 50: joined to countries instead, PostgreSQL sorted every number in
    /// stock (130 ms with 100,000, against 0.2 ms).
    pub fn find_available(code: &str, number_type: &str, prefix: &str, pattern: &str) -> all(ForSale) =
        "SELECT n.id, n.number, n.number_type, p.monthly_micros FROM phone_numbers n \
         JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type AND p.purchasable = 1 \
         WHERE n.country_id = (SELECT c.id FROM countries c WHERE c.code = $1 AND c.status = 'active') \
         AND n.number_type = $2 AND n.status = 'available' \
         AND n.number >= (SELECT '+' || c.calling_code || $3 FROM countries c WHERE c.code = $1) \
         AND n.number < (SELECT '+' || c.calling_code || $3 || ':' FROM countries c WHERE c.code = $1) \
         AND n.number LIKE $4 ORDER BY n.number LIMIT 50";
}

/// The number `id` if `owner` holds it (in any status).
pub async fn find_mine<'e>(
    ex: impl Exec<'e>,
    id: i64,
    owner: i64,
    now: i64,
) -> sqlx::Result<Option<MyNumber>> {
    sqlx::query(&format!("SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id WHERE n.id = $1 AND n.owner_id = $2"))
        .bind(id)
        .bind(owner)
        .fetch_optional(ex)
        .await?
        .map(|r| view::mine(&r, now))
        .transpose()
}

/// The owner's numbers, newest first (at most 500).
pub async fn list_mine<'e>(ex: impl Exec<'e>, owner: i64, now: i64) -> sqlx::Result<Vec<MyNumber>> {
    sqlx::query(&format!(
        "SELECT {MINE_COLUMNS} FROM phone_numbers n JOIN countries c ON c.id = n.country_id \
         WHERE n.owner_id = $1 ORDER BY n.purchased_at DESC, n.id DESC LIMIT 500"
    ))
    .bind(owner)
    .fetch_all(ex)
    .await?
    .iter()
    .map(|r| view::mine(r, now))
    .collect()
}

statements! {
    /// The owner's first active number, the sender of their messages.
    pub fn first_active_number(owner: i64) -> scalar_optional(String) =
        "SELECT number FROM phone_numbers WHERE owner_id = $1 AND status = 'active' ORDER BY id LIMIT 1";

    /// The owner's active numbers, oldest first.
    pub fn active_numbers(owner: i64) -> scalar_all(String) =
        "SELECT number FROM phone_numbers WHERE owner_id = $1 AND status = 'active' ORDER BY id LIMIT 500";
}

/// Whether `number` is one of `owner`'s active numbers.
pub async fn owns_active<'e>(ex: impl Exec<'e>, owner: i64, number: &str) -> sqlx::Result<bool> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1 AND number = $2 AND status = 'active'",
    )
    .bind(owner)
    .bind(number)
    .fetch_one(ex)
    .await?;
    Ok(n > 0)
}

statements! {
    /// Takes the number `id` for `owner` if it is still available and purchasable, at
    /// its current price: taking it and checking it is free are one statement, so of
    /// two buyers at the same moment exactly one gets it. The number and its monthly
    /// price, or None when it was not available.
    pub fn purchase(id: i64, owner: i64, now: i64, renews_at: i64) -> optional((String, i64)) =
        "UPDATE phone_numbers SET status = 'active', owner_id = $1, purchased_at = $2, renews_at = $3, auto_renew = 1, \
         notice_sent_for = NULL, expired_at = NULL, updated_at = $2, trial_until = NULL, \
         monthly_micros = (SELECT p.monthly_micros FROM number_prices p WHERE p.country_id = phone_numbers.country_id \
         AND p.number_type = phone_numbers.number_type AND p.purchasable = 1) \
         WHERE id = $4 AND status = 'available' \
         AND EXISTS (SELECT 1 FROM number_prices p WHERE p.country_id = phone_numbers.country_id \
         AND p.number_type = phone_numbers.number_type AND p.purchasable = 1) \
         RETURNING number, monthly_micros", (owner, now, renews_at, id);
}

statements! {
    /// Makes a number just taken a free trial number: free until `until`, the trial's
    /// end, when it ends (no renewal) unless its owner converts first.
    pub fn make_trial_number(id: i64, until: i64) -> run() =
        "UPDATE phone_numbers SET trial_until = $1, auto_renew = 0 WHERE id = $2", (until, id);
}

/// Turns renewal off for an active number of the owner's; the rows changed.
pub async fn cancel_renewal<'e>(
    ex: impl Exec<'e>,
    id: i64,
    owner: i64,
    now: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query("UPDATE phone_numbers SET auto_renew = 0, updated_at = $1 WHERE id = $2 AND owner_id = $3 AND status = 'active'")
        .bind(now)
        .bind(id)
        .bind(owner)
        .execute(ex)
        .await?
        .rows_affected())
}

statements! {
    /// Reactivates an expired number of the owner's: its number and monthly price, or
    /// None when it is not an expired number of theirs.
    pub fn renew_expired(id: i64, owner: i64, now: i64, renews_at: i64) -> optional((String, i64)) =
        "UPDATE phone_numbers SET status = 'active', renews_at = $1, expired_at = NULL, auto_renew = 1, notice_sent_for = NULL, updated_at = $2 \
         WHERE id = $3 AND owner_id = $4 AND status = 'expired' RETURNING number, monthly_micros",
        (renews_at, now, id, owner);
}

pub mod hooks;
mod inventory;
pub mod renewals;

pub use inventory::*;
