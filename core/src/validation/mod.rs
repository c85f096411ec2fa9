//! Form and request validation with the exact messages of the spec (section 5).
//! The browser runs these through wasm as the user types; the server runs the same
//! functions and answers 400 with the same messages. Each field reports only its
//! first failing rule.

use crate::{email, phone};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Field name (camelCase, as the forms name them) -> the first failing message.
pub type FieldErrors = BTreeMap<String, String>;

/// Upper bounds on free text, so no field can carry megabytes into the database.
pub const MAX_NAME: usize = 100;
pub const MAX_EMAIL: usize = 254;
/// The smallest deposit, in whole US dollars (spec section 9).
pub const MIN_DEPOSIT_USD: i64 = 1;
pub const MAX_PASSWORD: usize = 128;
pub const MAX_SUBJECT: usize = 200;
pub const MAX_CONTACT_MESSAGE: usize = 5000;
pub const MAX_SMS: usize = 1600;

/// The one rule for stored free text: no NUL and no other control character (C0,
/// DEL, C1), except line breaks and tabs in multi-line message bodies.
pub const CONTROL_CHARS_MESSAGE: &str = "This cannot contain control characters";

pub fn has_control_chars(value: &str, multiline: bool) -> bool {
    value
        .chars()
        .any(|c| c.is_control() && !(multiline && matches!(c, '\n' | '\t')))
}

/// The first rule a required free-text field `label` breaks, as its message: empty,
/// control characters (line breaks and tabs allowed when `multiline`), or more than
/// `max` characters. For the forms that check a field with more rules after these.
pub(crate) fn free_text_error(
    label: &str,
    value: &str,
    multiline: bool,
    max: usize,
) -> Option<String> {
    if value.trim().is_empty() {
        Some(format!("{label} is required"))
    } else if has_control_chars(value, multiline) {
        Some(CONTROL_CHARS_MESSAGE.into())
    } else if value.chars().count() > max {
        Some(format!("{label} must be at most {max} characters"))
    } else {
        None
    }
}

/// Collects the first failure per field.
#[derive(Default)]
pub(crate) struct Checker(pub(crate) FieldErrors);

impl Checker {
    pub(crate) fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.0
            .entry(field.to_string())
            .or_insert_with(|| message.into());
    }
    fn has(&self, field: &str) -> bool {
        self.0.contains_key(field)
    }
    fn required(&mut self, field: &str, value: &str, message: &str) {
        if value.trim().is_empty() {
            self.fail(field, message);
        }
    }
    fn min_chars(&mut self, field: &str, value: &str, min: usize, message: &str) {
        if !self.has(field) && value.chars().count() < min {
            self.fail(field, message);
        }
    }
    /// One line of text (a name, a subject).
    fn line(&mut self, field: &str, value: &str) {
        if !self.has(field) && has_control_chars(value, false) {
            self.fail(field, CONTROL_CHARS_MESSAGE);
        }
    }
    /// A message body: line breaks and tabs allowed.
    fn body(&mut self, field: &str, value: &str) {
        if !self.has(field) && has_control_chars(value, true) {
            self.fail(field, CONTROL_CHARS_MESSAGE);
        }
    }
    fn max_chars(&mut self, field: &str, value: &str, max: usize, label: &str) {
        if !self.has(field) && value.chars().count() > max {
            self.fail(field, format!("{label} must be at most {max} characters"));
        }
    }
    fn email(&mut self, value: &str) {
        // (The messages here are also `email_errors`' for a lone email field.)
        self.required("email", value, "Email is required");
        self.line("email", value);
        self.max_chars("email", value, MAX_EMAIL, "Email");
        if !self.has("email") && !email::is_basic_email(value.trim()) {
            self.fail("email", email::INVALID_EMAIL_MESSAGE);
        }
    }
    pub(crate) fn done(self) -> FieldErrors {
        self.0
    }
}

mod account;
mod amounts;

pub use account::*;
pub use amounts::*;

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SmsInput {
    pub to: String,
    pub message: String,
}

pub fn validate_sms(i: &SmsInput) -> FieldErrors {
    let mut c = Checker::default();
    c.required("to", &i.to, "Recipient is required");
    if !c.has("to") && !phone::is_e164(&phone::normalize(i.to.trim())) {
        c.fail("to", phone::E164_MESSAGE);
    }
    c.required("message", &i.message, "Message is required");
    c.body("message", &i.message);
    c.max_chars("message", &i.message, MAX_SMS, "Message");
    c.done()
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
}

pub fn validate_contact(i: &ContactInput) -> FieldErrors {
    let mut c = Checker::default();
    c.required("name", &i.name, "Name is required");
    c.line("name", &i.name);
    c.max_chars("name", &i.name, MAX_NAME, "Name");
    c.email(&i.email);
    c.required("subject", &i.subject, "Subject is required");
    c.line("subject", &i.subject);
    c.max_chars("subject", &i.subject, MAX_SUBJECT, "Subject");
    c.required("message", &i.message, "Message is required");
    c.body("message", &i.message);
    c.max_chars("message", &i.message, MAX_CONTACT_MESSAGE, "Message");
    c.done()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn each_field_reports_only_its_first_failure() {
        let e = validate_login(&LoginInput {
            email: String::new(),
            password: String::new(),
        });
        assert_eq!(e["email"], "Email is required");
        assert_eq!(e["password"], "Password is required");
    }

    #[test]
    fn settings_names_need_four_characters_and_say_four() {
        let e = validate_profile(&ProfileInput {
            first_name: "Ada".into(),
            last_name: "Love".into(),
            email: "ada@example.com".into(),
        });
        assert_eq!(e.len(), 1);
        assert_eq!(e["firstName"], "First name must be at least 4 characters");
    }

    #[test]
    fn a_deposit_of_zero_is_rejected() {
        let e = validate_deposit("0", Decimal::from(10_000)).unwrap_err();
        assert_eq!(e["amount"], "Amount must be greater than 0");
    }
}
