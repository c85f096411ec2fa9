//! A call's closed sets (direction, outcome, refusal) and the call path's decisions:
//! whose number a call is billed to, whether it may go and for how long
//! (`authorize`), and what it costs when it ends (`settle`).

pub mod authorize;
mod refusal;
pub mod settle;

pub use authorize::{authorize, Authorization, CallFacts, Hold, MAX_CALL_SECONDS};
pub use refusal::{sip_answer, Refusal};
use serde::{Deserialize, Serialize};
pub use settle::{collect, settle, SettleFacts, Settlement};

pub const DIRECTION_MESSAGE: &str = "direction must be inbound or outbound";
pub const STATUS_MESSAGE: &str = "status must be completed, failed or no-answer";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Inbound,
    #[default]
    Outbound,
}

impl Direction {
    pub fn parse(text: &str) -> Option<Direction> {
        match text {
            "inbound" => Some(Direction::Inbound),
            "outbound" => Some(Direction::Outbound),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Inbound => "inbound",
            Direction::Outbound => "outbound",
        }
    }

    /// Who pays: the owner of the number that placed an outbound call (`from`) or
    /// that an inbound call reached (`to`).
    pub fn customer_number<'a>(self, from: &'a str, to: &'a str) -> &'a str {
        match self {
            Direction::Outbound => from,
            Direction::Inbound => to,
        }
    }

    /// The other party: whom an outbound call reached, or who called in.
    pub fn other_party<'a>(self, from: &'a str, to: &'a str) -> &'a str {
        match self {
            Direction::Outbound => to,
            Direction::Inbound => from,
        }
    }

    /// Package minutes pay for outbound calls only.
    pub fn uses_packages(self) -> bool {
        self == Direction::Outbound
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallStatus {
    Completed,
    Failed,
    NoAnswer,
}

impl CallStatus {
    pub fn parse(text: &str) -> Option<CallStatus> {
        match text {
            "completed" => Some(CallStatus::Completed),
            "failed" => Some(CallStatus::Failed),
            "no-answer" => Some(CallStatus::NoAnswer),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CallStatus::Completed => "completed",
            CallStatus::Failed => "failed",
            CallStatus::NoAnswer => "no-answer",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_customer_of_a_call_is_the_owner_of_our_number() {
        let (from, to) = ("+14155550100", "+12125550199");
        assert_eq!(Direction::Outbound.customer_number(from, to), from);
        assert_eq!(Direction::Inbound.customer_number(from, to), to);
        assert_eq!(Direction::Inbound.other_party(from, to), from);
        for d in [Direction::Inbound, Direction::Outbound] {
            assert_eq!(Direction::parse(d.as_str()), Some(d));
        }
        assert_eq!(Direction::parse("sideways"), None);
        for s in [
            CallStatus::Completed,
            CallStatus::Failed,
            CallStatus::NoAnswer,
        ] {
            assert_eq!(CallStatus::parse(s.as_str()), Some(s));
        }
    }
}
