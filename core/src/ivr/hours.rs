//! Business hours: whether a flow's hours step takes its open branch at an instant,
//! judged on the wall clock of the flow's own time zone (so DST moves the UTC hours).

use super::model::{Hours, Interval};
use chrono::{Datelike, NaiveDate, TimeZone, Timelike};
use chrono_tz::Tz;

/// Minutes since local midnight of "HH:MM" (00:00 to 24:00).
pub fn parse_time(s: &str) -> Option<u32> {
    let (h, m) = s.split_once(':')?;
    if h.len() != 2 || m.len() != 2 || !(h.bytes().chain(m.bytes())).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (m < 60 && (h < 24 || (h == 24 && m == 0))).then_some(h * 60 + m)
}

/// "YYYY-MM-DD", parsed by hand: chrono's format parser would add to the wasm build.
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b[r.clone()]
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| s[r].parse::<u32>().ok())
            .flatten()
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    NaiveDate::from_ymd_opt(digits(0..4)? as i32, digits(5..7)?, digits(8..10)?)
}

pub fn time_zone(name: &str) -> Option<Tz> {
    name.parse().ok()
}

/// Minutes of an interval, None when a time is malformed or it does not end after it starts.
pub fn interval_minutes(i: &Interval) -> Option<(u32, u32)> {
    let (from, to) = (parse_time(&i.from)?, parse_time(&i.to)?);
    (to > from).then_some((from, to))
}

/// Open at `utc_ms`: not a local holiday, and inside one of that weekday's intervals.
/// An unknown time zone counts as closed (validation refuses it before it is saved).
pub fn is_open(hours: &Hours, utc_ms: i64) -> bool {
    let Some(tz) = time_zone(&hours.time_zone) else {
        return false;
    };
    let Some(local) = tz.timestamp_millis_opt(utc_ms).single() else {
        return false;
    };
    let date = local.date_naive();
    if hours.holidays.iter().any(|h| parse_date(h) == Some(date)) {
        return false;
    }
    let day = hours.weekly.days()[date.weekday().num_days_from_monday() as usize].1;
    let minute = local.hour() * 60 + local.minute();
    day.iter()
        .filter_map(interval_minutes)
        .any(|(from, to)| (from..to).contains(&minute))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ivr::model::Weekly;

    fn nine_to_five(tz: &str) -> Hours {
        let day = vec![Interval {
            from: "09:00".into(),
            to: "17:00".into(),
        }];
        Hours {
            time_zone: tz.into(),
            weekly: Weekly {
                monday: day.clone(),
                tuesday: day.clone(),
                wednesday: day.clone(),
                thursday: day.clone(),
                friday: day,
                ..Weekly::default()
            },
            holidays: vec!["2026-12-25".into()],
            open: "open".into(),
            closed: "closed".into(),
        }
    }

    fn ms(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
        chrono::Utc
            .with_ymd_and_hms(y, mo, d, h, mi, 0)
            .unwrap()
            .timestamp_millis()
    }

    #[test]
    fn new_york_opens_at_nine_local_on_both_sides_of_the_spring_change() {
        let h = nine_to_five("America/New_York");
        // Friday 6 March 2026, EST (UTC-5): 09:00 local is 14:00 UTC.
        assert!(!is_open(&h, ms(2026, 3, 6, 13, 59)));
        assert!(is_open(&h, ms(2026, 3, 6, 14, 0)));
        // Monday 9 March 2026, EDT (UTC-4): 09:00 local is 13:00 UTC.
        assert!(is_open(&h, ms(2026, 3, 9, 13, 0)));
    }

    #[test]
    fn a_holiday_is_closed_all_day() {
        let h = nine_to_five("America/New_York");
        assert!(!is_open(&h, ms(2026, 12, 25, 17, 0)));
        assert!(is_open(&h, ms(2026, 12, 24, 17, 0)));
    }

    #[test]
    fn times_are_two_digit_hours_and_minutes() {
        assert_eq!(parse_time("09:30"), Some(570));
        assert_eq!(parse_time("24:00"), Some(1440));
        for bad in ["9:30", "24:01", "12:60", "ab:cd", "", "12-00"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
    }
}
