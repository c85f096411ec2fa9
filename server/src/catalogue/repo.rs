//! The catalogue's tables: countries (with their call and message rates),
//! number_prices (monthly price per number type) and rate_prefixes (which calling
//! code routes to which country).

use crate::db::list::List;
use crate::db::now_ms;
use crate::db::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::{AnyConnection, AnyPool, FromRow};

/// A country row as the administration sees it.
#[derive(sqlx::FromRow)]
pub struct Country {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub flag: String,
    pub calling_code: String,
    pub inbound_rate_micros: i64,
    pub outbound_rate_micros: i64,
    pub sms_rate_micros: i64,
    pub status: String,
    pub updated_at: i64,
}

const COLUMNS: &str =
    "id, name, code, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, status, updated_at";

/// A row of the public price list: an active country, its rates and its monthly
/// number prices (None for a type it does not offer).
#[derive(sqlx::FromRow)]
pub struct PriceRow {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub flag: String,
    pub calling_code: String,
    pub mobile: Option<i64>,
    pub landline: Option<i64>,
    pub tollfree: Option<i64>,
    pub inbound_rate_micros: i64,
    pub outbound_rate_micros: i64,
    pub sms_rate_micros: i64,
}

/// One query: prices per type are pivoted in SQL rather than fetched per country.
const PRICING_SQL: &str = "\
SELECT c.id, c.name, c.code, c.flag, c.calling_code, c.inbound_rate_micros, c.outbound_rate_micros, c.sms_rate_micros,
       MAX(CASE WHEN p.number_type = 'mobile' THEN p.monthly_micros END) AS mobile,
       MAX(CASE WHEN p.number_type = 'landline' THEN p.monthly_micros END) AS landline,
       MAX(CASE WHEN p.number_type = 'tollfree' THEN p.monthly_micros END) AS tollfree
FROM countries c LEFT JOIN number_prices p ON p.country_id = c.id
WHERE c.status = 'active'
GROUP BY c.id, c.name, c.code, c.flag, c.calling_code, c.inbound_rate_micros, c.outbound_rate_micros, c.sms_rate_micros, c.sort_order
ORDER BY c.sort_order, c.name";

/// Every active country in display order.
pub async fn price_list<'e>(ex: impl Exec<'e>) -> sqlx::Result<Vec<PriceRow>> {
    sqlx::query_as(PRICING_SQL).fetch_all(ex).await
}

/// The admin list's filter: a LIKE pattern on name or code, a status or "".
pub struct Search<'a> {
    pub pattern: &'a str,
    pub status: &'a str,
}

const SEARCH: &str =
    "(LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(code) LIKE $1 ESCAPE '\\') AND ($2 = '' OR status = $2)";

/// One page of matching countries in display order.
pub async fn page_matching(
    pool: &AnyPool,
    s: &Search<'_>,
    q: PageQuery,
) -> sqlx::Result<Page<Country>> {
    let list = List {
        from: &format!("FROM countries WHERE {SEARCH}"),
        columns: COLUMNS,
        order: "sort_order, name",
    };
    let (pattern, status) = (s.pattern.to_string(), s.status.to_string());
    list.page(
        pool,
        |x| x.bind(pattern.clone()).bind(status.clone()),
        q,
        |r| Country::from_row(r),
    )
    .await
}

statements! {
    pub fn find(id: i64) -> optional(Country) =
        &format!("SELECT {COLUMNS} FROM countries WHERE id = $1");
}

/// A country's editable fields (already validated).
pub struct CountryFields<'a> {
    pub name: &'a str,
    pub code: &'a str,
    pub flag: &'a str,
    pub calling_code: &'a str,
    pub inbound_rate_micros: i64,
    pub outbound_rate_micros: i64,
    pub sms_rate_micros: i64,
    pub status: &'a str,
}

/// Adds a country last in display order; a taken code surfaces as a unique
/// violation.
pub async fn insert<'e>(
    ex: impl Exec<'e>,
    c: &CountryFields<'_>,
    first_increment_secs: i64,
    next_increment_secs: i64,
) -> sqlx::Result<Country> {
    let sql = format!(
        "INSERT INTO countries (name, code, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, status, sort_order, updated_at, \
           first_increment_secs, next_increment_secs) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM countries), $9, $10, $11) RETURNING {COLUMNS}"
    );
    write(ex, &sql, c, &[first_increment_secs, next_increment_secs]).await
}

/// Replaces a country's fields; a taken code surfaces as a unique violation.
pub async fn update<'e>(
    ex: impl Exec<'e>,
    id: i64,
    c: &CountryFields<'_>,
) -> sqlx::Result<Country> {
    let sql = format!(
        "UPDATE countries SET name = $1, code = $2, flag = $3, calling_code = $4, inbound_rate_micros = $5, \
         outbound_rate_micros = $6, sms_rate_micros = $7, status = $8, updated_at = $9 WHERE id = $10 RETURNING {COLUMNS}"
    );
    write(ex, &sql, c, &[id]).await
}

/// Runs an INSERT or UPDATE that takes a country's fields as $1 to $8, the time as
/// $9 and `rest` after them, and returns the country.
async fn write<'e>(
    ex: impl Exec<'e>,
    sql: &str,
    c: &CountryFields<'_>,
    rest: &[i64],
) -> sqlx::Result<Country> {
    let q = sqlx::query_as(sql)
        .bind(c.name)
        .bind(c.code)
        .bind(c.flag)
        .bind(c.calling_code)
        .bind(c.inbound_rate_micros)
        .bind(c.outbound_rate_micros)
        .bind(c.sms_rate_micros)
        .bind(c.status)
        .bind(now_ms());
    rest.iter().fold(q, |q, v| q.bind(*v)).fetch_one(ex).await
}

statements! {
    /// Numbers, calls and messages that refer to the country. It reads the numbers',
    /// calls' and messages' tables (phone_numbers, calls, sms_messages).
    pub fn usage_count(id: i64) -> scalar_one(i64) =
        "SELECT (SELECT COUNT(*) FROM phone_numbers WHERE country_id = $1) + (SELECT COUNT(*) FROM calls WHERE country_id = $1) \
         + (SELECT COUNT(*) FROM sms_messages WHERE country_id = $1)";
}

/// Deletes a country and its number prices.
pub async fn delete(conn: &mut AnyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM number_prices WHERE country_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM countries WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Routes numbers starting with `new` to the country, unless another country
/// already owns that exact prefix (+1 is shared by the US and Canada); drops the
/// country's `old` prefix when it changed.
pub async fn route_calling_code(
    conn: &mut AnyConnection,
    id: i64,
    old: Option<&str>,
    new: &str,
) -> sqlx::Result<()> {
    if let Some(old) = old.filter(|o| *o != new) {
        sqlx::query("DELETE FROM rate_prefixes WHERE prefix = $1 AND country_id = $2")
            .bind(old)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("INSERT INTO rate_prefixes (prefix, country_id) VALUES ($1, $2) ON CONFLICT (prefix) DO NOTHING")
        .bind(new)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

statements! {
    pub fn count_active() -> scalar_one(i64) =
        "SELECT COUNT(*) FROM countries WHERE status = 'active'";

    /// The id of the country with this ISO code ("UK" read as GB), if the catalogue has it.
    pub fn id_by_code(code: &str) -> scalar_optional(i64) =
        "SELECT id FROM countries WHERE code = $1", (dialtone_core::catalogue::country_code(code));
}
