//! The country-pricing form as administrators send it, and its validation with
//! core's rate-row rules.

use crate::error::{Error, Result};
use dialtone_core::money::to_micros;
use dialtone_core::rates::{validate_rate_row, RateInput};
use serde::Deserialize;
use utoipa::ToSchema;

/// The form as sent: rates may arrive as JSON numbers or strings.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateRequest {
    /// The country's name.
    #[serde(default)]
    country: String,
    /// Two capital letters, e.g. DE.
    #[serde(default)]
    code: String,
    /// 1 to 4 digits, with or without a leading +.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::responses::number_or_string)]
    calling_code: crate::json::NumberText,
    /// An emoji flag, at most 8 characters (kept when empty on update).
    #[serde(default)]
    flag: String,
    /// Per minute, 0 to 10 with at most 6 decimals.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::responses::number_or_string)]
    inbound_rate: crate::json::NumberText,
    /// Per minute, 0 to 10 with at most 6 decimals.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::responses::number_or_string)]
    outbound_rate: crate::json::NumberText,
    /// Per message, 0 to 10 with at most 6 decimals.
    #[serde(default)]
    #[schema(schema_with = crate::openapi::responses::number_or_string)]
    sms_rate: crate::json::NumberText,
    /// `active` (the default) or `inactive`.
    #[serde(default)]
    status: String,
}

pub struct ValidRow {
    pub input: RateInput,
    pub flag: String,
    pub inbound: i64,
    pub outbound: i64,
    pub sms: i64,
}

/// The request checked with core's rate-row rules, amounts in micro-dollars.
pub fn validate(req: RateRequest) -> Result<ValidRow> {
    let input = RateInput {
        country: req.country.trim().into(),
        code: req.code.trim().into(),
        calling_code: req
            .calling_code
            .0
            .clone()
            .trim()
            .trim_start_matches('+')
            .into(),
        inbound_rate: req.inbound_rate.0.clone(),
        outbound_rate: req.outbound_rate.0.clone(),
        sms_rate: req.sms_rate.0.clone(),
        status: if req.status.is_empty() {
            "active".into()
        } else {
            req.status
        },
    };
    let rates = validate_rate_row(&input).map_err(Error::invalid)?;
    let micros = |d| to_micros(d).map_err(|e| Error::bad_request(e.to_string()));
    if req.flag.chars().count() > 8 {
        return Err(Error::field("flag", "Flag must be at most 8 characters"));
    }
    Ok(ValidRow {
        flag: req.flag,
        inbound: micros(rates.inbound)?,
        outbound: micros(rates.outbound)?,
        sms: micros(rates.sms)?,
        input,
    })
}
