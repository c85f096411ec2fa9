//! Business hours: whether a flow's hours step takes its open branch at an instant,
//! judged on the wall clock of the flow's own time zone (so DST moves the UTC hours).

use super::model::{Hours, Interval};
use chrono::{Datelike, NaiveDate};

/// A wall-clock reading: the local date and the minute since local midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalTime {
    pub date: NaiveDate,
    pub minute: u32,
}

/// Where time-zone data comes from. The rule (intervals, weekdays, holidays) is core's;
/// the zones' offsets and DST dates are data: the IANA database compiled in on the
/// server (`Iana`), the browser's own through Intl in wasm. The shared vectors run
/// through both, so they cannot disagree unnoticed.
pub trait Zones {
    /// The wall clock of `zone` at `utc_ms`, None for a zone it does not know.
    fn local(&self, zone: &str, utc_ms: i64) -> Option<LocalTime>;

    fn is_known(&self, zone: &str) -> bool {
        self.local(zone, 0).is_some()
    }
}

/// The IANA database compiled in (chrono-tz).
#[cfg(feature = "tz")]
pub struct Iana;

#[cfg(feature = "tz")]
impl Zones for Iana {
    fn local(&self, zone: &str, utc_ms: i64) -> Option<LocalTime> {
        use chrono::{TimeZone, Timelike};
        let tz: chrono_tz::Tz = zone.parse().ok()?;
        let local = tz.timestamp_millis_opt(utc_ms).single()?;
        Some(LocalTime {
            date: local.date_naive(),
            minute: local.hour() * 60 + local.minute(),
        })
    }
}

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

/// Minutes of an interval, None when a time is malformed or it does not end after it starts.
pub fn interval_minutes(i: &Interval) -> Option<(u32, u32)> {
    let (from, to) = (parse_time(&i.from)?, parse_time(&i.to)?);
    (to > from).then_some((from, to))
}

/// Open at `utc_ms`: not a local holiday, and inside one of that weekday's intervals.
/// An unknown time zone counts as closed (validation refuses it before it is saved).
pub fn is_open(hours: &Hours, zones: &dyn Zones, utc_ms: i64) -> bool {
    let Some(local) = zones.local(&hours.time_zone, utc_ms) else {
        return false;
    };
    let date = local.date;
    if hours.holidays.iter().any(|h| parse_date(h) == Some(date)) {
        return false;
    }
    let day = hours.weekly.days()[date.weekday().num_days_from_monday() as usize].1;
    let minute = local.minute;
    day.iter()
        .filter_map(interval_minutes)
        .any(|(from, to)| (from..to).contains(&minute))
}

#[cfg(all(test, feature = "tz"))]
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
        use chrono::TimeZone;
        chrono::Utc
            .with_ymd_and_hms(y, mo, d, h, mi, 0)
            .unwrap()
            .timestamp_millis()
    }

    #[test]
    fn new_york_opens_at_nine_local_on_both_sides_of_the_spring_change() {
        let h = nine_to_five("America/New_York");
        // Friday 6 March 2026, EST (UTC-5): 09:00 local is 14:00 UTC.
        assert!(!is_open(&h, &Iana, ms(2026, 3, 6, 13, 59)));
        assert!(is_open(&h, &Iana, ms(2026, 3, 6, 14, 0)));
        // Monday 9 March 2026, EDT (UTC-4): 09:00 local is 13:00 UTC.
        assert!(is_open(&h, &Iana, ms(2026, 3, 9, 13, 0)));
    }

    #[test]
    fn a_holiday_is_closed_all_day() {
        let h = nine_to_five("America/New_York");
        assert!(!is_open(&h, &Iana, ms(2026, 12, 25, 17, 0)));
        assert!(is_open(&h, &Iana, ms(2026, 12, 24, 17, 0)));
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
