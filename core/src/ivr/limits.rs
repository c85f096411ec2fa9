//! Sizes and bounds of a flow, and what each IVR level of a package allows.

use serde::{Deserialize, Serialize};

pub const MAX_NAME: usize = 60;
pub const MAX_STEP_ID: usize = 40;
pub const MAX_TEXT: usize = 500;
pub const MAX_HOLIDAYS: usize = 50;
pub const MAX_INTERVALS_PER_DAY: usize = 6;
pub const TIMEOUT_SECONDS: (u32, u32) = (1, 30);
pub const RETRIES: (u32, u32) = (0, 5);
pub const RING_SECONDS: (u32, u32) = (5, 120);
pub const RECORD_SECONDS: (u32, u32) = (10, 300);
/// Steps taken in a row without waiting for the caller; only an invalid flow (a loop
/// without a key press) gets there, and the executor hangs up rather than spin.
pub const MAX_HOPS: usize = 100;

/// Whether an account that has `have` flows may create one more (core's quota of
/// flows: each costs storage and prompt rendering whether or not a number uses it).
pub fn flow_quota(in_trial: bool, have: i64) -> Result<(), String> {
    crate::quota::check(crate::quota::Kept::IvrFlows, in_trial, have)
}

/// The IVR level of the customer's package.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Basic,
    Advanced,
    Premium,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LevelLimits {
    pub steps: usize,
    pub menus: usize,
    pub business_hours: bool,
    pub voicemail_boxes: usize,
}

impl Level {
    pub fn limits(self) -> LevelLimits {
        match self {
            Level::Basic => LevelLimits {
                steps: 10,
                menus: 1,
                business_hours: false,
                voicemail_boxes: 1,
            },
            Level::Advanced => LevelLimits {
                steps: 30,
                menus: 5,
                business_hours: true,
                voicemail_boxes: 3,
            },
            Level::Premium => LevelLimits {
                steps: 100,
                menus: 20,
                business_hours: true,
                voicemail_boxes: 10,
            },
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Level::Basic => "Basic",
            Level::Advanced => "Advanced",
            Level::Premium => "Premium",
        }
    }
}
