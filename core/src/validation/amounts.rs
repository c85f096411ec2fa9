//! Amounts typed into forms: deposits, administrators' adjustments, whole numbers.

use super::MIN_DEPOSIT_USD;
use super::{Checker, FieldErrors};
use crate::money;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// A rule an amount typed into a form must keep, checked in the order given.
pub enum Rule<'a> {
    /// "{label} must be greater than 0"
    Positive,
    /// "{label} cannot be negative"
    NotNegative,
    /// "{label} can have at most N decimal places"
    Places(u32),
    /// At least this much, or the message.
    Min(Decimal, &'a dyn Fn() -> String),
    /// At most this much, or the message.
    Max(Decimal, &'a dyn Fn() -> String),
}

/// The one check of every amount field (deposits, adjustments, prices, settings,
/// rates): "{label} is required", "{label} must be a number", then the message of the
/// first rule the amount breaks. Messages are written only for a failure: rate decks
/// check hundreds of thousands of amounts.
// Inlined into the rate deck reader, which checks three rates on every line.
#[inline]
pub fn amount(label: &str, text: &str, rules: &[Rule]) -> Result<Decimal, String> {
    if text.trim().is_empty() {
        return Err(format!("{label} is required"));
    }
    let d = money::parse_amount(text).map_err(|_| format!("{label} must be a number"))?;
    for rule in rules {
        let broken = match rule {
            Rule::Positive if d <= Decimal::ZERO => format!("{label} must be greater than 0"),
            Rule::NotNegative if d.is_sign_negative() => format!("{label} cannot be negative"),
            Rule::Places(n) if d.normalize().scale() > *n => {
                format!("{label} can have at most {n} decimal places")
            }
            Rule::Min(min, message) if d < *min => message(),
            Rule::Max(max, message) if d > *max => message(),
            _ => continue,
        };
        return Err(broken);
    }
    Ok(d)
}

/// A positive amount in cents, up to `max` dollars: adjustments and package prices.
pub fn positive_cents(label: &str, text: &str, max: i64) -> Result<Decimal, String> {
    let max = Decimal::from(max);
    let most = || format!("{label} must be at most {}", money::format_usd(max));
    amount(
        label,
        text,
        &[Rule::Positive, Rule::Places(2), Rule::Max(max, &most)],
    )
}

/// Deposit amount: numeric, at least 1, in steps of 0.01, and at most `max`.
/// Returns the parsed amount when it is valid.
pub fn validate_deposit(text: &str, max: Decimal) -> Result<Decimal, FieldErrors> {
    let minimum = || "Minimum deposit is $1.00".to_string();
    let maximum = || format!("Maximum deposit is {}", money::format_usd(max));
    let rules = [
        Rule::Positive,
        Rule::Min(Decimal::from(MIN_DEPOSIT_USD), &minimum),
        Rule::Places(2),
        Rule::Max(max, &maximum),
    ];
    amount("Amount", text, &rules).map_err(|m| FieldErrors::from([("amount".into(), m)]))
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
    let amount = positive_cents("Amount", &i.amount, 1_000_000)
        .map_err(|m| c.fail("amount", m))
        .ok();
    c.required("reason", &i.reason, "Reason is required");
    c.line("reason", &i.reason);
    c.max_chars("reason", &i.reason, MAX_REASON, "Reason");
    match amount {
        Some(d) if c.0.is_empty() => Ok(d),
        _ => Err(c.done()),
    }
}

impl Checker {
    /// Records the field's failure; its value when it has none.
    pub(crate) fn check<T>(&mut self, field: &str, checked: Result<T, String>) -> Option<T> {
        checked.map_err(|m| self.fail(field, m)).ok()
    }

    /// A whole number field within `range`, with its label in every message.
    pub(crate) fn whole(
        &mut self,
        field: &str,
        label: &str,
        text: &str,
        range: Range,
    ) -> Option<i64> {
        let (min, max) = (range.start(), range.end());
        let checked = match text.trim().parse::<i64>() {
            _ if text.trim().is_empty() => Err(format!("{label} is required")),
            Ok(n) if range.contains(&n) => Ok(n),
            Ok(_) => Err(format!("{label} must be between {min} and {max}")),
            Err(_) => Err(format!("{label} must be a whole number")),
        };
        self.check(field, checked)
    }

    /// Dollars to the cent within `range`, with its label in every message.
    pub(crate) fn dollars(
        &mut self,
        field: &str,
        label: &str,
        text: &str,
        range: Range,
    ) -> Option<Decimal> {
        let (min, max) = (Decimal::from(*range.start()), Decimal::from(*range.end()));
        let usd = money::format_usd;
        let between = || format!("{label} must be between {} and {}", usd(min), usd(max));
        let rules = [
            Rule::Places(2),
            Rule::Min(min, &between),
            Rule::Max(max, &between),
        ];
        self.check(field, amount(label, text, &rules))
    }
}

/// The bounds of a number field, both included.
type Range = std::ops::RangeInclusive<i64>;
