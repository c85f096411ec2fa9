//! The phone_numbers table as the administrators' inventory screen sees and changes
//! it: adding numbers and ranges, stock levels, the filtered list, reassigning,
//! releasing, taking numbers in and out of service.

use crate::db::list::List;
use crate::db::Exec;
use crate::numbers::admin::{self, AdminPhone};
use crate::paging::{Page, PageQuery};
use sqlx::{AnyConnection, AnyPool};

const ADMIN_FROM: &str = "FROM phone_numbers n JOIN countries c ON c.id = n.country_id LEFT JOIN users u ON u.id = n.owner_id \
    LEFT JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type";
const ADMIN_COLUMNS: &str = "n.id, n.number, n.number_type, n.status, n.purchased_at, n.created_at, c.name AS country, \
    c.code AS country_code, u.email AS owner_email, COALESCE(n.monthly_micros, p.monthly_micros, 0) AS fee";
const ADMIN_CONDITION: &str = "(LOWER(n.number) LIKE $1 ESCAPE '\\' OR LOWER(c.name) LIKE $1 ESCAPE '\\' OR COALESCE(u.email_lower, '') LIKE $1 ESCAPE '\\') \
    AND ($2 = '' OR n.number_type = $2) AND ($3 = '' OR n.status = $3)";

/// Numbers between `first` and `last` (same length) already in the inventory.
pub async fn existing_between<'e>(
    ex: impl Exec<'e>,
    first: &str,
    last: &str,
) -> sqlx::Result<Vec<String>> {
    // Same-length E.164 numbers sort like the integers they are: one range scan.
    sqlx::query_scalar(
        "SELECT number FROM phone_numbers WHERE number >= $1 AND number <= $2 AND LENGTH(number) = $3",
    )
    .bind(first)
    .bind(last)
    .bind(first.len() as i64)
    .fetch_all(ex)
    .await
}

/// Adds numbers to the inventory, 200 a statement, skipping those already in it.
pub async fn insert_many(
    conn: &mut AnyConnection,
    numbers: &[String],
    country: i64,
    number_type: &str,
    now: i64,
) -> sqlx::Result<()> {
    for chunk in numbers.chunks(200) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, $1, $2, $3, $3)", i + 4))
            .collect();
        let sql = format!(
            "INSERT INTO phone_numbers (number, country_id, number_type, created_at, updated_at) VALUES {} \
             ON CONFLICT (number) DO NOTHING",
            values.join(", ")
        );
        let mut q = sqlx::query(&sql).bind(country).bind(number_type).bind(now);
        for n in chunk {
            q = q.bind(n);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

statements! {
    /// Per purchasable country and type: the country and its code, the type, how many
    /// are on sale, and the highest number of that country and type.
    pub fn stock_levels() -> all((i64, String, String, i64, Option<String>)) =
        "SELECT p.country_id, (SELECT c.code FROM countries c WHERE c.id = p.country_id), p.number_type, \
         (SELECT COUNT(*) FROM phone_numbers n WHERE n.country_id = p.country_id AND n.number_type = p.number_type AND n.status = 'available'), \
         (SELECT MAX(n.number) FROM phone_numbers n WHERE n.country_id = p.country_id AND n.number_type = p.number_type) \
         FROM number_prices p WHERE p.purchasable = 1";
}

/// A number as the inventory screen shows it.
pub async fn find_admin<'e>(ex: impl Exec<'e>, id: i64) -> sqlx::Result<Option<AdminPhone>> {
    sqlx::query(&format!(
        "SELECT {ADMIN_COLUMNS} {ADMIN_FROM} WHERE n.id = $1"
    ))
    .bind(id)
    .fetch_optional(ex)
    .await?
    .as_ref()
    .map(admin::item)
    .transpose()
}

/// One page of the numbers that match the inventory filter (`pattern` is a LIKE
/// pattern), by id.
pub async fn page_admin(
    pool: &AnyPool,
    pattern: &str,
    number_type: &str,
    status: &str,
    q: PageQuery,
) -> sqlx::Result<Page<AdminPhone>> {
    let list = List {
        from: &format!("{ADMIN_FROM} WHERE {ADMIN_CONDITION}"),
        columns: ADMIN_COLUMNS,
        order: "n.id",
    };
    let (pattern, number_type, status) = (
        pattern.to_string(),
        number_type.to_string(),
        status.to_string(),
    );
    list.page(
        pool,
        |x| {
            x.bind(pattern.clone())
                .bind(number_type.clone())
                .bind(status.clone())
        },
        q,
        admin::item,
    )
    .await
}

statements! {
    /// Adds one available number; a number already in the inventory is a unique violation.
    pub fn insert(number: &str, country: i64, number_type: &str, now: i64) -> scalar_one(i64) =
        "INSERT INTO phone_numbers (number, country_id, number_type, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id";

    pub fn set_country(id: i64, country: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET country_id = $1, updated_at = $2 WHERE id = $3",
        (country, now, id);

    /// Returns a number to inventory: no owner, no price, available.
    pub fn release(id: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET status = 'available', owner_id = NULL, monthly_micros = NULL, purchased_at = NULL, \
         renews_at = NULL, notice_sent_for = NULL, expired_at = NULL, auto_renew = 1, updated_at = $1, \
         friendly_name = NULL, sms_url = NULL, voice_url = NULL, voice_method = 'POST', sms_method = 'POST', voice_fallback_url = NULL, \
         status_callback = NULL, trial_until = NULL WHERE id = $2",
        (now, id);

    /// Gives a number to `owner`, active at its price (or the one it had, or 0).
    pub fn assign(id: i64, owner: i64, now: i64, renews_at: i64) -> run() =
        "UPDATE phone_numbers SET status = 'active', owner_id = $1, purchased_at = $2, renews_at = $3, auto_renew = 1, \
         notice_sent_for = NULL, expired_at = NULL, updated_at = $2, trial_until = NULL, \
         monthly_micros = COALESCE((SELECT p.monthly_micros FROM number_prices p WHERE p.country_id = phone_numbers.country_id \
         AND p.number_type = phone_numbers.number_type), monthly_micros, 0) WHERE id = $4",
        (owner, now, renews_at, id);

    /// Takes a number out of service (it keeps its owner, if any).
    pub fn deactivate(id: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET status = 'inactive', updated_at = $1 WHERE id = $2", (now, id);

    /// Puts an inactive number back in service: active if owned, else available.
    pub fn activate(id: i64, now: i64) -> run() =
        "UPDATE phone_numbers SET status = CASE WHEN owner_id IS NULL THEN 'available' ELSE 'active' END, updated_at = $1 \
         WHERE id = $2 AND status = 'inactive'", (now, id);
}
