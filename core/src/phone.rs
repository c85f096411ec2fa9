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

#[cfg(test)]
mod tests {
    use super::*;

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
