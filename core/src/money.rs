//! Money: exact decimal amounts, integer micro-dollars for storage, and display.
//!
//! Rounding rule (the only one used anywhere): when an amount has more precision than
//! its target (6 decimals for storage, 2 for display of costs, 3 for display of
//! per-minute rates) it is rounded half away from zero, the way people round by hand
//! ("0.0145" shows as "$0.015", "-0.005" as "-$0.01").

use rust_decimal::prelude::ToPrimitive;
use rust_decimal::{Decimal, RoundingStrategy};
use std::fmt;
use std::str::FromStr;

/// Micro-dollars per dollar: the database stores every amount as an integer count of these.
pub const MICROS_PER_USD: i64 = 1_000_000;

/// An amount of US dollars in integer micro-dollars (1 USD = 1,000,000).
pub type Micros = i64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoneyError {
    NotANumber,
    OutOfRange,
}

impl fmt::Display for MoneyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoneyError::NotANumber => f.write_str("Enter an amount such as 25 or 25.50"),
            MoneyError::OutOfRange => f.write_str("Amount is out of range"),
        }
    }
}

impl std::error::Error for MoneyError {}

/// Parses an amount typed by a person: digits with an optional decimal point, an
/// optional leading minus, surrounding spaces ignored. No exponents, no thousands
/// separators, no currency symbols, at most 28 significant digits.
pub fn parse_amount(input: &str) -> Result<Decimal, MoneyError> {
    let s = input.trim();
    let body = s.strip_prefix('-').unwrap_or(s);
    let mut parts = body.splitn(2, '.');
    let int_part = parts.next().unwrap_or("");
    let frac_part = parts.next();
    let digits_ok = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    let valid = digits_ok(int_part)
        && frac_part.is_none_or(digits_ok)
        && (!int_part.is_empty() || frac_part.is_some_and(|f| !f.is_empty()));
    if !valid {
        return Err(MoneyError::NotANumber);
    }
    if body.len() > 40 {
        return Err(MoneyError::OutOfRange);
    }
    Decimal::from_str(s).map_err(|_| MoneyError::OutOfRange)
}

/// Converts an exact amount to micro-dollars, rounding half away from zero at the
/// sixth decimal.
pub fn to_micros(amount: Decimal) -> Result<Micros, MoneyError> {
    let rounded = amount.round_dp_with_strategy(6, RoundingStrategy::MidpointAwayFromZero);
    rounded
        .checked_mul(Decimal::from(MICROS_PER_USD))
        .and_then(|d| d.to_i64())
        .ok_or(MoneyError::OutOfRange)
}

/// The exact decimal value of an amount of micro-dollars.
pub fn from_micros(micros: Micros) -> Decimal {
    Decimal::new(micros, 6).normalize()
}

fn format_dp(amount: Decimal, dp: u32) -> String {
    let rounded = amount.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    let mut abs = rounded.abs();
    abs.rescale(dp);
    if rounded.is_sign_negative() && !rounded.is_zero() {
        format!("-${abs}")
    } else {
        format!("${abs}")
    }
}

/// A cost, fee or balance for display: "$12.50".
pub fn format_usd(amount: Decimal) -> String {
    format_dp(amount, 2)
}

/// A per-minute (or per-message) rate for display in admin: "$0.015".
pub fn format_rate(amount: Decimal) -> String {
    format_dp(amount, 3)
}

/// `format_usd` for a stored amount.
pub fn format_micros(micros: Micros) -> String {
    format_usd(from_micros(micros))
}

/// Micro-dollars as decimal text in JSON ("30000"), read back from text or a number.
pub mod micros_text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(micros: &i64, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&micros.to_string())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Text {
            S(String),
            N(i64),
        }
        match Text::deserialize(d)? {
            Text::S(s) => s.parse().map_err(serde::de::Error::custom),
            Text::N(n) => Ok(n),
        }
    }
}

/// The one answer to a spend the available balance cannot cover (a 402 anywhere).
pub fn insufficient_balance_message(cost: Micros, available: Micros) -> String {
    format!(
        "Insufficient balance: this costs {} and your balance is {}. Please add funds.",
        format_micros(cost),
        format_micros(available.max(0))
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_rate_with_four_decimals_keeps_every_micro() {
        let d = parse_amount("0.0145").unwrap();
        assert_eq!(to_micros(d).unwrap(), 14_500);
        assert_eq!(format_rate(d), "$0.015");
    }

    #[test]
    fn negative_amounts_put_the_sign_before_the_dollar() {
        assert_eq!(format_usd(parse_amount("-2.5").unwrap()), "-$2.50");
        assert_eq!(format_usd(parse_amount("-0.001").unwrap()), "$0.00");
    }

    #[test]
    fn exponents_and_symbols_are_not_amounts() {
        for bad in ["1e3", "$5", "1,000", "", ".", "-", "1.2.3", " 1 2", "NaN"] {
            assert_eq!(parse_amount(bad), Err(MoneyError::NotANumber), "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn micros_round_trip_exactly(m in -9_000_000_000_000_000i64..9_000_000_000_000_000i64) {
            prop_assert_eq!(to_micros(from_micros(m)).unwrap(), m);
        }

        #[test]
        fn parsed_cents_round_trip_through_micros(cents in 0i64..10_000_000_000) {
            let text = format!("{}.{:02}", cents / 100, cents % 100);
            let micros = to_micros(parse_amount(&text).unwrap()).unwrap();
            prop_assert_eq!(micros, cents * 10_000);
            prop_assert_eq!(format_micros(micros), format!("${text}"));
        }

        #[test]
        fn parse_amount_never_panics(s in ".*") {
            let _ = parse_amount(&s).map(to_micros);
        }
    }
}
