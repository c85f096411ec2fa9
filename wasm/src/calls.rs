//! Call rules for the browser (the tools module): refusals, number routes, the rating
//! of calls and core's call decisions (authorize, settle).

use crate::{from_js, micros, string, to_js};
use dialtone_core::{call, rating, sip};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_CALLS: &str = r#"
export function sipRefusal(reason: string): { status: number; phrase: string };
export type RouteChoice = { kind: 'forward'; to: string } | { kind: 'ring'; devices: string[] };
export function routeChoice(route: { forwardTo?: string | null; devices: { username: string; selected: boolean }[] }): RouteChoice;
export function deviceMayCall(outbound: boolean, deviceOwner: number | null, numberOwner: number): string | null;
export function replacementCallerId(refused: string, sent: string, configured: string | null): string | null;
export interface CallerIdFix { billAs: string; shown: string; attestation: 'A' | 'B' }
export function callerIdFix(c: { refused: string; sent: string; configured: string | null; replace?: boolean; sentVerified?: boolean }): CallerIdFix | null;
export interface CallCharge { billableSeconds: number; packageSeconds: number; paidSeconds: number; cost: string }
export function rateCall(durationSeconds: number, ratePerMinuteMicros: string, first: number, next: number, packageSeconds: number): CallCharge;
export function prefixRates(prefix: string, region: string | null): boolean;
export function maxDuration(funds: string, rate: string, first: number, next: number, packageSeconds: number, cap: number): number;
export function maxDurationForwarded(funds: string, inRate: string, inFirst: number, inNext: number, outRate: string, outFirst: number, outNext: number, cap: number): number;
export function destinationOf(prefixes: Array<[string, string]>, number: string): string | null;
export type Refusal = 'call_already_ended' | 'unknown_number' | 'account_suspended' | 'trial_restricted' | 'caller_id_not_yours' | 'destination_not_allowed' | 'no_rate' | 'insufficient_funds';
export interface CallRate { perMinute: string; increments?: { first: number; next: number } }
export interface CallFacts { direction: 'inbound' | 'outbound'; nowMs: number; earlier?: { kind: 'nothing' | 'ended' } | { kind: 'held'; createdAtMs: number; expiresAtMs: number }; fromDevice?: boolean; blockedDestination?: boolean; party: null | { userId: number; suspended?: boolean; deviceOwner?: number | null; ivrTicketValid?: boolean | null; trialVerified?: boolean | null; rate: CallRate | null; balance: string; reserved?: string; packageSeconds?: number; reservedPackageSeconds?: number; route?: { kind: 'direct' | 'ivr' } | { kind: 'forward'; leg: CallRate | null }; ringingWebhook?: boolean } }
export type Authorization = { decision: 'refuse'; refusal: Refusal } | { decision: 'again'; maxDurationSeconds: number } | { decision: 'hold'; maxDurationSeconds: number; amount: string; packageSeconds: number; expiresAtMs: number; rate: CallRate; stable: boolean };
export function authorizeCall(facts: CallFacts): Authorization;
export interface SettleFacts { direction: 'inbound' | 'outbound'; durationSeconds: number; held?: { amount: string; packageSeconds?: number; sameAccount?: boolean } | null; balance: string; reserved?: string; packageSeconds?: number; reservedPackageSeconds?: number; rate: CallRate | null; lowBalanceThreshold: string; lowBalanceNotified?: boolean; statusCallback?: boolean }
export type Settlement = { decision: 'charge'; charge: CallCharge; warnLowBalance: boolean; stable: boolean } | { decision: 'stepByStep' };
export function settleCall(facts: SettleFacts): Settlement;
export interface RechargeSettings { threshold: number; amount: number; monthlyMax: number }
export interface RechargeFacts { settings: RechargeSettings; phase: { phase: 'armed' | 'spent' } | { phase: 'retryAt' | 'capped'; at: number }; available: number; rechargedThisMonth: number; inFlight: boolean; now: number; monthStart?: number }
export type RechargeStep = { step: 'wait' | 'rearm' | 'monthlyMaxReached' } | { step: 'charge'; amount: number };
export function rechargeStep(facts: RechargeFacts): RechargeStep;
export function rechargeAfterDecline(failures: number, nowMs: number): { then: 'retryAt'; at: number } | { then: 'turnOff' };
"#;

/// Whether to auto-recharge an account now (core's `recharge::next_step`).
#[wasm_bindgen(js_name = rechargeStep, skip_typescript)]
pub fn recharge_step(facts: JsValue) -> Result<JsValue, JsError> {
    to_js(&dialtone_core::recharge::next_step(&from_js(facts)?))
}

/// After a declined recharge: retry when, or turn off (core's `recharge::after_decline`).
#[wasm_bindgen(js_name = rechargeAfterDecline, skip_typescript)]
pub fn recharge_after_decline(failures: JsValue, now: JsValue) -> Result<JsValue, JsError> {
    let failures: u32 = from_js(failures)?;
    let now: i64 = from_js(now)?;
    to_js(&dialtone_core::recharge::after_decline(failures, now))
}

/// May this call go, and for how long (core's `call::authorize`).
#[wasm_bindgen(js_name = authorizeCall, skip_typescript)]
pub fn authorize_call(facts: JsValue) -> Result<JsValue, JsError> {
    to_js(&call::authorize(&from_js(facts)?))
}

/// What a finished call costs and how it is paid (core's `call::settle`).
#[wasm_bindgen(js_name = settleCall, skip_typescript)]
pub fn settle_call(facts: JsValue) -> Result<JsValue, JsError> {
    to_js(&call::settle(&from_js(facts)?))
}

#[derive(Serialize)]
struct SipRefusal {
    status: u16,
    phrase: &'static str,
}

/// The SIP status and phrase the switch answers a refused call with, by its reason.
#[wasm_bindgen(js_name = sipRefusal, skip_typescript)]
pub fn sip_refusal(reason: JsValue) -> Result<JsValue, JsError> {
    let (status, phrase) = sip::refusal_status(&string(&reason, "reason")?);
    to_js(&SipRefusal { status, phrase })
}

/// Whether a SIP device may call with a caller ID owned by `numberOwner`: null when it
/// may, the refusal reason when not.
#[wasm_bindgen(js_name = deviceMayCall, skip_typescript)]
pub fn device_may_call(
    outbound: JsValue,
    device_owner: JsValue,
    number_owner: JsValue,
) -> Result<JsValue, JsError> {
    let id = |v: &JsValue, what: &str| -> Result<i64, JsError> {
        v.as_f64()
            .filter(|n| n.fract() == 0.0 && n.abs() < 9e15)
            .map(|n| n as i64)
            .ok_or_else(|| JsError::new(&format!("{what} must be a whole number")))
    };
    let outbound = outbound
        .as_bool()
        .ok_or_else(|| JsError::new("outbound must be true or false"))?;
    let device_owner = if device_owner.is_null() || device_owner.is_undefined() {
        None
    } else {
        Some(id(&device_owner, "deviceOwner")?)
    };
    let number_owner = id(&number_owner, "numberOwner")?;
    Ok(
        match sip::device_may_call(outbound, device_owner, number_owner) {
            Ok(()) => JsValue::NULL,
            Err(reason) => JsValue::from_str(reason),
        },
    )
}

/// The caller ID a refused device call goes out with instead, when its account chose
/// to replace caller IDs that are not its own (null: the refusal stands).
#[wasm_bindgen(js_name = replacementCallerId, skip_typescript)]
pub fn replacement_caller_id(
    refused: JsValue,
    sent: JsValue,
    configured: JsValue,
) -> Result<JsValue, JsError> {
    let configured = match configured.is_null() || configured.is_undefined() {
        true => None,
        false => Some(string(&configured, "configured")?),
    };
    let (refused, sent) = (string(&refused, "refused")?, string(&sent, "sent")?);
    Ok(
        match sip::replacement_caller_id(&refused, &sent, configured.as_deref()) {
            Some(number) => JsValue::from_str(number),
            None => JsValue::NULL,
        },
    )
}

/// How a device's call refused for its caller ID goes out after all: a verified outside
/// number (attestation B) or the device's own (A); null: the refusal stands.
#[wasm_bindgen(js_name = callerIdFix, skip_typescript)]
pub fn caller_id_fix(case: JsValue) -> Result<JsValue, JsError> {
    to_js(&sip::caller_id_fix(&from_js(case)?))
}

/// Where an inbound call to a number goes (core's route choice).
#[wasm_bindgen(js_name = routeChoice, skip_typescript)]
pub fn route_choice(route: JsValue) -> Result<JsValue, JsError> {
    to_js(&sip::route_choice(&from_js(route)?))
}

fn increments(first: i32, next: i32) -> rating::Increments {
    rating::Increments {
        first: first.into(),
        next: next.into(),
    }
}

/// Rates a call; money in micro-dollars as decimal text. Seconds are i32 so that JS
/// passes plain numbers (68 years of seconds fit).
#[wasm_bindgen(js_name = rateCall, skip_typescript)]
pub fn rate_call(
    duration: i32,
    rate: JsValue,
    first: i32,
    next: i32,
    package_seconds: i32,
) -> Result<JsValue, JsError> {
    let rate = string(&rate, "rate")?;
    let rate = rate.as_str();
    to_js(&rating::rate_call(
        duration.into(),
        micros(rate)?,
        increments(first, next),
        package_seconds.into(),
    ))
}

#[wasm_bindgen(js_name = maxDuration, skip_typescript)]
pub fn max_duration(
    funds: JsValue,
    rate: JsValue,
    first: i32,
    next: i32,
    package_seconds: i32,
    cap: i32,
) -> Result<i32, JsError> {
    let funds = string(&funds, "funds")?;
    let funds = funds.as_str();
    let rate = string(&rate, "rate")?;
    let rate = rate.as_str();
    let secs = rating::max_duration(
        micros(funds)?,
        micros(rate)?,
        increments(first, next),
        package_seconds.into(),
        cap.into(),
    );
    Ok(secs.clamp(0, i64::from(i32::MAX)) as i32)
}

/// The longest forwarded call (both legs at once) `funds` pays for.
#[wasm_bindgen(js_name = maxDurationForwarded, skip_typescript)]
#[allow(clippy::too_many_arguments)]
pub fn max_duration_forwarded(
    funds: JsValue,
    in_rate: JsValue,
    in_first: i32,
    in_next: i32,
    out_rate: JsValue,
    out_first: i32,
    out_next: i32,
    cap: i32,
) -> Result<i32, JsError> {
    let funds = string(&funds, "funds")?;
    let in_rate = string(&in_rate, "inRate")?;
    let out_rate = string(&out_rate, "outRate")?;
    let secs = rating::max_duration_forwarded(
        micros(funds.as_str())?,
        (micros(in_rate.as_str())?, increments(in_first, in_next)),
        (micros(out_rate.as_str())?, increments(out_first, out_next)),
        cap.into(),
    );
    Ok(secs.clamp(0, i64::from(i32::MAX)) as i32)
}

/// The destination of `number` among [prefix, destination] pairs.
#[wasm_bindgen(js_name = destinationOf, skip_typescript)]
pub fn destination_of(prefixes: JsValue, number: JsValue) -> Result<JsValue, JsError> {
    let number = string(&number, "number")?;
    let number = number.as_str();
    let pairs: Vec<(String, String)> = from_js(prefixes)?;
    let mut table = rating::PrefixTable::new();
    for (prefix, destination) in pairs {
        table.insert(&prefix, destination);
    }
    Ok(table
        .lookup(number)
        .map_or(JsValue::NULL, |d| JsValue::from_str(d)))
}

/// Whether a rate held under `prefix` may rate a number in `region` (+1 shared by 25
/// countries: the bare "1" is the United States' alone).
#[wasm_bindgen(js_name = prefixRates, skip_typescript)]
pub fn prefix_rates(prefix: JsValue, region: JsValue) -> bool {
    rating::prefix_rates(
        &prefix.as_string().unwrap_or_default(),
        region.as_string().as_deref(),
    )
}
