//! What a call recording costs and how long it is kept. A recording (TwiML's Record)
//! is charged once, when it is stored: each started minute at the platform's recording
//! rate (0 makes recordings free). Its owner chooses how long recordings are kept:
//! until deleted, or a number of days after which a job deletes them (the server's
//! `voice::twiml::recordings`, in one statement).

use crate::Micros;

/// How long an account keeps its recordings, in days: 0 is until deleted.
pub const RETENTION_DAYS: [i64; 5] = [0, 7, 30, 90, 365];

pub const RETENTION_MESSAGE: &str = "Choose how long recordings are kept from the list";

const MINUTE_MS: i64 = 60_000;

/// A recording of `duration_ms` at `rate` per minute: each started minute charged (a
/// recording of no length costs nothing).
pub fn cost(duration_ms: i64, rate: Micros) -> Micros {
    let minutes = (duration_ms.max(0) + MINUTE_MS - 1) / MINUTE_MS;
    minutes.saturating_mul(rate.max(0))
}

/// The retention days chosen, if they are one of RETENTION_DAYS.
pub fn validate_retention(days: i64) -> Result<i64, &'static str> {
    if RETENTION_DAYS.contains(&days) {
        Ok(days)
    } else {
        Err(RETENTION_MESSAGE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_started_minute_is_charged() {
        assert_eq!(cost(0, 2_500), 0);
        assert_eq!(cost(1, 2_500), 2_500);
        assert_eq!(cost(60_000, 2_500), 2_500);
        assert_eq!(cost(60_001, 2_500), 5_000);
        assert_eq!(cost(3_000, 0), 0, "a rate of 0 makes recordings free");
    }

    #[test]
    fn retention_is_one_of_the_listed_choices() {
        assert_eq!(validate_retention(30), Ok(30));
        assert_eq!(validate_retention(0), Ok(0));
        assert_eq!(validate_retention(31), Err(RETENTION_MESSAGE));
    }
}
