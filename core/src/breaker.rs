//! The circuit breaker in front of a customer's server (TwiML fetches): a URL that gave no
//! answer (timed out, refused the connection) FAILURES_TO_PARK times in a row is not
//! asked again for PARK_MS, so the calls meanwhile go to the fallback URL (or end)
//! at once instead of each holding its caller in silence until the timeout. The next
//! request after the pause is a trial: one more miss parks the URL again. Any HTTP
//! answer, an error status included, closes the breaker. The webhook queue parks its
//! endpoints by the same numbers (in its SQL).

/// Misses in a row that park a URL.
pub const FAILURES_TO_PARK: u32 = 3;
/// How long a parked URL is left alone.
pub const PARK_MS: i64 = 60_000;

/// What is known of one URL: its misses in a row, and until when it is parked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Breaker {
    pub failures: u32,
    pub parked_until: i64,
}

impl Breaker {
    /// Whether the URL may be asked at `now`.
    pub fn allows(&self, now: i64) -> bool {
        now >= self.parked_until
    }

    /// The breaker after a request at `now` that got an HTTP answer or none.
    pub fn after(self, answered: bool, now: i64) -> Breaker {
        if answered {
            return Breaker::default();
        }
        let failures = self.failures.saturating_add(1);
        Breaker {
            failures,
            parked_until: if failures >= FAILURES_TO_PARK {
                now + PARK_MS
            } else {
                self.parked_until
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_misses_in_a_row_park_the_url_for_a_minute() {
        let b = Breaker::default().after(false, 1_000).after(false, 2_000);
        assert!(b.allows(2_000), "two misses: still asked");
        let parked = b.after(false, 3_000);
        assert!(!parked.allows(3_001));
        assert!(!parked.allows(3_000 + PARK_MS - 1));
        assert!(parked.allows(3_000 + PARK_MS));
    }

    #[test]
    fn an_answer_of_any_status_closes_the_breaker() {
        let b = Breaker::default().after(false, 0).after(false, 1);
        assert_eq!(b.after(true, 2), Breaker::default());
        // Two more misses after the answer do not park it.
        assert!(b.after(true, 2).after(false, 3).after(false, 4).allows(5));
    }

    #[test]
    fn a_miss_on_the_trial_after_the_pause_parks_it_again() {
        let parked = (0..3).fold(Breaker::default(), |b, t| b.after(false, t));
        let trial_at = 2 + PARK_MS;
        assert!(parked.allows(trial_at));
        let again = parked.after(false, trial_at);
        assert!(!again.allows(trial_at + 1));
        assert_eq!(again.parked_until, trial_at + PARK_MS);
    }
}
