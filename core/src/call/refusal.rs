//! Why a call may not go, as one closed set: each refusal carries the code the switch
//! API returns, the SIP status the switch answers with, and a reason phrase in plain
//! words. A refusal cannot be mistyped into a 503: there is no free string to mistype.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    /// The switch asked about a call whose record is already written.
    CallAlreadyEnded,
    /// Neither party is an active number of a customer.
    UnknownNumber,
    AccountSuspended,
    /// A trial account calls a number it has not verified.
    TrialRestricted,
    /// The caller ID is not a number of the calling device's (or IVR leg's) account.
    CallerIdNotYours,
    /// The destination is a premium-rate, shared-cost or satellite number.
    DestinationNotAllowed,
    /// The destination's country is not among those the account may call.
    CountryNotPermitted,
    /// No active rate covers the destination.
    NoRate,
    /// Not even the first billing increment is affordable.
    InsufficientFunds,
    /// The destination's rate is above the account's maximum price per minute.
    RateAboveLimit,
    /// The account's spending today has reached its daily limit.
    DailyLimitReached,
    /// The account has as many outbound calls in progress as it may.
    TooManyCalls,
    /// The account started as many outbound calls this second as it may.
    CallRateLimited,
}

impl Refusal {
    pub const ALL: [Refusal; 13] = [
        Refusal::CallAlreadyEnded,
        Refusal::UnknownNumber,
        Refusal::AccountSuspended,
        Refusal::TrialRestricted,
        Refusal::CallerIdNotYours,
        Refusal::DestinationNotAllowed,
        Refusal::CountryNotPermitted,
        Refusal::NoRate,
        Refusal::InsufficientFunds,
        Refusal::RateAboveLimit,
        Refusal::DailyLimitReached,
        Refusal::TooManyCalls,
        Refusal::CallRateLimited,
    ];

    /// The code the switch API answers in `reason`.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::CallAlreadyEnded => "call_already_ended",
            Refusal::UnknownNumber => "unknown_number",
            Refusal::AccountSuspended => "account_suspended",
            Refusal::TrialRestricted => "trial_restricted",
            Refusal::CallerIdNotYours => "caller_id_not_yours",
            Refusal::DestinationNotAllowed => "destination_not_allowed",
            Refusal::CountryNotPermitted => "country_not_permitted",
            Refusal::NoRate => "no_rate",
            Refusal::InsufficientFunds => "insufficient_funds",
            Refusal::RateAboveLimit => "rate_above_limit",
            Refusal::DailyLimitReached => "daily_limit_reached",
            Refusal::TooManyCalls => "too_many_calls",
            Refusal::CallRateLimited => "call_rate_limited",
        }
    }

    pub fn parse(code: &str) -> Option<Refusal> {
        Refusal::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The SIP answer with its standard phrase: no funds is 402, what the account may
    /// not do is 403, a destination nobody serves is 404, a finished call 481.
    pub fn sip(self) -> (u16, &'static str) {
        match self {
            Refusal::InsufficientFunds => (402, "Payment Required"),
            Refusal::AccountSuspended
            | Refusal::TrialRestricted
            | Refusal::CallerIdNotYours
            | Refusal::DestinationNotAllowed
            | Refusal::CountryNotPermitted
            | Refusal::RateAboveLimit
            | Refusal::DailyLimitReached => (403, "Forbidden"),
            // The caller's line is busy with its own calls; the switch is not.
            Refusal::TooManyCalls => (486, "Busy Here"),
            // Retry-After: the next second may take it.
            Refusal::CallRateLimited => (503, "Service Unavailable"),
            Refusal::UnknownNumber | Refusal::NoRate => (404, "Not Found"),
            Refusal::CallAlreadyEnded => (481, "Call Does Not Exist"),
        }
    }

    /// The reason in plain words, for a caller's phone display and the logs.
    pub fn phrase(self) -> &'static str {
        match self {
            Refusal::CallAlreadyEnded => "Call already ended",
            Refusal::UnknownNumber => "Number not in service",
            Refusal::AccountSuspended => "Account suspended",
            Refusal::TrialRestricted => "Trial calls only to verified numbers",
            Refusal::CallerIdNotYours => "Caller ID not allowed",
            Refusal::DestinationNotAllowed => "Destination not allowed",
            Refusal::CountryNotPermitted => "Country not permitted",
            Refusal::NoRate => "Destination not served",
            Refusal::InsufficientFunds => "Insufficient funds",
            Refusal::RateAboveLimit => "Rate above your limit",
            Refusal::DailyLimitReached => "Daily spending limit reached",
            Refusal::TooManyCalls => "Too many calls at once",
            Refusal::CallRateLimited => "Too many new calls",
        }
    }

    /// Whether no other call's write could change this refusal: money frees up, calls
    /// end, a second passes.
    pub fn is_final(self) -> bool {
        !matches!(
            self,
            Refusal::InsufficientFunds
                | Refusal::DailyLimitReached
                | Refusal::TooManyCalls
                | Refusal::CallRateLimited
        )
    }
}

/// The SIP answer to a refusal by its code; a code this build does not know fails
/// closed as 503.
pub fn sip_answer(code: &str) -> (u16, &'static str) {
    Refusal::parse(code).map_or((503, "Service Unavailable"), Refusal::sip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_a_code_that_parses_back_and_a_client_error_but_the_rate_limits_503() {
        for r in Refusal::ALL {
            assert_eq!(Refusal::parse(r.code()), Some(r));
            let limited = r == Refusal::CallRateLimited;
            assert!((400..500).contains(&r.sip().0) || limited, "{r:?}");
            assert!(!r.phrase().contains('_'), "{r:?}");
        }
        assert_eq!(sip_answer("something new").0, 503);
    }
}
