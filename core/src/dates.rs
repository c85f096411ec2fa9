//! Calendar days typed as YYYY-MM-DD (UTC), and the analytics range rule.

use crate::validation::FieldErrors;
use serde::{Deserialize, Serialize};

pub const DATE_MESSAGE: &str = "Use a date like 2026-11-21";
pub const FROM_REQUIRED_MESSAGE: &str = "Enter a start date";
pub const TO_REQUIRED_MESSAGE: &str = "Enter an end date";
pub const ORDER_MESSAGE: &str = "The start date must not be after the end date";
pub const SPAN_MESSAGE: &str = "Choose a range of at most a year";
/// The longest range, in days between its ends (a leap year and a day).
pub const MAX_SPAN_DAYS: i64 = 366;
/// Without a start, a range covers this many days up to its end.
pub const DEFAULT_DAYS: i64 = 30;

/// Days since 1970-01-01 of a real date written YYYY-MM-DD, else None.
pub fn day_number(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let shaped = b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        });
    if !shaped {
        return None;
    }
    let (y, m, d): (i64, i64, i64) = (
        text[..4].parse().ok()?,
        text[5..7].parse().ok()?,
        text[8..].parse().ok()?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d < 1 || d > days_in_month[(m - 1) as usize] {
        return None;
    }
    // Howard Hinnant's days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DateRangeInput {
    pub from: String,
    pub to: String,
}

/// The inclusive day range asked for. Empty ends default (`to` today, `from` the
/// 30 days up to `to`) unless `require_both`, as the analytics form does.
pub fn validate_date_range(
    input: &DateRangeInput,
    today: i64,
    require_both: bool,
) -> Result<(i64, i64), FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut end = |field: &str, text: &str, required: &str| -> Option<i64> {
        if text.trim().is_empty() {
            if require_both {
                errors.insert(field.into(), required.into());
            }
            return None;
        }
        let day = day_number(text.trim());
        if day.is_none() {
            errors.insert(field.into(), DATE_MESSAGE.into());
        }
        day
    };
    let to = end("to", &input.to, TO_REQUIRED_MESSAGE);
    let from = end("from", &input.from, FROM_REQUIRED_MESSAGE);
    if !errors.is_empty() {
        return Err(errors);
    }
    let to = to.unwrap_or(today);
    let from = from.unwrap_or(to - (DEFAULT_DAYS - 1));
    if from > to {
        errors.insert("from".into(), ORDER_MESSAGE.into());
    } else if to - from > MAX_SPAN_DAYS {
        errors.insert("from".into(), SPAN_MESSAGE.into());
    }
    if errors.is_empty() {
        Ok((from, to))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_the_epoch_and_only_real_dates_parse() {
        assert_eq!(day_number("1970-01-01"), Some(0));
        assert_eq!(day_number("2026-11-23"), Some(20_780));
        assert_eq!(day_number("2024-02-29"), Some(19_782));
        assert_eq!(day_number("2023-02-29"), None);
        assert_eq!(day_number("2026-13-01"), None);
        assert_eq!(day_number("2026-1-01"), None);
    }

    #[test]
    fn a_range_defaults_its_ends_and_is_at_most_a_year() {
        let r = |from: &str, to: &str| DateRangeInput {
            from: from.into(),
            to: to.into(),
        };
        assert_eq!(validate_date_range(&r("", ""), 100, false), Ok((71, 100)));
        assert_eq!(
            validate_date_range(&r("", ""), 100, true).unwrap_err()["from"],
            FROM_REQUIRED_MESSAGE
        );
        assert_eq!(
            validate_date_range(&r("2026-11-23", "2026-11-01"), 0, false).unwrap_err()["from"],
            ORDER_MESSAGE
        );
        assert_eq!(
            validate_date_range(&r("2024-01-01", "2025-01-02"), 0, false).unwrap_err()["from"],
            SPAN_MESSAGE
        );
        assert!(validate_date_range(&r("2024-01-01", "2025-01-01"), 0, false).is_ok());
    }
}

/// The first moment (UTC) of the calendar month holding `now_ms`, in ms since the
/// epoch: where monthly figures (the dashboard's, auto-recharge's maximum) start.
pub fn month_start_ms(now_ms: i64) -> i64 {
    use chrono::{Datelike, TimeZone, Utc};
    let t = Utc
        .timestamp_millis_opt(now_ms)
        .single()
        .unwrap_or_default();
    Utc.with_ymd_and_hms(t.year(), t.month(), 1, 0, 0, 0)
        .single()
        .map_or(now_ms, |m| m.timestamp_millis())
}

#[cfg(test)]
mod month_tests {
    #[test]
    fn a_month_starts_at_midnight_on_its_first_day() {
        // 2026-11-28T15:00:00Z -> 2026-11-01T00:00:00Z
        assert_eq!(super::month_start_ms(1_795_878_000_000), 1_793_491_200_000);
        assert_eq!(super::month_start_ms(1_793_491_200_000), 1_793_491_200_000);
    }
}
