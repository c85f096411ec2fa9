//! When a failed delivery is tried again: soon at first (a customer's server that
//! restarts is back in seconds), then hourly, for a day after it was queued.

const SECOND: i64 = 1000;
const MINUTE: i64 = 60 * SECOND;
const HOUR: i64 = 60 * MINUTE;

/// How long a delivery is retried after it is queued (or resent).
pub const RETRY_FOR_MS: i64 = 24 * HOUR;

/// The wait after the 1st, 2nd, ... failed attempt; the last one repeats.
const DELAYS_MS: [i64; 6] = [
    5 * SECOND,
    30 * SECOND,
    2 * MINUTE,
    10 * MINUTE,
    30 * MINUTE,
    HOUR,
];

/// The wait after `attempts` attempts have failed (at least one).
pub fn delay_after(attempts: i64) -> i64 {
    let i = usize::try_from(attempts.max(1) - 1).unwrap_or(usize::MAX);
    DELAYS_MS[i.min(DELAYS_MS.len() - 1)]
}

/// When to try again after attempt number `attempts` failed at `now`, or None when
/// that would be after `give_up_at`: the delivery has failed for good.
pub fn next_attempt_at(attempts: i64, now: i64, give_up_at: i64) -> Option<i64> {
    let at = now + delay_after(attempts);
    (at <= give_up_at).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_come_quickly_at_first_then_hourly() {
        let waits: Vec<i64> = (1..=9).map(delay_after).collect();
        assert_eq!(
            waits,
            [5, 30, 120, 600, 1800, 3600, 3600, 3600, 3600].map(|s| s * SECOND)
        );
    }

    #[test]
    fn a_delivery_is_retried_until_a_day_after_it_was_queued() {
        let created = 1_000_000;
        let give_up = created + RETRY_FOR_MS;
        assert_eq!(
            next_attempt_at(1, created, give_up),
            Some(created + 5 * SECOND)
        );
        assert_eq!(next_attempt_at(20, give_up - HOUR, give_up), Some(give_up));
        assert_eq!(next_attempt_at(20, give_up - HOUR + 1, give_up), None);
        assert_eq!(next_attempt_at(1, give_up, give_up), None);
    }

    #[test]
    fn a_day_of_failures_is_about_thirty_attempts() {
        let give_up = RETRY_FOR_MS;
        let (mut now, mut attempts) = (0, 1);
        while let Some(at) = next_attempt_at(attempts, now, give_up) {
            now = at;
            attempts += 1;
        }
        assert_eq!(attempts, 29);
    }
}
