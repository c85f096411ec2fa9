//! What a call already left in the database, read with its party in one query
//! (`find_call`): the call path's authorize and CDR each make that one read and then
//! one write, instead of a round trip per table.

use crate::db::{joined, Flag};
use sqlx::any::AnyRow;
use sqlx::FromRow;

/// How a recorded call was rated.
#[derive(sqlx::FromRow)]
pub struct StoredCall {
    #[sqlx(rename = "k_billable")]
    pub billable_seconds: i64,
    #[sqlx(rename = "k_package")]
    pub package_seconds: i64,
    #[sqlx(rename = "k_cost")]
    pub cost_micros: i64,
    #[sqlx(rename = "k_status")]
    pub status: String,
}

/// The reservation an authorization left for a call.
#[derive(sqlx::FromRow)]
pub struct HeldCall {
    #[sqlx(rename = "r_user")]
    pub user_id: i64,
    #[sqlx(rename = "r_amount")]
    pub amount_micros: i64,
    #[sqlx(rename = "r_package")]
    pub package_seconds: i64,
    #[sqlx(rename = "r_created")]
    pub created_at: i64,
    #[sqlx(rename = "r_expires")]
    pub expires_at: i64,
    /// The call it was made for (empty for reservations older than these columns).
    #[sqlx(rename = "r_direction")]
    pub direction: String,
    #[sqlx(rename = "r_from")]
    pub from: String,
    #[sqlx(rename = "r_to")]
    pub to: String,
}

/// A call's facts, read with `FACT_COLUMNS`; its record and reservation are the
/// LEFT JOINs' parts of the row (see `read`).
#[derive(sqlx::FromRow)]
pub struct CallFacts {
    /// The call's record, when its CDR was taken already.
    #[sqlx(skip)]
    pub stored: Option<StoredCall>,
    #[sqlx(skip)]
    pub held: Option<HeldCall>,
    /// The number's forward, set by its present owner.
    pub forward_to: Option<String>,
    /// Whether the number is answered by an active IVR flow.
    #[sqlx(rename = "ivr_flows", try_from = "Flag")]
    pub ivr_flow: bool,
    /// Whether the owner has any SIP device (an inbound call rings none otherwise).
    #[sqlx(rename = "devices", try_from = "Flag")]
    pub has_devices: bool,
    /// The number's VoiceUrl and StatusCallback, and the owner's account SID.
    pub voice_url: Option<String>,
    pub status_callback: Option<String>,
    pub account_sid: Option<String>,
    /// Whether the owner was warned of a low balance since the last deposit.
    #[sqlx(try_from = "Flag")]
    pub low_balance_notified: bool,
    /// The low-balance threshold setting, when set.
    pub low_balance_setting: Option<i64>,
    /// The owner's outbound calls in progress, and those started in this second.
    pub live_calls: i64,
    pub calls_last_second: i64,
}

impl CallFacts {
    /// The facts with the call's record (`k_*`) and reservation (`r_*`), when found.
    pub(super) fn read(r: &AnyRow) -> Result<CallFacts, sqlx::Error> {
        Ok(CallFacts {
            stored: joined(r, "k_status")?,
            held: joined(r, "r_user")?,
            ..CallFacts::from_row(r)?
        })
    }
}
