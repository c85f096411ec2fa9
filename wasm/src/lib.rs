//! dialtone-core for the browser, as two modules: `forms` (feature "forms": what
//! every screen may need, loaded with the app: form validators, money formats, the
//! buy-number wizard, SMS counting) and the tools (feature "tools": IVR flows, rate
//! decks and call rules, loaded with the pages that use them). Every function
//! converts its arguments, calls core and converts the answer; a refused input
//! becomes a thrown JS Error carrying core's message. The native build (both
//! features) is what `cargo test` checks.

#![cfg_attr(
    not(all(feature = "forms", feature = "tools")),
    allow(dead_code, unused_macros)
)]

use dialtone_core::{money, validation as v};
use rust_decimal::Decimal;
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;

fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    // Plain objects rather than Maps, so results compare and spread like JSON.
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Text arguments arrive as JsValue and are checked here: wasm-bindgen's own `&str`
/// conversion traps on a non-string instead of refusing it.
fn string(value: &JsValue, what: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("{what} must be a string")))
}

fn amount(text: &str) -> Result<Decimal, JsError> {
    money::parse_amount(text).map_err(|e| JsError::new(&e.to_string()))
}

fn errors_of<T: DeserializeOwned>(
    input: JsValue,
    check: fn(&T) -> v::FieldErrors,
) -> Result<JsValue, JsError> {
    to_js(&check(&from_js(input)?))
}

/// `errors_of` for a validator that returns the valid value: its field errors, none
/// when the input passed.
fn refusals_of<T: DeserializeOwned, Valid>(
    input: JsValue,
    check: fn(&T) -> Result<Valid, v::FieldErrors>,
) -> Result<JsValue, JsError> {
    to_js(&check(&from_js(input)?).err().unwrap_or_default())
}

/// A form validator for the app: the form's fields in, core's errors by field out
/// (`errors_of`, or `refusals_of` for a validator that also returns the valid value).
macro_rules! form_validators {
    ($($(#[$doc:meta])* $via:ident $js:ident $name:ident = $check:path;)*) => {$(
        $(#[$doc])*
        #[wasm_bindgen(js_name = $js, skip_typescript)]
        pub fn $name(input: JsValue) -> Result<JsValue, JsError> {
            $via(input, $check)
        }
    )*};
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) enum Checked {
    Ok(Option<String>),
    Error(&'static str),
}

fn micros(text: &str) -> Result<i64, JsError> {
    text.trim()
        .parse()
        .map_err(|_| JsError::new("Not an amount of micro-dollars"))
}

// After the helpers and the macro above, which the modules use.
#[cfg(feature = "forms")]
mod api;
#[cfg(feature = "tools")]
mod calls;
#[cfg(feature = "tools")]
mod decks;
#[cfg(feature = "forms")]
mod forms;
#[cfg(feature = "tools")]
mod ivr;
#[cfg(feature = "tools")]
mod plans;
#[cfg(feature = "forms")]
mod sip_forms;
