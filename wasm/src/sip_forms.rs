//! SIP forms for the first-load module: a new device and a number's forward number.

use crate::{from_js, to_js, Checked};
use dialtone_core::sip;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_SIP_FORMS: &str = r#"
export interface SipDeviceInput { username: string; callerId: string; password: string }
export function validateSipDevice(input: Partial<SipDeviceInput>): FieldErrors;
export function validateForwardTo(text: string, number: string): { ok: string | null } | { error: string };
"#;

#[wasm_bindgen(js_name = validateSipDevice, skip_typescript)]
pub fn validate_sip_device(input: JsValue) -> Result<JsValue, JsError> {
    to_js(&sip::validate_device(&from_js(input)?))
}

/// A number's forward number: `{ ok: normalised or null }` or `{ error: message }`.
#[wasm_bindgen(js_name = validateForwardTo, skip_typescript)]
pub fn validate_forward_to(text: JsValue, number: JsValue) -> Result<JsValue, JsError> {
    let text = text.as_string().unwrap_or_default();
    let number = number.as_string().unwrap_or_default();
    to_js(&match sip::validate_forward_to(&text, &number) {
        Ok(to) => Checked::Ok(to),
        Err(message) => Checked::Error(message),
    })
}
