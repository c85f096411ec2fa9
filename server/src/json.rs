//! Money in JSON: the API shows amounts as JSON numbers (spec section 7), converted
//! from exact decimals at the edge only.

use dialtone_core::money::from_micros;
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value;

#[derive(Serialize)]
struct Number(#[serde(with = "rust_decimal::serde::float")] Decimal);

pub fn money(micros: i64) -> Value {
    serde_json::to_value(Number(from_micros(micros))).unwrap_or(Value::Null)
}
