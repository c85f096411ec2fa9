//! SIP devices and the switch's answers: the username rule of SIP credentials, the
//! caller-ID rule, and the SIP status a refused call gets.

use crate::validation::FieldErrors;
use serde::{Deserialize, Serialize};

pub const USERNAME_REQUIRED_MESSAGE: &str = "Username is required";
pub const USERNAME_FORMAT_MESSAGE: &str =
    "Use 4 to 32 lowercase letters, digits, dots, dashes or underscores, starting with a letter";
pub const USERNAME_TAKEN_MESSAGE: &str = "This username is already taken";
pub const CALLER_ID_REQUIRED_MESSAGE: &str = "Choose a caller ID";
pub const CALLER_ID_NOT_YOURS_MESSAGE: &str = "The caller ID must be one of your active numbers";
/// The generated password's length: 24 characters of a 62-letter alphabet, about
/// 143 bits.
pub const PASSWORD_LENGTH: usize = 24;

/// The browser phone's credentials: a device of the account that lasts this long (a
/// page open longer asks for new ones), at most `MAX_BROWSER_PHONES` at once.
pub const BROWSER_PHONE_SECONDS: i64 = 3600;
pub const MAX_BROWSER_PHONES: i64 = 5;
/// Browser phones' usernames start with this, which a device's username cannot (it
/// starts with a letter): the two never collide.
pub const BROWSER_PHONE_PREFIX: &str = "_web";
pub const BROWSER_PHONE_NO_NUMBER_MESSAGE: &str =
    "Calls show one of your numbers: buy a number (or take your trial number) first";

/// The longest the switch keeps a device's credentials (its HA1, caller ID and whether
/// its account is suspended) before asking again. Any change to them is noticed sooner:
/// the switch drops all it keeps when Dialtone's credential epoch moves, which it asks
/// for every second.
pub const CREDENTIALS_CACHE_SECONDS: i64 = 60;

/// How long the switch may keep credentials read at `now_ms`: the cache's limit, or
/// less for credentials that expire before it (a browser phone's), in whole seconds
/// (0: not at all).
pub fn credentials_cache_seconds(expires_at_ms: Option<i64>, now_ms: i64) -> i64 {
    match expires_at_ms {
        None => CREDENTIALS_CACHE_SECONDS,
        Some(at) => ((at - now_ms) / 1000).clamp(0, CREDENTIALS_CACHE_SECONDS),
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SipDeviceInput {
    /// 4 to 32 of a-z, 0-9, '.', '-', '_', starting with a letter.
    #[serde(default)]
    pub username: String,
    /// One of the account's active numbers, E.164.
    #[serde(default)]
    pub caller_id: String,
    /// The account's password, checked by the server.
    #[serde(default)]
    pub password: String,
}

/// The username, normalised (trimmed, lowercased), when it is one a device may have.
pub fn username(text: &str) -> Option<String> {
    let u = text.trim().to_ascii_lowercase();
    let ok = (4..=32).contains(&u.len())
        && u.starts_with(|c: char| c.is_ascii_lowercase())
        && u.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '-' | '_'));
    ok.then_some(u)
}

/// The form's own rules; whether the caller ID is the account's is the server's check.
pub fn validate_device(i: &SipDeviceInput) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if i.username.trim().is_empty() {
        errors.insert("username".into(), USERNAME_REQUIRED_MESSAGE.into());
    } else if username(&i.username).is_none() {
        errors.insert("username".into(), USERNAME_FORMAT_MESSAGE.into());
    }
    if i.caller_id.trim().is_empty() {
        errors.insert("callerId".into(), CALLER_ID_REQUIRED_MESSAGE.into());
    }
    crate::api::require_password(&i.password, &mut errors);
    errors
}

/// Whether a SIP device may place this call with this caller ID: only outbound, and only
/// with a number its own account owns (`number_owner` is whoever owns the caller ID now;
/// a released number bought by someone else must not bill them). The refusal reason
/// otherwise.
pub fn device_may_call(
    outbound: bool,
    device_owner: Option<i64>,
    number_owner: i64,
) -> Result<(), &'static str> {
    if outbound && device_owner == Some(number_owner) {
        Ok(())
    } else {
        Err(crate::call::Refusal::CallerIdNotYours.code())
    }
}

/// The caller ID a device's call goes out with instead of being refused, when its
/// account chose "replace" over "refuse" for caller IDs that are not its own: the
/// device's configured caller ID, for a call refused for its caller ID alone, unless
/// that configured number is the one refused (it is checked again as any caller ID).
pub fn replacement_caller_id<'a>(
    refused: &str,
    sent: &str,
    configured: Option<&'a str>,
) -> Option<&'a str> {
    configured.filter(|c| refused_for_caller_id(refused) && !c.is_empty() && *c != sent)
}

/// STIR/SHAKEN attestation (RFC 8588) of the caller ID a call leaves with: A, one of
/// the account's own numbers; B, an outside number the account verified it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attestation {
    A,
    B,
}

/// A device's call that core refused, as the server read it: the refusal, the number
/// the device sent, its configured caller ID, the account's rule (replace or refuse)
/// and whether the account verified, by code, that it holds the number sent.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallerIdCase {
    pub refused: String,
    pub sent: String,
    pub configured: Option<String>,
    #[serde(default)]
    pub replace: bool,
    #[serde(default)]
    pub sent_verified: bool,
}

/// How such a call goes out after all: billed as `bill_as` (one of the account's own
/// numbers, authorized again as any caller ID), showing the carrier `shown`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallerIdFix {
    pub bill_as: String,
    pub shown: String,
    pub attestation: Attestation,
}

/// A call refused for its caller ID alone goes out with the number it sent when the
/// account verified it holds that outside number (attestation B: Dialtone knows the
/// customer, not that the number is theirs on its network), else with the configured
/// caller ID where the account chose to replace (A). Either way it is billed as the
/// configured caller ID, since a verified number has no rates or owner on Dialtone.
/// None: the refusal stands.
pub fn caller_id_fix(c: &CallerIdCase) -> Option<CallerIdFix> {
    let own = replacement_caller_id(&c.refused, &c.sent, c.configured.as_deref())?;
    let (shown, attestation) = match (c.sent_verified, c.replace) {
        (true, _) => (c.sent.as_str(), Attestation::B),
        (false, true) => (own, Attestation::A),
        (false, false) => return None,
    };
    Some(CallerIdFix {
        bill_as: own.to_string(),
        shown: shown.to_string(),
        attestation,
    })
}

/// Whether a refusal (its code) was for the caller ID alone, the one a replacement
/// can lift.
pub fn refused_for_caller_id(refused: &str) -> bool {
    refused == crate::call::Refusal::CallerIdNotYours.code()
}

/// The SIP answer to a call `authorize` refused, by its reason: no funds is 402,
/// what the account may not do is 403, a destination nobody serves is 404, and
/// anything else fails closed as 503.
pub fn refusal_status(reason: &str) -> (u16, &'static str) {
    crate::call::sip_answer(reason)
}

pub const FORWARD_TO_ITSELF_MESSAGE: &str = "A number cannot forward its calls to itself";

/// A number's route as its owner set it: a forward number, or which of the owner's
/// devices ring.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteInput {
    #[serde(default)]
    pub forward_to: Option<String>,
    /// Every device of the owner, each with whether the route names it.
    #[serde(default)]
    pub devices: Vec<RouteDevice>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
pub struct RouteDevice {
    pub username: String,
    #[serde(default)]
    pub selected: bool,
    /// A browser phone open now: it rings with the devices whatever the route names.
    #[serde(default)]
    pub browser: bool,
}

/// Where an inbound call to a number goes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RouteChoice {
    /// A second, outbound leg to this number, authorized and billed to the owner.
    Forward { to: String },
    /// These devices ring at once; none at all means nobody can answer.
    Ring { devices: Vec<String> },
}

/// The route choice: a forward number wins; otherwise the devices the route names, or
/// every device of the owner when it names none, and the owner's open browser phones.
pub fn route_choice(route: &RouteInput) -> RouteChoice {
    if let Some(to) = route.forward_to.as_deref().filter(|t| !t.is_empty()) {
        return RouteChoice::Forward { to: to.to_string() };
    }
    let named = route.devices.iter().any(|d| d.selected && !d.browser);
    RouteChoice::Ring {
        devices: route
            .devices
            .iter()
            .filter(|d| d.browser || d.selected || !named)
            .map(|d| d.username.clone())
            .collect(),
    }
}

/// A forward number as typed: none (empty), or an E.164 number other than the routed
/// number itself, normalised.
pub fn validate_forward_to(text: &str, number: &str) -> Result<Option<String>, &'static str> {
    let to = crate::phone::normalize(text.trim());
    if to.is_empty() {
        return Ok(None);
    }
    if !crate::phone::is_e164(&to) {
        return Err(crate::phone::E164_MESSAGE);
    }
    if to == number {
        return Err(FORWARD_TO_ITSELF_MESSAGE);
    }
    Ok(Some(to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_are_normalised_and_bounded() {
        assert_eq!(username(" Ada.Desk "), Some("ada.desk".into()));
        assert_eq!(username("abc"), None);
        assert_eq!(username("1ada"), None);
        assert_eq!(username("ada desk"), None);
        assert_eq!(username(&"a".repeat(33)), None);
    }

    #[test]
    fn credentials_are_kept_no_longer_than_they_last() {
        let now = 1_000_000;
        assert_eq!(
            credentials_cache_seconds(None, now),
            CREDENTIALS_CACHE_SECONDS
        );
        assert_eq!(credentials_cache_seconds(Some(now + 3_600_000), now), 60);
        assert_eq!(credentials_cache_seconds(Some(now + 9_999), now), 9);
        assert_eq!(credentials_cache_seconds(Some(now + 999), now), 0);
        assert_eq!(credentials_cache_seconds(Some(now - 5_000), now), 0);
    }

    #[test]
    fn no_funds_is_402_and_the_unknown_fails_closed() {
        assert_eq!(refusal_status("insufficient_funds").0, 402);
        assert_eq!(refusal_status("trial_restricted").0, 403);
        assert_eq!(refusal_status("no_rate").0, 404);
        assert_eq!(refusal_status("something new").0, 503);
    }
}
