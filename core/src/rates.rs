//! An administrator's country rate row: name, ISO code, calling code, and the
//! inbound, outbound (per minute) and SMS (per message) rates; and rate decks, the
//! per-prefix price lists imported as CSV (`deck`), with what one changes (`deck_diff`).

pub mod deck;
pub mod deck_diff;
pub mod deck_row;
pub mod deck_schedule;

use crate::validation::{amount, free_text_error, FieldErrors, Rule};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RateInput {
    pub country: String,
    pub code: String,
    pub calling_code: String,
    pub inbound_rate: String,
    pub outbound_rate: String,
    pub sms_rate: String,
    pub status: String,
}

/// The three rates, parsed, of a valid row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rates {
    pub inbound: Decimal,
    pub outbound: Decimal,
    pub sms: Decimal,
}

/// No destination costs more than this per minute or message.
pub fn max_rate() -> Decimal {
    Decimal::from(10)
}

/// A per-minute or per-message rate in dollars: not negative, at most $10, and to the
/// micro-dollar (six decimal places).
pub(crate) fn rate_amount(label: &str, text: &str) -> Result<Decimal, String> {
    let most = || format!("{label} must be at most $10.000");
    let rules = [
        Rule::NotNegative,
        Rule::Max(max_rate(), &most),
        Rule::Places(6),
    ];
    amount(label, text, &rules)
}

fn rate(errors: &mut FieldErrors, field: &str, label: &str, text: &str) -> Option<Decimal> {
    rate_amount(label, text)
        .map_err(|m| errors.insert(field.into(), m))
        .ok()
}

pub fn validate_rate_row(i: &RateInput) -> Result<Rates, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = i.country.trim();
    if let Some(message) = free_text_error("Country", name, false, 100) {
        errors.insert("country".into(), message);
    }
    let code = i.code.trim();
    if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        errors.insert(
            "code".into(),
            "Code must be two capital letters, e.g. DE".into(),
        );
    }
    let calling = i.calling_code.trim().trim_start_matches('+');
    if calling.is_empty()
        || calling.len() > 4
        || !calling.bytes().all(|b| b.is_ascii_digit())
        || calling.starts_with('0')
    {
        errors.insert(
            "callingCode".into(),
            "Calling code must be 1 to 4 digits, e.g. 49".into(),
        );
    }
    let inbound = rate(&mut errors, "inboundRate", "Inbound rate", &i.inbound_rate);
    let outbound = rate(
        &mut errors,
        "outboundRate",
        "Outbound rate",
        &i.outbound_rate,
    );
    let sms = rate(&mut errors, "smsRate", "SMS rate", &i.sms_rate);
    if !matches!(i.status.as_str(), "active" | "inactive") {
        errors.insert("status".into(), "Status must be active or inactive".into());
    }
    match (inbound, outbound, sms) {
        (Some(inbound), Some(outbound), Some(sms)) if errors.is_empty() => Ok(Rates {
            inbound,
            outbound,
            sms,
        }),
        _ => Err(errors),
    }
}
