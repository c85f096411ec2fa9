//! The 7-day free trial: who may spend trial credit on what, how long is left, and
//! the code that proves a number is the user's.

use crate::phone;
use crate::validation::FieldErrors;
use serde::{Deserialize, Serialize};

pub const TRIAL_DAYS: i64 = 7;
const DAY_MS: i64 = 24 * 3600 * 1000;
/// The trial credit when an administrator has not set another: $5.00, enough for a
/// first call and a few texts to the verified numbers.
pub const DEFAULT_TRIAL_CREDIT_MICROS: i64 = 5_000_000;
/// Every message sent during the trial starts with this, so a trial cannot pass
/// for anyone else's traffic.
pub const SMS_PREFIX: &str = "Dialtone trial: ";
/// Verification codes: this many digits, valid this long, this many tries.
pub const CODE_DIGITS: usize = 6;
pub const CODE_TTL_MS: i64 = 15 * 60 * 1000;
pub const CODE_MAX_ATTEMPTS: i64 = 5;
/// Another code to the same number waits this long after the last one: "Resend"
/// counts down, and a double click sends one code.
pub const RESEND_AFTER_MS: i64 = 30_000;

pub const RESTRICTED_MESSAGE: &str = "During the free trial you can call and text only numbers you have verified. Verify this number or add funds to end the trial.";
pub const PURCHASE_MESSAGE: &str = "Trial credit can be used only for calls and SMS to verified numbers. Add funds to buy numbers and packages.";
pub const CODE_REQUIRED_MESSAGE: &str = "Verification code is required";
pub const CODE_FORMAT_MESSAGE: &str = "Enter the 6-digit code we sent to this number";
pub const CODE_WRONG_MESSAGE: &str = "This code is wrong or has expired. Request a new one.";
pub const NOT_IN_TRIAL_MESSAGE: &str = "Only accounts in their free trial verify numbers.";
/// The trial is once per phone number: a number verified in one account's trial is
/// refused in every other's (else one phone unlocks the credit on every new account).
pub const PHONE_USED_MESSAGE: &str = "This phone number was already verified for another account's free trial. The trial is once per phone number.";

/// Whole days left, counted up: 6 days and 1 hour left shows as 7; none once over.
pub fn days_left(ends_at_ms: i64, now_ms: i64) -> i64 {
    let left = ends_at_ms.saturating_sub(now_ms);
    if left <= 0 {
        0
    } else {
        left / DAY_MS + i64::from(left % DAY_MS != 0)
    }
}

/// The velocity limits on verification codes, free SMS that SMS pumping and SMS
/// bombing abuse: each a key that counts codes and how many an hour it allows. Per
/// account, per client address, per destination number (a victim), per block of a
/// thousand numbers (clustered destinations: the number without its last three
/// digits), per destination country (`country`, its ISO code: a pumping run spread
/// over one country's ranges takes at most a fifth of the platform's codes), and for
/// the whole platform.
pub fn code_velocity(
    user_id: i64,
    address: &str,
    number: &str,
    country: Option<&str>,
) -> Vec<(String, i64)> {
    let keep = number.chars().count().saturating_sub(3);
    let block: String = number.chars().take(keep).collect();
    let mut limits = vec![
        (format!("account:{user_id}"), 5),
        (format!("address:{address}"), 10),
        (format!("number:{number}"), 3),
        (format!("block:{block}"), 5),
    ];
    if let Some(country) = country {
        limits.push((format!("country:{country}"), 100));
    }
    limits.push(("all".to_string(), 500));
    limits
}

/// Whole seconds, counted up, until another code may go to a number whose last code
/// was sent at `sent_at_ms`; 0 when one may go now.
pub fn resend_wait_secs(sent_at_ms: i64, now_ms: i64) -> i64 {
    let left = sent_at_ms
        .saturating_add(RESEND_AFTER_MS)
        .saturating_sub(now_ms);
    if left <= 0 {
        0
    } else {
        (left + 999) / 1000
    }
}

/// Why a code was not sent yet: the wait of `resend_wait_secs`.
pub fn resend_wait_message(seconds: i64) -> String {
    let unit = if seconds == 1 { "second" } else { "seconds" };
    format!("A code was just sent to this number. You can request another in {seconds} {unit}.")
}

/// When a trial that starts at `now_ms` ends.
pub fn ends_at(now_ms: i64) -> i64 {
    now_ms + TRIAL_DAYS * DAY_MS
}

/// A trial runs from signup for `TRIAL_DAYS`, until it expires or converts.
pub fn is_active(status: Option<&str>, ends_at_ms: Option<i64>, now_ms: i64) -> bool {
    status == Some("active") && ends_at_ms.is_some_and(|end| end > now_ms)
}

/// The trial's restrictions (verified numbers only, the message prefix, no
/// purchases) bind an active trial once its credit was granted: before that the
/// account has no money of any kind to spend, and money of its own ends the trial.
pub fn restricts(
    status: Option<&str>,
    ends_at_ms: Option<i64>,
    credit_micros: i64,
    now_ms: i64,
) -> bool {
    is_active(status, ends_at_ms, now_ms) && credit_micros > 0
}

/// A call or message to `verified` (the user proved the number is theirs) may use
/// trial credit; anything else is refused with the message to show.
pub fn check_destination(in_trial: bool, verified: bool) -> Result<(), &'static str> {
    if in_trial && !verified {
        Err(RESTRICTED_MESSAGE)
    } else {
        Ok(())
    }
}

/// Numbers, packages and everything but calls and SMS need money of one's own.
pub fn check_purchase(in_trial: bool) -> Result<(), &'static str> {
    if in_trial {
        Err(PURCHASE_MESSAGE)
    } else {
        Ok(())
    }
}

/// How a number is paid for: with money, or as the trial's one free number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NumberPurchase {
    Paid,
    TrialNumber,
}

pub const TRIAL_NUMBER_TAKEN_MESSAGE: &str =
    "Your free trial includes one number, and you have it. Add funds to buy more numbers.";

/// A number bought by an account whose trial `restricts` it (its credit granted by a
/// verified phone): the first is its free trial number, any other is refused. Every
/// other account pays (before verifying, a trial account has no money to pay with, and
/// is told so by the purchase's 402).
pub fn number_purchase(
    restricted: bool,
    has_trial_number: bool,
) -> Result<NumberPurchase, &'static str> {
    match (restricted, has_trial_number) {
        (false, _) => Ok(NumberPurchase::Paid),
        (true, false) => Ok(NumberPurchase::TrialNumber),
        (true, true) => Err(TRIAL_NUMBER_TAKEN_MESSAGE),
    }
}

/// The text a trial message carries on the wire (and is charged for).
pub fn message_text(in_trial: bool, body: &str) -> String {
    if in_trial {
        format!("{SMS_PREFIX}{body}")
    } else {
        body.to_string()
    }
}

/// What is left of the trial credit when the trial ends. Trial credit is spent
/// first: `spent_micros` is what left the balance since it was granted (debits net
/// of refunds, never deposits or admin credits); what remains can be no more than
/// is available, and never below zero.
pub fn unused_credit(granted_micros: i64, spent_micros: i64, available_micros: i64) -> i64 {
    granted_micros
        .saturating_sub(spent_micros.max(0))
        .min(available_micros)
        .max(0)
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct VerifyInput {
    /// The number to verify, E.164.
    #[serde(default)]
    pub number: String,
    /// The code sent to it; empty when asking for a code.
    #[serde(default)]
    pub code: String,
}

/// Asking for a code needs a valid number; confirming also needs the code's form.
pub fn validate_verify(input: &VerifyInput, confirming: bool) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let number = phone::normalize(input.number.trim());
    if input.number.trim().is_empty() {
        errors.insert("number".into(), "Phone number is required".into());
    } else if !phone::is_e164(&number) {
        errors.insert("number".into(), phone::E164_MESSAGE.into());
    }
    if confirming {
        let code = input.code.trim();
        if code.is_empty() {
            errors.insert("code".into(), CODE_REQUIRED_MESSAGE.into());
        } else if code.len() != CODE_DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
            errors.insert("code".into(), CODE_FORMAT_MESSAGE.into());
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trial_that_has_just_started_has_seven_days_left() {
        assert_eq!(days_left(ends_at(1_000), 1_000), 7);
        assert_eq!(days_left(ends_at(0), DAY_MS - 1), 7);
        assert_eq!(days_left(ends_at(0), DAY_MS), 6);
        assert_eq!(days_left(ends_at(0), ends_at(0)), 0);
        assert_eq!(days_left(i64::MAX, i64::MIN), i64::MAX / DAY_MS + 1);
        assert_eq!(days_left(i64::MIN, i64::MAX), 0);
    }

    #[test]
    fn an_ended_or_converted_trial_restricts_nothing() {
        assert!(is_active(Some("active"), Some(10), 9));
        assert!(!is_active(Some("active"), Some(10), 10));
        assert!(!is_active(Some("converted"), Some(10), 9));
        assert!(!is_active(None, None, 9));
        assert!(restricts(Some("active"), Some(10), 1, 9));
        assert!(!restricts(Some("active"), Some(10), 0, 9));
        assert!(check_destination(false, false).is_ok());
        assert_eq!(check_destination(true, false), Err(RESTRICTED_MESSAGE));
        assert!(check_destination(true, true).is_ok());
    }

    #[test]
    fn unused_credit_never_exceeds_what_is_available() {
        assert_eq!(unused_credit(1_000_000, 0, 400_000), 400_000);
        assert_eq!(unused_credit(1_000_000, 0, 5_000_000), 1_000_000);
        assert_eq!(unused_credit(1_000_000, 300_000, 5_700_000), 700_000);
        assert_eq!(unused_credit(1_000_000, 2_000_000, 5_000_000), 0);
        assert_eq!(unused_credit(1_000_000, -50, 5_000_000), 1_000_000);
        assert_eq!(unused_credit(1_000_000, 0, -5), 0);
    }
}
