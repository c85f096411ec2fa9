//! The card form of the sandbox payment page. Core has no clock, so the caller
//! passes the current year and month.

use crate::validation::FieldErrors;
use serde::{Deserialize, Serialize};

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CardInput {
    pub card_number: String,
    pub exp_month: String,
    pub exp_year: String,
    pub cvc: String,
}

/// Digits of a card number typed with spaces or dashes.
pub fn card_digits(number: &str) -> String {
    number.chars().filter(|c| !matches!(c, ' ' | '-')).collect()
}

/// The card network a number belongs to, by its leading digits (as shown beside a
/// saved card: "Visa ending 4242").
pub fn brand(digits: &str) -> &'static str {
    let lead = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok());
    match (lead(1), lead(2), lead(4)) {
        (Some(4), _, _) => "Visa",
        (_, Some(51..=55), _) | (_, _, Some(2221..=2720)) => "Mastercard",
        (_, Some(34 | 37), _) => "American Express",
        (_, Some(65), _) | (_, _, Some(6011)) => "Discover",
        _ => "Card",
    }
}

fn luhn_ok(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let x = d * 2;
                if x > 9 {
                    x - 9
                } else {
                    x
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

pub fn validate_card(card: &CardInput, this_year: u32, this_month: u32) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let digits = card_digits(card.card_number.trim());
    if digits.is_empty() {
        errors.insert("cardNumber".into(), "Card number is required".into());
    } else if !(12..=19).contains(&digits.len())
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || !luhn_ok(&digits)
    {
        errors.insert("cardNumber".into(), "Your card number is invalid".into());
    }
    let month = card
        .exp_month
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|m| (1..=12).contains(m));
    let year = card
        .exp_year
        .trim()
        .parse::<u32>()
        .ok()
        .map(|y| if y < 100 { 2000 + y } else { y });
    match (month, year) {
        (None, _) => {
            errors.insert(
                "expMonth".into(),
                "Expiry month must be between 1 and 12".into(),
            );
        }
        (_, None) => {
            errors.insert("expYear".into(), "Expiry year is invalid".into());
        }
        (Some(m), Some(y)) if (y, m) < (this_year, this_month) => {
            errors.insert("expYear".into(), "Your card has expired".into());
        }
        (Some(_), Some(y)) if y > this_year + 25 => {
            errors.insert("expYear".into(), "Expiry year is invalid".into());
        }
        _ => {}
    }
    let cvc = card.cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()) {
        errors.insert("cvc".into(), "Your card's security code is invalid".into());
    }
    errors
}

#[cfg(test)]
mod brand_tests {
    #[test]
    fn networks_by_their_leading_digits() {
        assert_eq!(super::brand("4242424242424242"), "Visa");
        assert_eq!(super::brand("5555555555554444"), "Mastercard");
        assert_eq!(super::brand("2223003122003222"), "Mastercard");
        assert_eq!(super::brand("378282246310005"), "American Express");
        assert_eq!(super::brand("6011111111111117"), "Discover");
        assert_eq!(super::brand("9"), "Card");
    }
}
