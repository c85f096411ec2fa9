//! What a call already left in the database, read with its party in one query
//! (`find_call`): the call path's authorize and CDR each make that one read and then
//! one write, instead of a round trip per table.

use sqlx::any::AnyRow;
use sqlx::Row;

/// How a recorded call was rated.
pub struct StoredCall {
    pub billable_seconds: i64,
    pub package_seconds: i64,
    pub cost_micros: i64,
    pub status: String,
}

/// The reservation an authorization left for a call.
pub struct HeldCall {
    pub user_id: i64,
    pub amount_micros: i64,
    pub package_seconds: i64,
    pub created_at: i64,
    pub expires_at: i64,
    /// The call it was made for (empty for reservations older than these columns).
    pub direction: String,
    pub from: String,
    pub to: String,
}

pub struct CallFacts {
    /// The call's record, when its CDR was taken already.
    pub stored: Option<StoredCall>,
    pub held: Option<HeldCall>,
    /// The number's forward, set by its present owner.
    pub forward_to: Option<String>,
    /// Whether the number is answered by an active IVR flow.
    pub ivr_flow: bool,
    /// Whether the owner has any SIP device (an inbound call rings none otherwise).
    pub has_devices: bool,
    /// The number's VoiceUrl and StatusCallback, and the owner's account SID.
    pub voice_url: Option<String>,
    pub status_callback: Option<String>,
    pub account_sid: Option<String>,
    /// Whether the owner was warned of a low balance since the last deposit.
    pub low_balance_notified: bool,
    /// The low-balance threshold setting, when set.
    pub low_balance_setting: Option<i64>,
}

impl CallFacts {
    pub(super) fn from_row(r: &AnyRow) -> Result<CallFacts, sqlx::Error> {
        let stored = match r.try_get::<Option<String>, _>("k_status")? {
            Some(status) => Some(StoredCall {
                billable_seconds: r.try_get("k_billable")?,
                package_seconds: r.try_get("k_package")?,
                cost_micros: r.try_get("k_cost")?,
                status,
            }),
            None => None,
        };
        let held = match r.try_get::<Option<i64>, _>("r_user")? {
            Some(user_id) => Some(HeldCall {
                user_id,
                amount_micros: r.try_get("r_amount")?,
                package_seconds: r.try_get("r_package")?,
                created_at: r.try_get("r_created")?,
                expires_at: r.try_get("r_expires")?,
                direction: r.try_get("r_direction")?,
                from: r.try_get("r_from")?,
                to: r.try_get("r_to")?,
            }),
            None => None,
        };
        Ok(CallFacts {
            stored,
            held,
            forward_to: r.try_get("forward_to")?,
            ivr_flow: r.try_get::<i64, _>("ivr_flows")? > 0,
            has_devices: r.try_get::<i64, _>("devices")? > 0,
            voice_url: r.try_get("voice_url")?,
            status_callback: r.try_get("status_callback")?,
            account_sid: r.try_get("account_sid")?,
            low_balance_notified: r.try_get::<i64, _>("low_balance_notified")? != 0,
            low_balance_setting: r.try_get("low_balance_setting")?,
        })
    }
}
