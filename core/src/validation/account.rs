//! The account forms: sign-in, sign-up, profile, password change.

use super::{Checker, FieldErrors};
use super::{MAX_NAME, MAX_PASSWORD};
use serde::{Deserialize, Serialize};

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
    for (field, value, label) in [
        ("firstName", &i.first_name, "First name"),
        ("lastName", &i.last_name, "Last name"),
    ] {
        c.required(field, value, &format!("{label} is required"));
        c.line(field, value);
        let short = format!("{label} must be at least {MIN_SETTINGS_NAME} characters");
        c.min_chars(field, value.trim(), MIN_SETTINGS_NAME, &short);
        c.max_chars(field, value, MAX_NAME, label);
    }
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
