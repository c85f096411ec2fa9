//! Auto-recharge (issue 46): "when the available balance falls below X, add Y", at most
//! Z a month, charged to the customer's saved card. A prepaid account that runs dry
//! drops its customers' calls; one that is recharged twice for one dip is the incident
//! every provider fears (Twilio, 2024-01-24). So the rule is one recharge per crossing
//! of the threshold: a crossing arms the account when its balance is back at or above
//! the threshold, and a charge disarms it.

use crate::money::{parse_amount, to_micros};
use crate::validation::{FieldErrors, MIN_DEPOSIT_USD};
use crate::Micros;
use serde::{Deserialize, Serialize};

const HOUR_MS: i64 = 3_600_000;

/// A declined card is tried again this long after each failure (at most twice, so
/// over a day), then auto-recharge turns off.
pub const RETRY_AFTER_MS: [i64; 2] = [6 * HOUR_MS, 18 * HOUR_MS];

/// The smallest recharge: the smallest deposit.
pub const MIN_RECHARGE: Micros = MIN_DEPOSIT_USD * 1_000_000;

/// A threshold above this is a typo, not a business need.
pub const MAX_THRESHOLD: Micros = 10_000_000_000;

/// A monthly maximum above this is refused (a hundred thousand dollars).
pub const MAX_MONTHLY: Micros = 100_000_000_000;

/// One account's auto-recharge, in micro-dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub threshold: Micros,
    pub amount: Micros,
    pub monthly_max: Micros,
}

/// The form as typed: dollars, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RechargeInput {
    /// Recharge when the available balance falls below this, e.g. "10.00".
    #[serde(default)]
    pub threshold: String,
    /// Add this much each time, e.g. "50.00".
    #[serde(default)]
    pub amount: String,
    /// Never recharge more than this in a calendar month (UTC), e.g. "500.00".
    #[serde(default)]
    pub monthly_max: String,
}

pub const THRESHOLD_MESSAGE: &str = "Enter an amount from $1.00 to $10000.00, e.g. 10.00";
pub const MONTHLY_MESSAGE: &str = "Enter an amount from $1.00 to $100000.00, e.g. 500.00";
pub const MONTHLY_BELOW_AMOUNT: &str = "The monthly maximum must be at least one recharge";

fn dollars(text: &str, max: Micros) -> Option<Micros> {
    let value = parse_amount(text.trim()).ok()?;
    if value.scale() > 2 {
        return None;
    }
    let micros = to_micros(value).ok()?;
    (MIN_RECHARGE..=max).contains(&micros).then_some(micros)
}

/// The settings typed, or each field's message. A recharge is a deposit, so its
/// amount follows the deposit's rules (`max_deposit` from the platform settings).
pub fn parse(input: &RechargeInput, max_deposit: Micros) -> Result<Settings, FieldErrors> {
    let mut errors = FieldErrors::new();
    let threshold = dollars(&input.threshold, MAX_THRESHOLD);
    if threshold.is_none() {
        errors.insert("threshold".into(), THRESHOLD_MESSAGE.into());
    }
    let amount = dollars(&input.amount, max_deposit);
    if amount.is_none() {
        let max = crate::money::format_usd(crate::money::from_micros(max_deposit));
        let message = format!("Enter an amount from $1.00 to {max}, e.g. 50.00");
        errors.insert("amount".into(), message);
    }
    let monthly_max = dollars(&input.monthly_max, MAX_MONTHLY);
    match (amount, monthly_max) {
        (_, None) => {
            errors.insert("monthlyMax".into(), MONTHLY_MESSAGE.into());
        }
        (Some(a), Some(m)) if m < a => {
            errors.insert("monthlyMax".into(), MONTHLY_BELOW_AMOUNT.into());
        }
        _ => {}
    }
    match (threshold, amount, monthly_max, errors.is_empty()) {
        (Some(threshold), Some(amount), Some(monthly_max), true) => Ok(Settings {
            threshold,
            amount,
            monthly_max,
        }),
        _ => Err(errors),
    }
}

pub const LOW_BALANCE_MESSAGE: &str = "Enter an amount from $0.01 to $10000.00, or leave it empty";

/// The customer's own low-balance warning threshold as typed: empty for the platform's,
/// else an amount in dollars (cents at most).
pub fn parse_low_balance(text: &str) -> Result<Option<Micros>, FieldErrors> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let refused = || {
        FieldErrors::from([(
            "lowBalanceThreshold".to_string(),
            LOW_BALANCE_MESSAGE.to_string(),
        )])
    };
    let value = parse_amount(text).map_err(|_| refused())?;
    let micros = to_micros(value).map_err(|_| refused())?;
    match value.scale() <= 2 && (10_000..=MAX_THRESHOLD).contains(&micros) {
        true => Ok(Some(micros)),
        false => Err(refused()),
    }
}

/// Each field's message, empty when the form is valid (the browser's check).
pub fn validate(input: &RechargeInput, max_deposit: Micros) -> FieldErrors {
    parse(input, max_deposit).err().unwrap_or_default()
}

/// Where an account stands between two crossings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "phase", content = "at")]
pub enum Phase {
    /// The balance has been at or above the threshold since the last recharge.
    Armed,
    /// This crossing has had its recharge (or the month's maximum stopped it).
    Spent,
    /// The card was declined: try again at this time (ms since the epoch).
    RetryAt(i64),
    /// The monthly maximum stopped this crossing's recharge; a new month (whose first
    /// moment is `month_start` in the facts) lifts it. Holds that month's start.
    Capped(i64),
}

/// What the decision reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Facts {
    pub settings: Settings,
    pub phase: Phase,
    /// Balance less what live calls hold.
    pub available: Micros,
    /// Auto-recharges charged or under way this calendar month.
    pub recharged_this_month: Micros,
    /// A recharge of this account is being charged or waits for the customer.
    pub in_flight: bool,
    pub now: i64,
    /// The first moment of this calendar month (UTC), ms since the epoch.
    #[serde(default)]
    pub month_start: i64,
}

/// What to do now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "step")]
pub enum Step {
    Wait,
    /// The balance is back at or above the threshold: the next crossing may recharge.
    Rearm,
    /// Charge the saved card this much (and disarm, in the same statement).
    Charge {
        amount: Micros,
    },
    /// Below the threshold, but the month's maximum leaves less than a recharge:
    /// hold until next month and tell the customer.
    MonthlyMaxReached,
}

/// The decision, from the facts alone.
pub fn next_step(f: &Facts) -> Step {
    let below = f.available < f.settings.threshold;
    let due = match f.phase {
        Phase::Armed => below,
        Phase::RetryAt(at) => below && f.now >= at,
        Phase::Capped(month) => below && f.month_start > month,
        Phase::Spent => false,
    };
    if !below {
        return match f.phase {
            Phase::Armed => Step::Wait,
            _ => Step::Rearm,
        };
    }
    if !due || f.in_flight {
        return Step::Wait;
    }
    let left = (f.settings.monthly_max - f.recharged_this_month).max(0);
    let amount = f.settings.amount.min(left);
    if amount < MIN_RECHARGE {
        return Step::MonthlyMaxReached;
    }
    Step::Charge { amount }
}

/// After a declined charge: when to try again, or to turn auto-recharge off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "then", content = "at")]
pub enum AfterDecline {
    RetryAt(i64),
    TurnOff,
}

/// `failures`: the declines of this crossing, this one included.
pub fn after_decline(failures: u32, now: i64) -> AfterDecline {
    match RETRY_AFTER_MS.get(failures.saturating_sub(1) as usize) {
        Some(delay) => AfterDecline::RetryAt(now + delay),
        None => AfterDecline::TurnOff,
    }
}

/// The customer's notice when auto-recharge turns off after the last decline.
pub fn turned_off_message(decline: &str) -> String {
    format!(
        "Auto-recharge is now off: your saved card was declined three times ({decline}). \
         Update your card on the Billing page and turn auto-recharge on again."
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(phase: Phase, available: Micros) -> Facts {
        Facts {
            settings: Settings {
                threshold: 10_000_000,
                amount: 50_000_000,
                monthly_max: 120_000_000,
            },
            phase,
            available,
            recharged_this_month: 0,
            in_flight: false,
            now: 1_000,
            month_start: 0,
        }
    }

    #[test]
    fn one_charge_per_crossing() {
        let below = facts(Phase::Armed, 9_999_999);
        assert_eq!(next_step(&below), Step::Charge { amount: 50_000_000 });
        assert_eq!(next_step(&facts(Phase::Spent, 0)), Step::Wait);
        assert_eq!(next_step(&facts(Phase::Spent, 10_000_000)), Step::Rearm);
        assert_eq!(next_step(&facts(Phase::Armed, 10_000_000)), Step::Wait);
    }

    #[test]
    fn the_month_caps_the_amount() {
        let mut f = facts(Phase::Armed, 0);
        f.recharged_this_month = 100_000_000;
        assert_eq!(next_step(&f), Step::Charge { amount: 20_000_000 });
        f.recharged_this_month = 119_500_000;
        assert_eq!(next_step(&f), Step::MonthlyMaxReached);
        f.phase = Phase::Capped(0);
        assert_eq!(next_step(&f), Step::Wait);
        (f.month_start, f.recharged_this_month) = (5_000, 0);
        assert_eq!(next_step(&f), Step::Charge { amount: 50_000_000 });
    }

    #[test]
    fn a_low_balance_threshold_is_cents_or_nothing() {
        assert_eq!(parse_low_balance(" "), Ok(None));
        assert_eq!(parse_low_balance("5"), Ok(Some(5_000_000)));
        assert!(parse_low_balance("0").is_err());
        assert!(parse_low_balance("1.005").is_err());
        assert!(parse_low_balance("lots").is_err());
    }

    #[test]
    fn declines_retry_twice_within_a_day_then_stop() {
        assert_eq!(after_decline(1, 0), AfterDecline::RetryAt(6 * HOUR_MS));
        assert_eq!(after_decline(2, 0), AfterDecline::RetryAt(18 * HOUR_MS));
        assert_eq!(after_decline(3, 0), AfterDecline::TurnOff);
        assert!(RETRY_AFTER_MS.iter().sum::<i64>() <= 24 * HOUR_MS);
    }
}
