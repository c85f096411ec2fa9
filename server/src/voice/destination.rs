//! Finding the rate for a number: the database returns the destinations of the
//! number's own prefixes (core's `candidate_prefixes_in`, one indexed query) and core
//! picks the longest (`longest_prefix`), so an administrator's change applies to the
//! very next call on every instance. A +1 number is rated by its area code's region
//! (`rating::prefix_rates`): the bare "1" is the United States' alone.

use dialtone_core::rating::{candidate_prefixes_in, longest_prefix, Increments};
use sqlx::any::AnyRow;
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

/// A destination's columns, named `d_*` so that queries can join it to other tables.
pub const COLUMNS: &str =
    "c.id AS d_id, c.name AS d_name, c.status AS d_status, c.inbound_rate_micros AS d_inbound_rate_micros, \
    c.outbound_rate_micros AS d_outbound_rate_micros, c.sms_rate_micros AS d_sms_rate_micros, \
    c.first_increment_secs AS d_first_increment_secs, c.next_increment_secs AS d_next_increment_secs";

/// The destination in a row read with `COLUMNS` (or columns named alike), or None when
/// the join found none.
pub fn from_row(r: &AnyRow) -> Result<Option<Destination>, sqlx::Error> {
    let Some(country_id) = r.try_get("d_id")? else {
        return Ok(None);
    };
    Ok(Some(Destination {
        country_id,
        name: r.try_get("d_name")?,
        active: r.try_get::<String, _>("d_status")? == "active",
        inbound: r.try_get("d_inbound_rate_micros")?,
        outbound: r.try_get("d_outbound_rate_micros")?,
        sms: r.try_get("d_sms_rate_micros")?,
        increments: Increments {
            first: r.try_get("d_first_increment_secs")?,
            next: r.try_get("d_next_increment_secs")?,
        },
    }))
}

/// The destinations of `count` candidate prefixes bound from `$first` on, each row
/// with its prefix (`d_prefix`): one indexed lookup, usable alone or as a derived
/// table. Core picks among them.
pub fn candidates_sql(columns: &str, first: usize, count: usize) -> String {
    let placeholders: Vec<String> = (first..first + count).map(|i| format!("${i}")).collect();
    format!(
        "SELECT p.prefix AS d_prefix, {columns} FROM rate_prefixes p JOIN countries c ON c.id = p.country_id \
         WHERE p.prefix IN ({})",
        placeholders.join(", ")
    )
}

/// Core's choice among rows read with `candidates_sql`.
pub fn pick(rows: &[AnyRow]) -> Result<Option<Destination>, sqlx::Error> {
    let mut candidates = Vec::with_capacity(rows.len());
    for r in rows {
        let prefix: Option<String> = r.try_get("d_prefix")?;
        if let (Some(prefix), Some(d)) = (prefix, from_row(r)?) {
            candidates.push((prefix, d));
        }
    }
    Ok(longest_prefix(candidates))
}

/// The rate deck's destination for a call to `to` (the number dialled, or the
/// customer's own number that was called) starting at `at`: the longest prefix of
/// `to` in the deck in force then (core's `PrefixTable`, cached per instance). None
/// when no deck is in force or it has no such prefix: the per-country destination
/// found with the call's party applies. Asked before the call's transaction, so the
/// cache never waits for a connection while holding one.
pub async fn deck_rate(
    state: &crate::state::AppState,
    to: &str,
    at: i64,
) -> Result<Option<Destination>, sqlx::Error> {
    Ok(state.decks.lookup(&state.db, to, at).await?.flatten())
}

/// The destination of an E.164 number by longest prefix, if any.
pub async fn lookup<'e, E: Executor<'e, Database = Any>>(
    ex: E,
    number: &str,
) -> Result<Option<Destination>, sqlx::Error> {
    let region = crate::infra::numbering::region(number);
    let Some(prefixes) = candidate_prefixes_in(number, region.as_deref()) else {
        return Ok(None);
    };
    let sql = candidates_sql(COLUMNS, 1, prefixes.len());
    let mut query = sqlx::query(&sql);
    for prefix in prefixes {
        query = query.bind(prefix);
    }
    pick(&query.fetch_all(ex).await?)
}
