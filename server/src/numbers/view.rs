//! Phone numbers as the screens show them.

use crate::db::iso;
use crate::json::money;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

pub fn type_label(t: &str) -> &'static str {
    match t {
        "mobile" => "Mobile",
        "landline" => "Landline",
        _ => "Toll-Free",
    }
}

/// Columns for `mine`, joined with the country: `n` is phone_numbers, `c` countries.
pub const MINE_COLUMNS: &str =
    "n.id, n.number, n.number_type, n.status, n.monthly_micros, n.purchased_at, \
    n.renews_at, n.auto_renew, n.expired_at, c.name AS country, c.code AS country_code, c.flag";

/// Section 3's client phone number, with what the actions need.
pub fn mine(r: &AnyRow, now: i64) -> Result<Value, sqlx::Error> {
    let renews_at: Option<i64> = r.try_get("renews_at")?;
    let days = renews_at
        .map(|t| ((t - now).max(0) + crate::settings::DAY_MS - 1) / crate::settings::DAY_MS);
    Ok(json!({
        "id": r.try_get::<i64, _>("id")?,
        "number": r.try_get::<String, _>("number")?,
        "country": r.try_get::<String, _>("country")?,
        "countryCode": r.try_get::<String, _>("country_code")?,
        "flag": r.try_get::<String, _>("flag")?,
        "type": type_label(&r.try_get::<String, _>("number_type")?),
        "purchaseDate": r.try_get::<Option<i64>, _>("purchased_at")?.map(iso),
        "expiryDate": renews_at.map(iso),
        "daysRemaining": days,
        "status": r.try_get::<String, _>("status")?,
        "monthlyFee": money(r.try_get::<Option<i64>, _>("monthly_micros")?.unwrap_or(0)),
        "autoRenew": r.try_get::<i64, _>("auto_renew")? != 0,
    }))
}
