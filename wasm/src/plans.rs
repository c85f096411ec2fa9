//! Monthly plans for the admin's package form: the plan's fields, its saving against
//! pay as you go, and the price rule a plan on sale must meet.

use crate::{from_js, micros, string, to_js};
use dialtone_core::plans;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_PLANS: &str = r#"
export interface PlanInput { includedNumbers: string; ivrFlows: string; ivrLevel: string; support: string }
export function validatePlanForm(input: Partial<PlanInput>): FieldErrors;
export function planSaving(priceMicros: string, minutes: number, lowestRateMicros: string): { percent: number; text: string } | null;
export function checkPlanPrice(priceMicros: string, minutes: number, lowestRateMicros: string): string | null;
"#;

#[wasm_bindgen(js_name = validatePlanForm, skip_typescript)]
pub fn validate_plan_form(input: JsValue) -> Result<JsValue, JsError> {
    to_js(
        &plans::validate_plan_form(&from_js(input)?)
            .err()
            .unwrap_or_default(),
    )
}

#[derive(Serialize)]
struct Saving {
    percent: u32,
    text: String,
}

#[wasm_bindgen(js_name = planSaving, skip_typescript)]
pub fn plan_saving(price: JsValue, minutes: f64, lowest_rate: JsValue) -> Result<JsValue, JsError> {
    let price = micros(&string(&price, "priceMicros")?)?;
    let rate = micros(&string(&lowest_rate, "lowestRateMicros")?)?;
    let saving = plans::saving_percent(price, minutes as i64, rate).map(|percent| Saving {
        percent,
        text: plans::saving_text(percent),
    });
    to_js(&saving)
}

#[wasm_bindgen(js_name = checkPlanPrice, skip_typescript)]
pub fn check_plan_price(
    price: JsValue,
    minutes: f64,
    lowest_rate: JsValue,
) -> Result<JsValue, JsError> {
    let price = micros(&string(&price, "priceMicros")?)?;
    let rate = micros(&string(&lowest_rate, "lowestRateMicros")?)?;
    to_js(&plans::check_price(price, minutes as i64, rate).err())
}
