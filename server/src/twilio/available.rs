//! AvailablePhoneNumbers: the inventory for sale, searched as Twilio's API searches.

use super::auth::ApiAccount;
use super::error::responses::{Credentials, Invalid, Missing, Throttled};
use super::error::{code, TwilioError, TwilioResult};
use super::numbers::capabilities;
use super::repo;
use super::wire::{PageRequest, Params};
use crate::extract::With;
use axum::extract::{Path, RawQuery};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct AvailablePhoneNumber {
    pub friendly_name: String,
    pub phone_number: String,
    pub iso_country: String,
    pub address_requirements: String,
    pub beta: bool,
    pub capabilities: BTreeMap<String, bool>,
    pub lata: Option<String>,
    pub locality: Option<String>,
    pub rate_center: Option<String>,
    pub region: Option<String>,
    pub postal_code: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AvailablePhoneNumberPage {
    pub available_phone_numbers: Vec<AvailablePhoneNumber>,
    pub uri: String,
}

/// Twilio's `Contains`: core's keypad pattern (digits, letters, `*` for any digit).
fn contains_pattern(text: &str) -> TwilioResult<String> {
    dialtone_core::inventory::contains_pattern(text)
        .ok_or_else(|| TwilioError::bad(code::INVALID, dialtone_core::inventory::CONTAINS_MESSAGE))
}

/// Twilio's `VoiceEnabled`, `SmsEnabled`, `MmsEnabled` and `FaxEnabled` filters
/// against core's capabilities of every number in stock: false when none can match.
fn capable(p: &Params) -> TwilioResult<bool> {
    let mut wanted = Vec::new();
    for (param, name) in [
        ("VoiceEnabled", "voice"),
        ("SmsEnabled", "sms"),
        ("MmsEnabled", "mms"),
        ("FaxEnabled", "fax"),
    ] {
        match p.text(param).map(str::to_ascii_lowercase).as_deref() {
            None => {}
            Some("true") => wanted.push((name, true)),
            Some("false") => wanted.push((name, false)),
            Some(_) => {
                let message = format!("{param} must be true or false");
                return Err(TwilioError::bad(code::INVALID, message));
            }
        }
    }
    dialtone_core::catalogue::capabilities_match(&wanted)
        .map_err(|m| TwilioError::bad(code::INVALID, m))
}

/// Numbers for sale in a country: `Local` (landline), `Mobile` or `TollFree`.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/AvailablePhoneNumbers/{CountryCode}/{Type}.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID"),
        ("CountryCode" = String, Path, description = "ISO 3166 alpha-2, e.g. US or GB"),
        ("Type" = String, Path, description = "Local, Mobile or TollFree"),
        ("AreaCode" = Option<String>, Query, description = "The national number starts with these digits"),
        ("Contains" = Option<String>, Query, description = "Digits, letters or * the number contains"),
        ("VoiceEnabled" = Option<bool>, Query, description = "Only numbers that can (true) or cannot (false) take calls"),
        ("SmsEnabled" = Option<bool>, Query, description = "Only numbers that can (true) or cannot (false) send SMS"),
        ("MmsEnabled" = Option<bool>, Query, description = "Only numbers that can (true) or cannot (false) send MMS"),
        ("FaxEnabled" = Option<bool>, Query, description = "Only numbers that can (true) or cannot (false) take faxes"),
        ("PageSize" = Option<i64>, Query, description = "1 to 1000, 50 by default")),
    responses((status = 200, description = "Numbers for sale", body = AvailablePhoneNumberPage), Invalid, Credentials, Missing, Throttled))]
pub async fn list_available(
    With(state, account): With<ApiAccount>,
    Path(path): Path<(String, String, String)>,
    RawQuery(query): RawQuery,
) -> TwilioResult<axum::Json<AvailablePhoneNumberPage>> {
    let (_, country, file) = path;
    let number_type = match file.as_str() {
        "Local.json" => "landline",
        "Mobile.json" => "mobile",
        "TollFree.json" => "tollfree",
        _ => return Err(TwilioError::not_found("AvailablePhoneNumber type")),
    };
    let p = Params::parse(query.unwrap_or_default().as_bytes());
    let size = PageRequest::from(&p)?.size;
    let area = p.text("AreaCode").unwrap_or("");
    if !area.chars().all(|c| c.is_ascii_digit()) {
        return Err(TwilioError::bad(code::INVALID, "AreaCode must be digits"));
    }
    let pattern = contains_pattern(p.text("Contains").unwrap_or(""))?;
    let rows = if capable(&p)? {
        repo::for_sale(
            &state.db.pool,
            &dialtone_core::catalogue::country_code(&country),
            number_type,
            area,
            &pattern,
            size,
        )
        .await?
    } else {
        Vec::new()
    };
    let uri = format!(
        "{}/AvailablePhoneNumbers/{}/{file}",
        super::base(&account.account_sid),
        country.to_ascii_uppercase()
    );
    Ok(axum::Json(AvailablePhoneNumberPage {
        available_phone_numbers: rows
            .into_iter()
            .map(|n| AvailablePhoneNumber {
                friendly_name: n.number.clone(),
                phone_number: n.number,
                iso_country: n.country_code.clone(),
                address_requirements: "none".into(),
                beta: false,
                capabilities: capabilities(true),
                lata: None,
                locality: None,
                rate_center: None,
                region: None,
                postal_code: None,
            })
            .collect(),
        uri,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contains_reads_letters_as_keypad_digits() {
        assert_eq!(contains_pattern("55*CALL").unwrap(), "%55_2255%");
        assert!(contains_pattern("55-").is_err());
    }
}
