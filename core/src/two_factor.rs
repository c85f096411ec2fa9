//! Two-factor sign-in's rules: what a second-step code looks like (a 6-digit TOTP code
//! from an authenticator app, RFC 6238, or a single-use recovery code), and the
//! messages the forms show. The server checks the code itself.

use serde::{Deserialize, Serialize};

pub const CODE_REQUIRED_MESSAGE: &str = "Enter the code from your authenticator app";
pub const CODE_FORMAT_MESSAGE: &str =
    "Enter the 6-digit code from your authenticator app, or one of your recovery codes";
pub const CODE_WRONG_MESSAGE: &str =
    "This code is not right. Use the newest code from your app, or an unused recovery code.";
/// Recovery codes issued at enrolment, each usable once.
pub const RECOVERY_CODES: usize = 10;
/// A recovery code: two groups of five lowercase letters and digits, "abcde-12345".
pub const RECOVERY_GROUP: usize = 5;

/// A second-step code, normalised.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "code", rename_all = "camelCase")]
pub enum SecondStep {
    Totp(String),
    Recovery(String),
}

/// What was typed as a second step: a TOTP code (spaces allowed, "123 456"), or a
/// recovery code (any case, the dash optional); the message to show otherwise.
pub fn second_step(text: &str) -> Result<SecondStep, &'static str> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Err(CODE_REQUIRED_MESSAGE);
    }
    if compact.len() == 6 && compact.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(SecondStep::Totp(compact));
    }
    let bare: String = compact.to_ascii_lowercase().replace('-', "");
    let valid = bare.len() == 2 * RECOVERY_GROUP
        && bare
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    if valid && compact.matches('-').count() <= 1 {
        let (a, b) = bare.split_at(RECOVERY_GROUP);
        return Ok(SecondStep::Recovery(format!("{a}-{b}")));
    }
    Err(CODE_FORMAT_MESSAGE)
}

/// The second-step form's errors: `code` when it is not one.
pub fn validate_code(code: &str) -> crate::validation::FieldErrors {
    let mut errors = crate::validation::FieldErrors::new();
    if let Err(message) = second_step(code) {
        errors.insert("code".into(), message.into());
    }
    errors
}
