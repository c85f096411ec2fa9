//! documents and billing_profiles.

use super::content::Party;
use crate::db::Exec;

pub struct NewDocument<'a> {
    pub user_id: i64,
    pub kind: &'a str,
    pub series: &'a str,
    pub number: i64,
    pub payment_id: Option<i64>,
    pub period: Option<(i64, i64)>,
    pub total: i64,
    pub content: &'a str,
    pub issued_at: i64,
}

pub async fn insert<'e>(ex: impl Exec<'e>, d: NewDocument<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO documents (user_id, kind, series, number, payment_id, period_start, period_end, \
         total_micros, content, issued_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(d.user_id)
    .bind(d.kind)
    .bind(d.series)
    .bind(d.number)
    .bind(d.payment_id)
    .bind(d.period.map(|p| p.0))
    .bind(d.period.map(|p| p.1))
    .bind(d.total)
    .bind(d.content)
    .bind(d.issued_at)
    .fetch_one(ex)
    .await
}

/// A document as listed.
#[derive(sqlx::FromRow)]
pub struct Listed {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub series: String,
    pub number: i64,
    pub total_micros: i64,
    pub period_start: Option<i64>,
    pub issued_at: i64,
    pub content: String,
}

const LISTED: &str = "SELECT id, user_id, kind, series, number, total_micros, period_start, issued_at, content FROM documents";

statements! {
    /// One page of an account's documents, newest first.
    pub fn page_of(user_id: i64, limit: i64, offset: i64) -> all(Listed) =
        &format!("{LISTED} WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3");

    pub fn count_of(user_id: i64) -> scalar_one(i64) =
        "SELECT COUNT(*) FROM documents WHERE user_id = $1";

    pub fn find(id: i64) -> optional(Listed) = &format!("{LISTED} WHERE id = $1");

    /// Documents not yet mailed to the customer's billing address.
    pub fn unmailed() -> all(Listed) =
        &format!("{LISTED} WHERE mailed_at IS NULL ORDER BY id LIMIT 50");

    pub fn mark_mailed(id: i64, now: i64) -> changed_one() =
        "UPDATE documents SET mailed_at = $1 WHERE id = $2 AND mailed_at IS NULL", (now, id);

    /// The customer's billing details, when they gave any.
    pub fn profile(user_id: i64) -> optional((String, String, String, String)) =
        "SELECT company, address, tax_id, billing_email FROM billing_profiles WHERE user_id = $1";
}

pub async fn save_profile<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    p: &Party,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO billing_profiles (user_id, company, address, tax_id, billing_email, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id) DO UPDATE SET company = excluded.company, \
         address = excluded.address, tax_id = excluded.tax_id, billing_email = excluded.billing_email, \
         updated_at = excluded.updated_at",
    )
    .bind(user_id)
    .bind(&p.name)
    .bind(&p.address)
    .bind(&p.tax_id)
    .bind(&p.email)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}

/// A statement's month read from the ledger: the balance before it, the balance at its
/// end, and its entries summed by kind and detail (calls by direction and country,
/// deposits by description).
pub async fn opening_balance<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    before: i64,
) -> sqlx::Result<i64> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT balance_after_micros FROM ledger_entries WHERE user_id = $1 AND created_at < $2 ORDER BY id DESC LIMIT 1",
    )
    .bind(user_id)
    .bind(before)
    .fetch_optional(ex)
    .await?;
    Ok(found.unwrap_or(0))
}

/// (kind, direction, country, description, count, amount) per group.
pub type Group = (String, String, String, String, i64, i64);

pub async fn month_lines<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    start: i64,
    end: i64,
) -> sqlx::Result<Vec<Group>> {
    sqlx::query_as(
        "SELECT l.kind, COALESCE(c.direction, '') AS direction, COALESCE(co.name, '') AS country, \
           CASE WHEN l.kind = 'deposit' THEN l.description ELSE '' END AS description, \
           COUNT(*) AS n, CAST(SUM(l.amount_micros) AS BIGINT) AS amount \
         FROM ledger_entries l \
         LEFT JOIN calls c ON l.kind = 'call' AND c.call_id = SUBSTR(l.reference, 6) \
         LEFT JOIN countries co ON co.id = c.country_id \
         WHERE l.user_id = $1 AND l.created_at >= $2 AND l.created_at < $3 \
         GROUP BY l.kind, COALESCE(c.direction, ''), COALESCE(co.name, ''), \
           CASE WHEN l.kind = 'deposit' THEN l.description ELSE '' END",
    )
    .bind(user_id)
    .bind(start)
    .bind(end)
    .fetch_all(ex)
    .await
}

/// Accounts with a ledger before `end` and no statement for the month from `start`.
pub async fn due_statements<'e>(ex: impl Exec<'e>, start: i64, end: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT u.id FROM users u WHERE EXISTS (SELECT 1 FROM ledger_entries l WHERE l.user_id = u.id AND l.created_at < $1) \
         AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.user_id = u.id AND d.kind = 'statement' AND d.period_start = $2) \
         ORDER BY u.id LIMIT 200",
    )
    .bind(end)
    .bind(start)
    .fetch_all(ex)
    .await
}

/// The next number of `series`. The row stays locked until the transaction ends, so
/// concurrent issues wait for each other; one that rolls back gives its number back.
pub async fn next_number<'e>(ex: impl Exec<'e>, series: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "UPDATE document_series SET last_number = last_number + 1 WHERE series = $1 RETURNING last_number",
    )
    .bind(series)
    .fetch_one(ex)
    .await
}
