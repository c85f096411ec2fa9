//! Phone numbers as the screens show them.

use crate::db::iso;
use crate::json::Money;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::ToSchema;

pub fn type_label(t: &str) -> &'static str {
    match t {
        "mobile" => "Mobile",
        "landline" => "Landline",
        _ => "Toll-Free",
    }
}

/// Section 3's client phone number, with what the actions need.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyNumber {
    pub id: i64,
    /// E.164, e.g. +4930123456.
    pub number: String,
    pub country: String,
    pub country_code: String,
    pub flag: String,
    /// `Mobile`, `Landline` or `Toll-Free`.
    #[serde(rename = "type")]
    #[schema(example = "Mobile")]
    pub number_type: &'static str,
    pub purchase_date: Option<String>,
    /// When it renews (or, with renewal cancelled, ends).
    pub expiry_date: Option<String>,
    /// Whole days until the expiry date.
    pub days_remaining: Option<i64>,
    /// `active`, `expired`, `inactive`, ...
    #[schema(example = "active")]
    pub status: String,
    pub monthly_fee: Money,
    pub auto_renew: bool,
    /// The free trial number of an account in its trial: free until its expiry date,
    /// when it ends unless the account adds funds (then it renews monthly).
    pub trial: bool,
}

pub fn mine(r: &AnyRow, now: i64) -> Result<MyNumber, sqlx::Error> {
    let renews_at: Option<i64> = r.try_get("renews_at")?;
    let days = renews_at
        .map(|t| ((t - now).max(0) + crate::settings::DAY_MS - 1) / crate::settings::DAY_MS);
    Ok(MyNumber {
        id: r.try_get("id")?,
        number: r.try_get("number")?,
        country: r.try_get("country")?,
        country_code: r.try_get("country_code")?,
        flag: r.try_get("flag")?,
        number_type: type_label(&r.try_get::<String, _>("number_type")?),
        purchase_date: r.try_get::<Option<i64>, _>("purchased_at")?.map(iso),
        expiry_date: renews_at.map(iso),
        days_remaining: days,
        status: r.try_get("status")?,
        monthly_fee: Money::micros(r.try_get::<Option<i64>, _>("monthly_micros")?.unwrap_or(0)),
        auto_renew: r.try_get::<i64, _>("auto_renew")? != 0,
        trial: r.try_get::<Option<i64>, _>("trial_until")?.is_some(),
    })
}

/// A number of the user's, and the balance after paying for it.
#[derive(Serialize, ToSchema)]
pub struct NumberPaid {
    pub number: MyNumber,
    pub balance: Money,
}

/// A number of the user's.
#[derive(Serialize, ToSchema)]
pub struct NumberOnly {
    pub number: MyNumber,
}
