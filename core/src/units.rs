//! Durations and minutes as people read them, one rule for every page.

/// Seconds as "m:ss", or "h:mm:ss" from one hour on: 125 -> "2:05", 3725 -> "1:02:05".
/// A call and the total of a page's calls read the same way.
pub fn format_duration(seconds: i64) -> String {
    let s = seconds.max(0);
    let (hours, minutes, rest) = (s / 3600, (s % 3600) / 60, s % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{rest:02}")
    } else {
        format!("{minutes}:{rest:02}")
    }
}

/// Minutes used, as reported: a started minute counts (61 s is 2 minutes), the way
/// calls are billed by the minute.
pub fn minutes_used(seconds: i64) -> i64 {
    (seconds.max(0) + 59) / 60
}

/// Minutes left to use: only whole minutes (59 s left is 0 minutes).
pub fn minutes_left(seconds: i64) -> i64 {
    seconds.max(0) / 60
}

/// Micro-dollars as whole US cents, rounded half up (what card processors take).
pub fn micros_to_cents(micros: i64) -> i64 {
    (micros + 5_000).div_euclid(10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_m_ss_then_h_mm_ss() {
        assert_eq!(format_duration(0), "0:00");
        assert_eq!(format_duration(125), "2:05");
        assert_eq!(format_duration(3599), "59:59");
        assert_eq!(format_duration(3600), "1:00:00");
        assert_eq!(format_duration(4500), "1:15:00");
        assert_eq!(format_duration(-5), "0:00");
    }

    #[test]
    fn minutes_used_count_started_minutes_and_minutes_left_whole_ones() {
        assert_eq!(
            (
                minutes_used(0),
                minutes_used(1),
                minutes_used(60),
                minutes_used(61)
            ),
            (0, 1, 1, 2)
        );
        assert_eq!(
            (minutes_left(59), minutes_left(60), minutes_left(-1)),
            (0, 1, 0)
        );
        assert_eq!(
            (micros_to_cents(1_005_000), micros_to_cents(1_004_999)),
            (101, 100)
        );
    }
}
