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

/// An amount of US dollars in a response body: exact inside, a JSON number on the
/// wire (like `money`), and `number` in the OpenAPI document.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Money(#[serde(with = "rust_decimal::serde::float")] pub Decimal);

impl Money {
    pub fn micros(micros: i64) -> Money {
        Money(from_micros(micros))
    }
}

impl utoipa::PartialSchema for Money {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .description(Some("An amount in US dollars"))
            .into()
    }
}

impl utoipa::ToSchema for Money {}

/// An amount or count in a request body, as the decimal text core validates: a JSON
/// string as typed, a JSON number as written, null or absent as empty. Money crosses
/// the boundary as text; nothing here parses it to a float. Anything else (true, a
/// list) becomes its JSON text, which core refuses with its "must be a number".
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NumberText(pub String);

impl<'de> serde::Deserialize<'de> for NumberText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(NumberText(match Value::deserialize(d)? {
            Value::String(s) => s,
            Value::Number(n) => n.to_string(),
            Value::Null => String::new(),
            other => other.to_string(),
        }))
    }
}

impl NumberText {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
