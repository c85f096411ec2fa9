//! Administrators' forms for platform settings and for mailing a user.

use crate::money;
use crate::validation::{free_text_error, whole, FieldErrors};
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
}

fn amount(
    e: &mut FieldErrors,
    field: &str,
    label: &str,
    text: &str,
    min: Decimal,
    max: Decimal,
) -> Option<Decimal> {
    let fail = |e: &mut FieldErrors, m: String| e.insert(field.into(), m).and(None);
    match money::parse_amount(text) {
        _ if text.trim().is_empty() => fail(e, format!("{label} is required")),
        Err(_) => fail(e, format!("{label} must be a number")),
        Ok(d) if d.normalize().scale() > 2 => {
            fail(e, format!("{label} can have at most 2 decimal places"))
        }
        Ok(d) if d < min || d > max => fail(
            e,
            format!(
                "{label} must be between {} and {}",
                money::format_usd(min),
                money::format_usd(max)
            ),
        ),
        Ok(d) => Some(d),
    }
}

pub fn validate_settings(i: &SettingsInput) -> Result<ValidSettings, FieldErrors> {
    let mut e = FieldErrors::new();
    let setup_fee = amount(
        &mut e,
        "setupFee",
        "Setup fee",
        &i.setup_fee,
        Decimal::ZERO,
        Decimal::from(100),
    );
    let notice = whole(
        &mut e,
        "renewalNoticeDays",
        "Renewal notice",
        &i.renewal_notice_days,
        1,
        30,
    );
    let low = amount(
        &mut e,
        "lowBalanceThreshold",
        "Low-balance threshold",
        &i.low_balance_threshold,
        Decimal::ZERO,
        Decimal::from(1000),
    );
    let grace = whole(
        &mut e,
        "gracePeriodDays",
        "Grace period",
        &i.grace_period_days,
        0,
        60,
    );
    let max_deposit = amount(
        &mut e,
        "maxDeposit",
        "Maximum deposit",
        &i.max_deposit,
        Decimal::ONE,
        Decimal::from(1_000_000),
    );
    let first = whole(
        &mut e,
        "defaultFirstIncrement",
        "First increment",
        &i.default_first_increment,
        1,
        3600,
    );
    let next = whole(
        &mut e,
        "defaultNextIncrement",
        "Next increment",
        &i.default_next_increment,
        1,
        3600,
    );
    let trial_credit = if i.trial_credit.trim().is_empty() {
        None
    } else {
        amount(
            &mut e,
            "trialCredit",
            "Trial credit",
            &i.trial_credit,
            Decimal::ZERO,
            Decimal::from(100),
        )
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
        ) if e.is_empty() => Ok(ValidSettings {
            setup_fee,
            renewal_notice_days,
            low_balance_threshold,
            grace_period_days,
            max_deposit,
            default_first_increment: f,
            default_next_increment: n,
            trial_credit,
        }),
        _ => Err(e),
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
