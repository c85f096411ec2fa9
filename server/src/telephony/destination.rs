//! Finding the rate for a number: its longest matching prefix, in one indexed query
//! (the candidates are the number's own prefixes), so an administrator's change
//! applies to the very next call on every instance.

use dialtone_core::rating::Increments;
use sqlx::{Any, Executor, Row};

#[derive(Debug, Clone)]
pub struct Destination {
    pub country_id: i64,
    pub name: String,
    pub active: bool,
    pub inbound: i64,
    pub outbound: i64,
    pub sms: i64,
    pub increments: Increments,
}

const COLUMNS: &str =
    "c.id, c.name, c.status, c.inbound_rate_micros, c.outbound_rate_micros, c.sms_rate_micros, \
    c.first_increment_secs, c.next_increment_secs";

fn from_row(r: &sqlx::any::AnyRow) -> Result<Destination, sqlx::Error> {
    Ok(Destination {
        country_id: r.try_get("id")?,
        name: r.try_get("name")?,
        active: r.try_get::<String, _>("status")? == "active",
        inbound: r.try_get("inbound_rate_micros")?,
        outbound: r.try_get("outbound_rate_micros")?,
        sms: r.try_get("sms_rate_micros")?,
        increments: Increments {
            first: r.try_get("first_increment_secs")?,
            next: r.try_get("next_increment_secs")?,
        },
    })
}

/// The destination of an E.164 number by longest prefix, if any.
pub async fn lookup<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    number: &str,
) -> Result<Option<Destination>, sqlx::Error> {
    let digits: String = number.trim_start_matches('+').chars().take(15).collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let placeholders: Vec<String> = (1..=digits.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT {COLUMNS} FROM rate_prefixes p JOIN countries c ON c.id = p.country_id \
         WHERE p.prefix IN ({}) ORDER BY LENGTH(p.prefix) DESC LIMIT 1",
        placeholders.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for len in 1..=digits.len() {
        query = query.bind(digits[..len].to_string());
    }
    query
        .fetch_optional(ex)
        .await?
        .as_ref()
        .map(from_row)
        .transpose()
}

/// The destination of a country by id (inbound calls are rated by the DID's country).
pub async fn by_country<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    country_id: i64,
) -> Result<Option<Destination>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM countries c WHERE c.id = $1");
    sqlx::query(&sql)
        .bind(country_id)
        .fetch_optional(ex)
        .await?
        .as_ref()
        .map(from_row)
        .transpose()
}
