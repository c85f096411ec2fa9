//! Administrators' forms for platform settings and for mailing a user.

use crate::validation::{free_text_error, Checker, FieldErrors};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// Each platform setting's value until an administrator sets another (micro-dollars,
/// days or seconds): the one place these defaults live.
pub mod defaults {
    pub const SETUP_FEE_MICROS: i64 = 1_000_000;
    pub const RENEWAL_NOTICE_DAYS: i64 = 7;
    pub const GRACE_PERIOD_DAYS: i64 = 7;
    pub const LOW_BALANCE_MICROS: i64 = 5_000_000;
    pub const MAX_DEPOSIT_MICROS: i64 = 10_000_000_000;
    pub const FIRST_INCREMENT_SECS: i64 = 1;
    pub const NEXT_INCREMENT_SECS: i64 = 1;
    pub const TRIAL_CREDIT_MICROS: i64 = crate::trial::DEFAULT_TRIAL_CREDIT_MICROS;
    /// A recording's price per started minute ($0.0025, Twilio's).
    pub const RECORDING_RATE_MICROS: i64 = 2_500;
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct SettingsInput {
    pub setup_fee: String,
    pub renewal_notice_days: String,
    pub low_balance_threshold: String,
    pub grace_period_days: String,
    pub max_deposit: String,
    pub default_first_increment: String,
    pub default_next_increment: String,
    /// The free trial's credit; empty keeps the one in force.
    pub trial_credit: String,
    /// A recording's price per started minute; empty keeps the one in force.
    pub recording_rate: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidSettings {
    pub setup_fee: Decimal,
    pub renewal_notice_days: i64,
    pub low_balance_threshold: Decimal,
    pub grace_period_days: i64,
    pub max_deposit: Decimal,
    pub default_first_increment: i64,
    pub default_next_increment: i64,
    pub trial_credit: Option<Decimal>,
    pub recording_rate: Option<Decimal>,
}

pub fn validate_settings(i: &SettingsInput) -> Result<ValidSettings, FieldErrors> {
    let mut c = Checker::default();
    let setup_fee = c.dollars("setupFee", "Setup fee", &i.setup_fee, 0..=100);
    let notice = c.whole(
        "renewalNoticeDays",
        "Renewal notice",
        &i.renewal_notice_days,
        1..=30,
    );
    let low = c.dollars(
        "lowBalanceThreshold",
        "Low-balance threshold",
        &i.low_balance_threshold,
        0..=1000,
    );
    let grace = c.whole(
        "gracePeriodDays",
        "Grace period",
        &i.grace_period_days,
        0..=60,
    );
    let max_deposit = c.dollars(
        "maxDeposit",
        "Maximum deposit",
        &i.max_deposit,
        1..=1_000_000,
    );
    let first = c.whole(
        "defaultFirstIncrement",
        "First increment",
        &i.default_first_increment,
        1..=3600,
    );
    let next = c.whole(
        "defaultNextIncrement",
        "Next increment",
        &i.default_next_increment,
        1..=3600,
    );
    let trial_credit = if i.trial_credit.trim().is_empty() {
        None
    } else {
        c.dollars("trialCredit", "Trial credit", &i.trial_credit, 0..=100)
    };
    let recording_rate = if i.recording_rate.trim().is_empty() {
        None
    } else {
        let rate = crate::rates::rate_amount("Recording rate", &i.recording_rate);
        c.check("recordingRate", rate)
    };
    match (setup_fee, notice, low, grace, max_deposit, first, next) {
        (
            Some(setup_fee),
            Some(renewal_notice_days),
            Some(low_balance_threshold),
            Some(grace_period_days),
            Some(max_deposit),
            Some(f),
            Some(n),
        ) if c.0.is_empty() => Ok(ValidSettings {
            setup_fee,
            renewal_notice_days,
            low_balance_threshold,
            grace_period_days,
            max_deposit,
            default_first_increment: f,
            default_next_increment: n,
            trial_credit,
            recording_rate,
        }),
        _ => Err(c.done()),
    }
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct EmailInput {
    pub subject: String,
    pub body: String,
}

pub fn validate_email_message(i: &EmailInput) -> FieldErrors {
    let mut e = FieldErrors::new();
    if let Some(message) = free_text_error("Subject", &i.subject, false, 200) {
        e.insert("subject".into(), message);
    }
    if let Some(message) = free_text_error("Message", &i.body, true, 10_000) {
        e.insert("body".into(), message);
    }
    e
}
