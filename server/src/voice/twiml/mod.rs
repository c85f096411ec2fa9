//! Programmable voice: a number with a VoiceUrl is answered by the IVR endpoint, which
//! asks that URL what to do (Twilio's request, signed with X-Twilio-Signature) and runs
//! the TwiML it answers with, compiled by core (`dialtone_core::twiml`) into a flow for
//! the same executor as the editor's flows. `fetch` asks, `audio` makes what Say and
//! Play play, `repo` finds the number's URL.

pub mod audio;
pub mod breaker;
pub mod calls;
pub mod fetch;
pub mod recording_charges;
pub mod repo;
pub mod retention;

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

/// The call's first document: the VoiceUrl's, or, when that cannot be had or run, the
/// VoiceFallbackUrl's (told the ErrorCode and ErrorUrl, as Twilio tells it).
pub async fn first_document(
    state: &crate::state::AppState,
    call: &TwimlCall,
    voice: &repo::VoiceRoute,
) -> Result<dialtone_core::twiml::Compiled, dialtone_core::twiml::TwimlError> {
    use dialtone_core::ivr::Fetch;
    let at = Fetch {
        url: voice.voice_url.clone(),
        method: voice.voice_method.clone(),
    };
    let none = Default::default();
    let error = match fetch::document(state, call, &at, "ringing", &none).await {
        Ok(compiled) => return Ok(compiled),
        Err(e) => e,
    };
    let Some(fallback) = &voice.voice_fallback_url else {
        return Err(error);
    };
    let told = [
        ("ErrorCode".to_string(), error.code.to_string()),
        ("ErrorUrl".to_string(), at.url.clone()),
    ]
    .into();
    let at = Fetch {
        url: fallback.clone(),
        method: "POST".into(),
    };
    fetch::document(state, call, &at, "ringing", &told).await
}
