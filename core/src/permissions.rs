//! Where an account may call and text (geo permissions): per account, the countries
//! it may reach for calls and for SMS, stored as ISO 3166 codes. New accounts get the
//! administrator's default set and their own country; high-risk destinations stay off
//! until an administrator grants them on request. Whatever the countries, numbers in
//! the administrator's high-risk prefixes are refused (revenue-share fraud, pumping).

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// Calls or messages: each has its own set of countries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Voice,
    Sms,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Voice => "voice",
            Channel::Sms => "sms",
        }
    }

    pub fn parse(s: &str) -> Option<Channel> {
        match s {
            "voice" => Some(Channel::Voice),
            "sms" => Some(Channel::Sms),
            _ => None,
        }
    }
}

/// The countries an account may reach until an administrator chooses others: North
/// America, the European Economic Area with the United Kingdom and Switzerland, the
/// large markets of the catalogue, and low-risk Asia-Pacific. Countries whose ranges
/// carry most revenue-share fraud are left out; a customer asks for them.
pub const DEFAULT_COUNTRIES: [&str; 48] = [
    "AR", "AT", "AU", "BE", "BG", "BR", "CA", "CH", "CL", "CN", "CO", "CY", "CZ", "DE", "DK", "EE",
    "ES", "FI", "FR", "GB", "GR", "HK", "HR", "HU", "IE", "IN", "IS", "IT", "JP", "KR", "LI", "LT",
    "LU", "LV", "MT", "MX", "NL", "NO", "NZ", "PL", "PR", "PT", "RO", "SE", "SG", "SI", "SK", "US",
];

pub const COUNTRY_NOT_PERMITTED_MESSAGE: &str =
    "Your account is not permitted to reach this country. Ask for it on the Permissions page.";
pub const HIGH_RISK_MESSAGE: &str =
    "This number is in a range blocked for fraud risk and cannot be reached from Dialtone.";
pub const COUNTRY_LIST_MESSAGE: &str =
    "List countries as two-letter ISO 3166 codes separated by spaces or commas, e.g. US GB DE";
pub const PREFIX_LIST_MESSAGE: &str =
    "List prefixes as 1 to 15 digits with their country code, separated by spaces or commas, e.g. +252 +8816";
pub const ALREADY_PERMITTED_MESSAGE: &str = "Your account may already reach this country.";
pub const ALREADY_REQUESTED_MESSAGE: &str =
    "You already asked for this country; an administrator will answer soon.";

pub const ASK_MESSAGE: &str =
    "Only an administrator turns this country on for your account: ask for it instead.";

/// Whether a customer may turn `country` on by themselves: only one of the default
/// set new accounts get (`defaults`; None: `DEFAULT_COUNTRIES`). Turning off is free.
pub fn may_turn_on(defaults: Option<&str>, country: &str) -> Result<(), &'static str> {
    match permitted(defaults).contains(iso_code(country)) {
        true => Ok(()),
        false => Err(ASK_MESSAGE),
    }
}

/// Twilio's codes for a refusal: calls to a country not permitted (21215), messages to
/// a region not enabled (21408), a number not reachable by SMS (21612).
pub fn twilio_code(channel: Channel, high_risk: bool) -> u32 {
    match (channel, high_risk) {
        (Channel::Voice, _) => 21215,
        (Channel::Sms, false) => 21408,
        (Channel::Sms, true) => 21612,
    }
}

/// The catalogue's country code as ISO 3166 has it (the catalogue says "UK").
pub fn iso_code(code: &str) -> &str {
    match code {
        "UK" => "GB",
        other => other,
    }
}

/// The countries of a stored set; an account that never chose has the default set.
pub fn permitted(stored: Option<&str>) -> BTreeSet<String> {
    match stored {
        Some(text) => text.split_whitespace().map(str::to_string).collect(),
        None => DEFAULT_COUNTRIES.iter().map(|c| c.to_string()).collect(),
    }
}

/// Whether a stored set reaches `country` (the numbering plan's region of the number
/// called; None when the plan places it in no country, which no set reaches).
pub fn permits(stored: Option<&str>, country: Option<&str>) -> bool {
    country.is_some_and(|c| permitted(stored).contains(iso_code(c)))
}

/// A set as stored: sorted codes separated by single spaces.
pub fn store(countries: &BTreeSet<String>) -> String {
    countries.iter().cloned().collect::<Vec<_>>().join(" ")
}

/// A new account's set: the administrator's default (None: `DEFAULT_COUNTRIES`) and
/// the account's own country, the one of the phone it signed up with.
pub fn initial(defaults: Option<&str>, own: Option<&str>) -> String {
    let mut set = permitted(defaults);
    if let Some(own) = own {
        set.insert(iso_code(own).to_string());
    }
    store(&set)
}

/// The set with `country` added (an administrator's grant) or removed (a customer's
/// choice, or an administrator's).
pub fn with(stored: Option<&str>, country: &str, on: bool) -> String {
    let mut set = permitted(stored);
    let country = iso_code(country).to_string();
    match on {
        true => set.insert(country),
        false => set.remove(&country),
    };
    store(&set)
}

/// The countries a Permissions page lists beyond the catalogue's: those an account
/// reaches beyond the defaults on either channel (an administrator granted them on
/// request), and those it asked for; `stored` and `defaults` are the voice and SMS
/// sets, `waiting` the countries of its open requests. Without them, a country
/// granted outside the price list would be nowhere on the page.
pub fn listed_beyond(
    stored: [Option<&str>; 2],
    defaults: [Option<&str>; 2],
    waiting: &[&str],
    catalogue: &BTreeSet<String>,
) -> BTreeSet<String> {
    let mut extra: BTreeSet<String> = waiting.iter().map(|c| iso_code(c).to_string()).collect();
    for (set, default) in stored.iter().zip(defaults) {
        extra.extend(permitted(*set).difference(&permitted(default)).cloned());
    }
    extra.retain(|c| !catalogue.contains(c));
    extra
}

/// A country's flag: the regional indicator symbols of its ISO 3166 code.
pub fn flag_emoji(iso: &str) -> String {
    iso.chars()
        .filter(char::is_ascii_uppercase)
        .filter_map(|c| char::from_u32(0x1F1E6 + (c as u32 - 'A' as u32)))
        .collect()
}

/// Whether a customer may ask for `country`: not when the account reaches it already,
/// nor while a request for it waits.
pub fn may_request(stored: Option<&str>, country: &str, pending: bool) -> Result<(), &'static str> {
    if permitted(stored).contains(iso_code(country)) {
        return Err(ALREADY_PERMITTED_MESSAGE);
    }
    match pending {
        true => Err(ALREADY_REQUESTED_MESSAGE),
        false => Ok(()),
    }
}

/// Whether `number` (E.164) starts with one of the stored high-risk prefixes.
pub fn high_risk(number: &str, prefixes: Option<&str>) -> bool {
    let digits = number.strip_prefix('+').unwrap_or(number);
    prefixes
        .unwrap_or("")
        .split_whitespace()
        .any(|p| !p.is_empty() && digits.starts_with(p))
}

fn items(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
}

/// A list of countries as typed (codes separated by spaces or commas, any case),
/// normalised for storing; "UK" is stored as GB.
pub fn parse_countries(text: &str) -> Result<String, &'static str> {
    let mut set = BTreeSet::new();
    for item in items(text) {
        let code = item.to_ascii_uppercase();
        if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(COUNTRY_LIST_MESSAGE);
        }
        set.insert(iso_code(&code).to_string());
    }
    Ok(store(&set))
}

/// A list of high-risk prefixes as typed (digits with or without "+"), normalised for
/// storing: digits only, sorted, separated by spaces.
pub fn parse_prefixes(text: &str) -> Result<String, &'static str> {
    let mut set = BTreeSet::new();
    for item in items(text) {
        let digits = item.strip_prefix('+').unwrap_or(item);
        let valid = (1..=15).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if !valid {
            return Err(PREFIX_LIST_MESSAGE);
        }
        set.insert(digits.to_string());
    }
    Ok(store(&set))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_that_never_chose_reaches_the_default_countries_only() {
        assert!(permits(None, Some("US")));
        assert!(permits(None, Some("UK")));
        assert!(!permits(None, Some("SO")));
        assert!(!permits(None, None));
        assert!(permits(Some("SO US"), Some("SO")));
        assert!(!permits(Some(""), Some("US")));
    }

    #[test]
    fn a_new_account_adds_its_own_country_to_the_defaults() {
        assert_eq!(initial(Some("US GB"), Some("JM")), "GB JM US");
        assert_eq!(initial(Some("US"), None), "US");
        assert!(initial(None, Some("PG")).contains("PG"));
    }

    #[test]
    fn the_page_lists_countries_granted_or_asked_for_beyond_the_catalogue() {
        let catalogue: BTreeSet<String> = ["US", "GB"].map(String::from).into();
        // Jamaica granted for calls beyond the defaults, Somalia asked for by SMS.
        let listed = listed_beyond(
            [Some("US JM"), None],
            [Some("US"), None],
            &["SO"],
            &catalogue,
        );
        assert_eq!(listed, ["JM", "SO"].map(String::from).into());
        // A default country off the price list is not a grant: not listed.
        let none = listed_beyond(
            [Some("US JM"), None],
            [Some("US JM"), None],
            &[],
            &catalogue,
        );
        assert!(none.is_empty());
        // A catalogue country asked for is in the catalogue's rows already.
        assert!(listed_beyond([None, None], [None, None], &["UK"], &catalogue).is_empty());
        assert_eq!(flag_emoji("JM"), "🇯🇲");
    }

    #[test]
    fn lists_are_checked_and_normalised() {
        assert_eq!(parse_countries("us, uk  de"), Ok("DE GB US".into()));
        assert_eq!(parse_countries("USA"), Err(COUNTRY_LIST_MESSAGE));
        assert_eq!(parse_prefixes("+252, 8816 252"), Ok("252 8816".into()));
        assert_eq!(parse_prefixes("+0252"), Err(PREFIX_LIST_MESSAGE));
        assert!(high_risk("+252612345678", Some("252 8816")));
        assert!(!high_risk("+14155550123", Some("252 8816")));
        assert!(!high_risk("+14155550123", None));
    }

    #[test]
    fn a_country_is_asked_for_once_and_only_when_blocked() {
        assert_eq!(
            may_request(None, "US", false),
            Err(ALREADY_PERMITTED_MESSAGE)
        );
        assert_eq!(
            may_request(None, "SO", true),
            Err(ALREADY_REQUESTED_MESSAGE)
        );
        assert_eq!(may_request(None, "SO", false), Ok(()));
        assert_eq!(with(Some("US"), "SO", true), "SO US");
        assert_eq!(may_turn_on(None, "US"), Ok(()));
        assert_eq!(may_turn_on(Some("US"), "SO"), Err(ASK_MESSAGE));
        assert_eq!(with(Some("SO US"), "US", false), "SO");
    }
}
