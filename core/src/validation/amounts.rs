//! Amounts typed into forms: deposits, administrators' adjustments, whole numbers.

use super::MIN_DEPOSIT_USD;
use super::{Checker, FieldErrors};
use crate::money;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

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
