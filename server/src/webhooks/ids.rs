//! The public identifiers of what events and the customer API name (SIDs), and the API
//! version their parameters follow: Twilio's wire format, owned by the events that
//! carry it, so the domain never reaches into the Twilio adapter for them.

/// The version of Twilio's REST API whose parameters events and the API speak.
pub const API_VERSION: &str = "2010-04-01";

/// A resource's SID: its kind's prefix and its row id in 32 hex digits. Every lookup
/// is scoped to the caller's account, so the id carries no access on its own.
pub fn sid(prefix: &str, id: i64) -> String {
    format!("{prefix}{id:032x}")
}

/// A call's SID, from its SIP Call-ID: known from the switch's first question, before
/// the call has a record (and the same on every instance).
pub fn call_sid(sip_call_id: &str) -> String {
    use sha2::{Digest, Sha256};
    format!(
        "CA{}",
        &hex::encode(Sha256::digest(sip_call_id.as_bytes()))[..32]
    )
}
