//! Programmable voice: a number with a VoiceUrl is answered by the IVR endpoint, which
//! asks that URL what to do (Twilio's request, signed with X-Twilio-Signature) and runs
//! the TwiML it answers with, compiled by core (`dialtone_core::twiml`) into a flow for
//! the same executor as the editor's flows. `fetch` asks, `audio` makes what Say and
//! Play play, `repo` finds the number's URL.

pub mod audio;
pub mod fetch;
pub mod repo;

/// Who asks a customer's server for TwiML, and about which call: what every request
/// carries (Twilio's parameters) and signs with (the account's auth token).
#[derive(Debug, Clone)]
pub struct TwimlCall {
    pub account_sid: String,
    pub owner_id: i64,
    pub call_sid: String,
    pub from: String,
    pub to: String,
    pub direction: &'static str,
}

impl TwimlCall {
    /// Twilio's request parameters for a call in `status` ("ringing", "in-progress").
    pub fn params(&self, status: &str) -> Vec<(String, String)> {
        [
            ("AccountSid", self.account_sid.as_str()),
            ("ApiVersion", crate::webhooks::API_VERSION),
            ("CallSid", &self.call_sid),
            ("CallStatus", status),
            ("Called", &self.to),
            ("Caller", &self.from),
            ("Direction", self.direction),
            ("From", &self.from),
            ("To", &self.to),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }
}
