//! The customer API's rules: what an API key may be called, and which callback URLs
//! Dialtone will POST webhooks to.

use crate::validation::FieldErrors;
use serde::{Deserialize, Serialize};

pub const KEY_NAME_REQUIRED_MESSAGE: &str = "Give the key a name";
pub const MAX_KEY_NAME: usize = 64;
pub const KEY_NAME_TOO_LONG_MESSAGE: &str = "A key name has at most 64 characters";
/// Creating a credential (an API key, a SIP device) asks for the account password, so a
/// stolen 15-minute access token cannot become lasting API or calling access.
pub const PASSWORD_REQUIRED_MESSAGE: &str = "Enter your account password";
pub const MAX_URL: usize = 2048;
pub const URL_MESSAGE: &str = "Use an http:// or https:// URL of at most 2048 characters";
/// A friendly name of a number, as Twilio allows it.
pub const MAX_FRIENDLY_NAME: usize = 64;
pub const FRIENDLY_NAME_MESSAGE: &str = "A friendly name has at most 64 characters";

#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ApiKeyInput {
    /// What the key is for, 1 to 64 characters.
    pub name: String,
    /// The account's password, checked by the server.
    pub password: String,
}

/// Errors of the new API key form.
pub fn validate_api_key(i: &ApiKeyInput) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let name = i.name.trim();
    let message = if name.is_empty() {
        Some(KEY_NAME_REQUIRED_MESSAGE)
    } else if name.chars().count() > MAX_KEY_NAME {
        Some(KEY_NAME_TOO_LONG_MESSAGE)
    } else if crate::validation::has_control_chars(name, false) {
        Some(crate::validation::CONTROL_CHARS_MESSAGE)
    } else {
        None
    };
    if let Some(m) = message {
        errors.insert("name".into(), m.into());
    }
    require_password(&i.password, &mut errors);
    errors
}

/// The password a credential's creation asks for must be given (the server checks it).
pub fn require_password(password: &str, errors: &mut FieldErrors) {
    if password.is_empty() {
        errors.insert("password".into(), PASSWORD_REQUIRED_MESSAGE.into());
    }
}

/// A webhook URL (StatusCallback, SmsUrl, VoiceUrl): empty clears it; otherwise an
/// absolute http(s) URL with a host, without spaces or control characters.
pub fn validate_callback_url(text: &str) -> Result<Option<String>, &'static str> {
    let url = text.trim();
    if url.is_empty() {
        return Ok(None);
    }
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
    let ok = url.len() <= MAX_URL
        && host.is_some_and(|h| !h.is_empty() && !h.starts_with(':') && !h.contains('@'))
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(Some(url.to_string()))
    } else {
        Err(URL_MESSAGE)
    }
}

/// A number's friendly name: at most 64 characters on one line.
pub fn validate_friendly_name(text: &str) -> Result<String, &'static str> {
    let name = text.trim();
    if name.chars().count() > MAX_FRIENDLY_NAME || crate::validation::has_control_chars(name, false)
    {
        return Err(FRIENDLY_NAME_MESSAGE);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_callback_needs_a_host() {
        assert_eq!(validate_callback_url("https://"), Err(URL_MESSAGE));
        assert_eq!(validate_callback_url("https://:80/x"), Err(URL_MESSAGE));
        assert_eq!(validate_callback_url("ftp://a.example"), Err(URL_MESSAGE));
        assert_eq!(
            validate_callback_url(" http://127.0.0.1:9000/sms?x=1 "),
            Ok(Some("http://127.0.0.1:9000/sms?x=1".into()))
        );
        assert_eq!(validate_callback_url(""), Ok(None));
    }

    #[test]
    fn a_callback_may_not_carry_credentials_or_spaces() {
        assert_eq!(
            validate_callback_url("https://u:p@a.example/"),
            Err(URL_MESSAGE)
        );
        assert_eq!(
            validate_callback_url("https://a.example/a b"),
            Err(URL_MESSAGE)
        );
    }
}

pub const METHOD_MESSAGE: &str = "Choose GET or POST";
pub const FALLBACK_NEEDS_VOICE_URL_MESSAGE: &str =
    "Set a Voice URL first: the fallback is asked only when it fails";

/// A number's URLs as the My Numbers form (and the API) gives them: empty clears one.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NumberHooksInput {
    /// Answers the number's calls with TwiML.
    pub voice_url: String,
    /// GET or POST (empty: POST).
    pub voice_method: String,
    /// Asked when the Voice URL cannot be had or its TwiML cannot run.
    pub voice_fallback_url: String,
    /// Receives the number's inbound messages.
    pub sms_url: String,
    /// GET or POST (empty: POST).
    pub sms_method: String,
    /// Receives the number's call status events.
    pub status_callback: String,
}

/// The URLs as stored: None where cleared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NumberHooks {
    pub voice_url: Option<String>,
    pub voice_method: String,
    pub voice_fallback_url: Option<String>,
    pub sms_url: Option<String>,
    pub sms_method: String,
    pub status_callback: Option<String>,
}

/// An HTTP method for a TwiML request: GET or POST, any case; empty is POST.
pub fn validate_method(text: &str) -> Result<String, &'static str> {
    match text.trim().to_ascii_uppercase().as_str() {
        "" | "POST" => Ok("POST".into()),
        "GET" => Ok("GET".into()),
        _ => Err(METHOD_MESSAGE),
    }
}

/// The number's URLs, each by the callback URL rule, or the message of each field
/// that is wrong.
pub fn validate_number_hooks(i: &NumberHooksInput) -> Result<NumberHooks, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut url = |field: &str, text: &str| {
        validate_callback_url(text).unwrap_or_else(|m| {
            errors.insert(field.into(), m.into());
            None
        })
    };
    let hooks = NumberHooks {
        voice_url: url("voiceUrl", &i.voice_url),
        voice_fallback_url: url("voiceFallbackUrl", &i.voice_fallback_url),
        sms_url: url("smsUrl", &i.sms_url),
        status_callback: url("statusCallback", &i.status_callback),
        voice_method: validate_method(&i.voice_method).unwrap_or_else(|m| {
            errors.insert("voiceMethod".into(), m.into());
            String::new()
        }),
        sms_method: validate_method(&i.sms_method).unwrap_or_else(|m| {
            errors.insert("smsMethod".into(), m.into());
            String::new()
        }),
    };
    if hooks.voice_fallback_url.is_some() && i.voice_url.trim().is_empty() {
        errors.insert(
            "voiceFallbackUrl".into(),
            FALLBACK_NEEDS_VOICE_URL_MESSAGE.into(),
        );
    }
    if errors.is_empty() {
        Ok(hooks)
    } else {
        Err(errors)
    }
}
