//! The customer API's rules for the browser: the API key form and callback URLs.

use crate::{from_js, to_js, Checked};
use dialtone_core::api;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_API: &str = r#"
export interface ApiKeyInput { name: string; password: string }
export function validateApiKey(input: Partial<ApiKeyInput>): FieldErrors;
export function validateCallbackUrl(text: string): { ok: string | null } | { error: string };
export interface NumberHooksInput { voiceUrl: string; voiceMethod: string; voiceFallbackUrl: string; smsUrl: string; smsMethod: string; statusCallback: string }
export function validateNumberHooks(input: Partial<NumberHooksInput>): FieldErrors;
"#;

/// Errors of the new API key form (its name).
#[wasm_bindgen(js_name = validateApiKey, skip_typescript)]
pub fn validate_api_key(input: JsValue) -> Result<JsValue, JsError> {
    to_js(&api::validate_api_key(&from_js(input)?))
}

/// A webhook URL: `{ ok: trimmed or null when empty }` or `{ error: message }`.
#[wasm_bindgen(js_name = validateCallbackUrl, skip_typescript)]
pub fn validate_callback_url(text: JsValue) -> Result<JsValue, JsError> {
    to_js(
        &match api::validate_callback_url(&text.as_string().unwrap_or_default()) {
            Ok(url) => Checked::Ok(url),
            Err(message) => Checked::Error(message),
        },
    )
}

/// Errors of a number's URLs form (My Numbers): none when it may be saved.
#[wasm_bindgen(js_name = validateNumberHooks, skip_typescript)]
pub fn validate_number_hooks(input: JsValue) -> Result<JsValue, JsError> {
    to_js(
        &api::validate_number_hooks(&from_js(input)?)
            .err()
            .unwrap_or_default(),
    )
}
