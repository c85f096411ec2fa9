//! Phone numbers in E.164 form: a plus sign, a country code that does not start with
//! 0, and at most 15 digits in all. We ask for at least 8 digits, the shortest real
//! international numbers in service.

pub const E164_MESSAGE: &str = "Enter the number in international format, e.g. +14155550123";

pub fn is_e164(s: &str) -> bool {
    let Some(digits) = s.strip_prefix('+') else {
        return false;
    };
    (8..=15).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !digits.starts_with('0')
}

/// Strips the spaces, dashes, dots and brackets people type inside numbers.
pub fn normalize(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')'))
        .collect()
}

/// What kind of line a number is, as its numbering plan says (the server reads it from
/// libphonenumber's metadata).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NumberKind {
    Mobile,
    FixedLine,
    TollFree,
    PremiumRate,
    SharedCost,
    Other,
}

/// Calling codes of satellite and international networks (+870 Inmarsat, +881 GMSS,
/// +882 and +883 international networks): priced like premium lines whatever kind
/// their plan gives them, and favourite targets of revenue-share fraud.
pub const SATELLITE_CODES: [&str; 4] = ["870", "881", "882", "883"];

pub const DESTINATION_BLOCKED_MESSAGE: &str =
    "Premium-rate, shared-cost and satellite numbers cannot be reached from Dialtone.";

/// Whether calls, messages and verification codes may go to `number` (E.164) of
/// `kind`: premium-rate, shared-cost and satellite numbers are refused by default, the
/// losses of revenue-share fraud and SMS pumping.
pub fn destination_allowed(number: &str, kind: NumberKind) -> Result<(), &'static str> {
    let digits = number.strip_prefix('+').unwrap_or(number);
    let satellite = SATELLITE_CODES.iter().any(|code| digits.starts_with(code));
    match kind {
        NumberKind::PremiumRate | NumberKind::SharedCost => Err(DESTINATION_BLOCKED_MESSAGE),
        _ if satellite => Err(DESTINATION_BLOCKED_MESSAGE),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premium_shared_cost_and_satellite_numbers_are_not_reached() {
        assert!(destination_allowed("+14155550123", NumberKind::Mobile).is_ok());
        assert!(destination_allowed("+19005550123", NumberKind::PremiumRate).is_err());
        assert!(destination_allowed("+448451234567", NumberKind::SharedCost).is_err());
        assert!(destination_allowed("+881612345678", NumberKind::Mobile).is_err());
        assert!(destination_allowed("+8821234567", NumberKind::Other).is_err());
        assert!(destination_allowed("+870772001799", NumberKind::Other).is_err());
    }

    #[test]
    fn e164_numbers_need_the_plus_and_eight_to_fifteen_digits() {
        assert!(is_e164("+14155550123"));
        assert!(is_e164("+442071838750"));
        for bad in [
            "14155550123",
            "+0123456789",
            "+1415",
            "+1234567890123456",
            "+1415555012a",
            "",
        ] {
            assert!(!is_e164(bad), "{bad:?}");
        }
        assert_eq!(normalize("+1 (415) 555-0123"), "+14155550123");
    }
}
