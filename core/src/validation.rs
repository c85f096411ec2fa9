//! Form and request validation with the exact messages of the spec (section 5).
//! The browser runs these through wasm as the user types; the server runs the same
//! functions and answers 400 with the same messages. Each field reports only its
//! first failing rule.

use crate::{email, money, phone};
use rust_decimal::Decimal;
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

/// Collects the first failure per field.
#[derive(Default)]
struct Checker(FieldErrors);

impl Checker {
    fn fail(&mut self, field: &str, message: impl Into<String>) {
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
            self.fail("email", "Invalid email address");
        }
    }
    fn done(self) -> FieldErrors {
        self.0
    }
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LoginInput {
    pub email: String,
    pub password: String,
}

/// A lone email field (forgot password): required, one line, at most 254, the pattern.
pub fn email_errors(email: &str) -> FieldErrors {
    let mut c = Checker::default();
    c.email(email);
    c.done()
}

pub fn validate_login(i: &LoginInput) -> FieldErrors {
    let mut c = Checker::default();
    c.email(&i.email);
    c.required("password", &i.password, "Password is required");
    c.min_chars(
        "password",
        &i.password,
        6,
        "Password must be at least 6 characters",
    );
    c.max_chars("password", &i.password, MAX_PASSWORD, "Password");
    c.done()
}

/// What the server receives at POST /auth/signup.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SignupInput {
    pub name: String,
    pub email: String,
    pub password: String,
}

fn check_name(c: &mut Checker, field: &str, value: &str) {
    c.required(field, value, "Name is required");
    c.line(field, value);
    c.min_chars(field, value.trim(), 2, "Name must be at least 2 characters");
    c.max_chars(field, value, MAX_NAME, "Name");
}

fn check_new_password(c: &mut Checker, field: &str, value: &str) {
    c.required(field, value, "Password is required");
    c.min_chars(field, value, 8, "Password must be at least 8 characters");
    c.max_chars(field, value, MAX_PASSWORD, "Password");
}

fn check_confirmation(c: &mut Checker, password: &str, confirmation: &str) {
    c.required(
        "confirmPassword",
        confirmation,
        "Please confirm your password",
    );
    if !c.has("confirmPassword") && confirmation != password {
        c.fail("confirmPassword", "Passwords do not match");
    }
}

pub fn validate_signup(i: &SignupInput) -> FieldErrors {
    let mut c = Checker::default();
    check_name(&mut c, "name", &i.name);
    c.email(&i.email);
    check_new_password(&mut c, "password", &i.password);
    c.done()
}

/// The sign-up form: the request's fields plus the confirmation and the terms box.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SignupForm {
    pub name: String,
    pub email: String,
    pub password: String,
    pub confirm_password: String,
    pub terms: bool,
}

pub fn validate_signup_form(f: &SignupForm) -> FieldErrors {
    let mut errors = validate_signup(&SignupInput {
        name: f.name.clone(),
        email: f.email.clone(),
        password: f.password.clone(),
    });
    let mut c = Checker(std::mem::take(&mut errors));
    check_confirmation(&mut c, &f.password, &f.confirm_password);
    if !f.terms {
        c.fail(
            "terms",
            "You must accept the Terms of Service and Privacy Policy",
        );
    }
    c.done()
}

/// The profile part of the settings form.
///
/// The spec gives the names a minimum length of 4 while its message says 6. We
/// enforce 4 and say 4, so the rule and its message can never disagree.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ProfileInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
}

pub const MIN_SETTINGS_NAME: usize = 4;

pub fn validate_profile(i: &ProfileInput) -> FieldErrors {
    let mut c = Checker::default();
    c.required("firstName", &i.first_name, "First name is required");
    c.line("firstName", &i.first_name);
    c.min_chars(
        "firstName",
        i.first_name.trim(),
        MIN_SETTINGS_NAME,
        "First name must be at least 4 characters",
    );
    c.max_chars("firstName", &i.first_name, MAX_NAME, "First name");
    c.required("lastName", &i.last_name, "Last name is required");
    c.line("lastName", &i.last_name);
    c.min_chars(
        "lastName",
        i.last_name.trim(),
        MIN_SETTINGS_NAME,
        "Last name must be at least 4 characters",
    );
    c.max_chars("lastName", &i.last_name, MAX_NAME, "Last name");
    c.email(&i.email);
    c.done()
}

/// The password part of the settings form.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PasswordChangeInput {
    pub current_password: String,
    pub new_password: String,
    pub confirm_password: String,
}

/// Also what the server answers when a new email comes without the current password.
pub const CURRENT_PASSWORD_REQUIRED: &str = "Current password is required";

pub fn validate_password_change(i: &PasswordChangeInput) -> FieldErrors {
    let mut c = Checker::default();
    c.required(
        "currentPassword",
        &i.current_password,
        CURRENT_PASSWORD_REQUIRED,
    );
    check_new_password(&mut c, "newPassword", &i.new_password);
    check_confirmation(&mut c, &i.new_password, &i.confirm_password);
    c.done()
}

/// A new password with its confirmation (the reset-password page).
pub fn validate_new_password(password: &str, confirmation: &str) -> FieldErrors {
    let mut c = Checker::default();
    check_new_password(&mut c, "password", password);
    check_confirmation(&mut c, password, confirmation);
    c.done()
}

/// Deposit amount: numeric, at least 1, in steps of 0.01, and at most `max`.
/// Returns the parsed amount when it is valid.
pub fn validate_deposit(amount: &str, max: Decimal) -> Result<Decimal, FieldErrors> {
    let mut c = Checker::default();
    if amount.trim().is_empty() {
        c.fail("amount", "Amount is required");
        return Err(c.done());
    }
    let parsed = match money::parse_amount(amount) {
        Ok(d) => d,
        Err(_) => {
            c.fail("amount", "Amount must be a number");
            return Err(c.done());
        }
    };
    if parsed <= Decimal::ZERO {
        c.fail("amount", "Amount must be greater than 0");
    } else if parsed < Decimal::from(MIN_DEPOSIT_USD) {
        c.fail("amount", "Minimum deposit is $1.00");
    } else if parsed.normalize().scale() > 2 {
        c.fail("amount", "Amount can have at most 2 decimal places");
    } else if parsed > max {
        c.fail(
            "amount",
            format!("Maximum deposit is {}", money::format_usd(max)),
        );
    }
    if c.0.is_empty() {
        Ok(parsed)
    } else {
        Err(c.done())
    }
}

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

/// An administrator's balance adjustment: a positive amount in cents and a reason.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AdjustmentInput {
    pub amount: String,
    pub reason: String,
}

pub const MAX_REASON: usize = 500;

pub fn validate_adjustment(i: &AdjustmentInput) -> Result<Decimal, FieldErrors> {
    let mut c = Checker::default();
    let amount = match money::parse_amount(&i.amount) {
        _ if i.amount.trim().is_empty() => {
            c.fail("amount", "Amount is required");
            None
        }
        Err(_) => {
            c.fail("amount", "Amount must be a number");
            None
        }
        Ok(d) if d <= Decimal::ZERO => {
            c.fail("amount", "Amount must be greater than 0");
            None
        }
        Ok(d) if d.normalize().scale() > 2 => {
            c.fail("amount", "Amount can have at most 2 decimal places");
            None
        }
        Ok(d) if d > Decimal::from(1_000_000) => {
            c.fail("amount", "Amount must be at most $1000000.00");
            None
        }
        Ok(d) => Some(d),
    };
    c.required("reason", &i.reason, "Reason is required");
    c.line("reason", &i.reason);
    c.max_chars("reason", &i.reason, MAX_REASON, "Reason");
    match amount {
        Some(d) if c.0.is_empty() => Ok(d),
        _ => Err(c.done()),
    }
}

/// A whole number field from `min` to `max`, with its label in every message.
pub(crate) fn whole(
    e: &mut FieldErrors,
    field: &str,
    label: &str,
    text: &str,
    min: i64,
    max: i64,
) -> Option<i64> {
    match text.trim().parse::<i64>() {
        _ if text.trim().is_empty() => e
            .insert(field.into(), format!("{label} is required"))
            .and(None),
        Ok(n) if (min..=max).contains(&n) => Some(n),
        Ok(_) => e
            .insert(
                field.into(),
                format!("{label} must be between {min} and {max}"),
            )
            .and(None),
        Err(_) => e
            .insert(field.into(), format!("{label} must be a whole number"))
            .and(None),
    }
}
