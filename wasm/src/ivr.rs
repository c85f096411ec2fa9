//! IVR call flows for the browser: the editor's validation, business hours, and the
//! executor the "test call" preview walks (the same state machine the server runs).

use crate::{from_js, to_js};
use dialtone_core::ivr::{self, LocalTime, Now, Zones};
use dialtone_core::twiml;
use wasm_bindgen::prelude::*;

// The browser's own time-zone data (every engine ships the IANA database for Intl):
// the year, month, day, hour and minute of `zone` at `ms`, or null for a zone it does
// not know. Compiling the database into this module would add about 1 MB to every page.
#[wasm_bindgen(inline_js = "
export function localTime(zone, ms) {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric',
      day: 'numeric', hour: 'numeric', minute: 'numeric',
    }).formatToParts(new Date(ms));
    const p = Object.fromEntries(parts.map((x) => [x.type, Number(x.value)]));
    return Float64Array.of(p.year, p.month, p.day, p.hour, p.minute);
  } catch {
    return null;
  }
}")]
extern "C" {
    #[wasm_bindgen(js_name = localTime)]
    fn local_time(zone: &str, ms: f64) -> Option<Vec<f64>>;
}

/// Time zones as the browser knows them.
struct Intl;

impl Zones for Intl {
    fn local(&self, zone: &str, utc_ms: i64) -> Option<LocalTime> {
        // An empty zone would mean the browser's own: not a zone a flow may name.
        if zone.is_empty() {
            return None;
        }
        let p = local_time(zone, utc_ms as f64)?;
        let n = |i: usize| {
            p.get(i)
                .copied()
                .filter(|v| v.is_finite())
                .map(|v| v as u32)
        };
        let date = chrono::NaiveDate::from_ymd_opt(n(0)? as i32, n(1)?, n(2)?)?;
        Some(LocalTime {
            date,
            minute: n(3)? * 60 + n(4)?,
        })
    }
}

fn at(now_ms: JsValue) -> Result<Now<'static>, JsError> {
    Ok(Now {
        ms: from_js(now_ms)?,
        zones: &Intl,
    })
}

#[wasm_bindgen(typescript_custom_section)]
const TS_IVR: &str = r##"
export type IvrLevel = "basic" | "advanced" | "premium";
export type IvrKey = "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "*" | "#";
export interface IvrInterval { from: string; to: string }
export interface IvrWeekly { monday?: IvrInterval[]; tuesday?: IvrInterval[]; wednesday?: IvrInterval[]; thursday?: IvrInterval[]; friday?: IvrInterval[]; saturday?: IvrInterval[]; sunday?: IvrInterval[] }
export interface IvrHours { timeZone: string; weekly: IvrWeekly; holidays: string[]; open: string; closed: string }
export type IvrStep =
  | { type: "say"; text: string; audio?: string; next?: string; voice?: string; language?: string }
  | { type: "menu"; prompt: string; audio?: string; options: Partial<Record<IvrKey, string>>; timeoutSeconds: number; retries: number; onTimeout?: string; onInvalid?: string }
  | ({ type: "hours" } & IvrHours)
  | { type: "forward"; to: string; also?: string[]; ringSeconds: number; fallback?: string }
  | { type: "voicemail"; greeting: string; audio?: string; maxSeconds: number }
  | { type: "hangup" }
  | { type: "play"; url: string; next?: string }
  | { type: "pause"; seconds: number; next?: string }
  | { type: "gather"; prompts: IvrPrompt[]; numDigits: number; timeoutSeconds: number; finishOnKey: string; action: IvrFetch; next?: string }
  | { type: "record"; maxSeconds: number; finishOnKey: string; playBeep: boolean; action: IvrFetch }
  | ({ type: "redirect" } & IvrFetch)
  | { type: "reject"; reason: "busy" | "rejected" };
export interface IvrFetch { url: string; method: "GET" | "POST" }
export type IvrPrompt =
  | { type: "say"; text: string; voice?: string; language?: string }
  | { type: "play"; url: string }
  | { type: "pause"; seconds: number };
export interface IvrFlow { name: string; start: string; steps: Record<string, IvrStep> }
export interface IvrProblem { step: string | null; message: string }
export interface IvrLevelLimits { steps: number; menus: number; businessHours: boolean; voicemailBoxes: number }
export type IvrEvent =
  | { type: "promptFinished" }
  | { type: "digit"; digit: string }
  | { type: "timeout" }
  | { type: "forwardAnswered" }
  | { type: "forwardFailed"; status?: string }
  | { type: "recordingFinished"; seconds: number }
  | { type: "hangup" };
export type IvrAction =
  | { type: "play"; stepId: string; text: string; audio?: string; voice?: string; language?: string }
  | { type: "pause"; seconds: number }
  | { type: "stopPlaying" }
  | { type: "collectDigits"; timeoutSeconds: number }
  | { type: "forward"; to: string; also?: string[]; ringSeconds: number }
  | { type: "beep" }
  | { type: "record"; maxSeconds: number }
  | { type: "finishRecording" }
  | { type: "fetch"; url: string; method: string; params: Record<string, string> }
  | { type: "reject"; reason: string }
  | { type: "hangup" };
export type IvrPathEntry = { step: string } | { key: string };
export interface IvrState { step: string; phase: "playing" | "collecting" | "forwarding" | "recording" | "ended"; attempts: number; path: IvrPathEntry[]; recordedSeconds?: number; digits?: string; prompt?: number }
export interface IvrTransition { state: IvrState; actions: IvrAction[] }
export interface IvrRun { actions: IvrAction[][]; state: IvrState }
export function validateIvrFlow(flow: Partial<IvrFlow>, level: IvrLevel): IvrProblem[];
export function ivrLevelLimits(level: IvrLevel): IvrLevelLimits;
export function ivrIsOpen(hours: IvrHours, utcMs: number): boolean;
export function ivrFlowQuota(inTrial: boolean, have: number): string | null;
export type Kept = 'ivrFlows' | 'apiKeys' | 'sipDevices' | 'recordings' | 'voicemails';
export function quotaCheck(kept: Kept, inTrial: boolean, have: number): string | null;
export function ivrStart(flow: IvrFlow, nowMs: number): IvrTransition;
export function ivrStep(flow: IvrFlow, state: IvrState, event: IvrEvent, nowMs: number): IvrTransition;
export function ivrRun(flow: IvrFlow, nowMs: number, events: IvrEvent[]): IvrRun;
export function ivrPathText(state: IvrState): string;
export interface TwimlError { code: number; message: string }
export type TwimlCompiled = { flow: IvrFlow; warnings: TwimlError[] } | { error: TwimlError };
export function twimlCompile(xml: string, document: IvrFetch): TwimlCompiled;
export function twimlRun(xml: string, document: IvrFetch, nowMs: number, events: IvrEvent[]): IvrRun | { error: TwimlError };
"##;

/// Every problem of a flow at an IVR level, each naming its step (null for the flow).
#[wasm_bindgen(js_name = validateIvrFlow, skip_typescript)]
pub fn validate_ivr_flow(flow: JsValue, level: JsValue) -> Result<JsValue, JsError> {
    to_js(&ivr::validate_flow(&from_js(flow)?, from_js(level)?, &Intl))
}

#[wasm_bindgen(js_name = ivrLevelLimits, skip_typescript)]
pub fn ivr_level_limits(level: JsValue) -> Result<JsValue, JsError> {
    to_js(&from_js::<ivr::Level>(level)?.limits())
}

/// Whether an account with `have` flows may create one more: null, or the refusal.
#[wasm_bindgen(js_name = ivrFlowQuota, skip_typescript)]
pub fn ivr_flow_quota(in_trial: bool, have: i32) -> JsValue {
    match ivr::limits::flow_quota(in_trial, have.into()) {
        Ok(()) => JsValue::NULL,
        Err(message) => JsValue::from_str(&message),
    }
}

/// Whether an account keeping `have` of `kept` (core's quotas: flows are one) may
/// keep one more: null, or the refusal naming the limit.
#[wasm_bindgen(js_name = quotaCheck, skip_typescript)]
pub fn quota_check(kept: JsValue, in_trial: bool, have: i32) -> Result<JsValue, JsError> {
    let kept = from_js::<dialtone_core::quota::Kept>(kept)?;
    Ok(
        match dialtone_core::quota::check(kept, in_trial, have.into()) {
            Ok(()) => JsValue::NULL,
            Err(message) => JsValue::from_str(&message),
        },
    )
}

#[wasm_bindgen(js_name = ivrIsOpen, skip_typescript)]
pub fn ivr_is_open(hours: JsValue, utc_ms: JsValue) -> Result<bool, JsError> {
    Ok(ivr::is_open(&from_js(hours)?, &Intl, from_js(utc_ms)?))
}

#[wasm_bindgen(js_name = ivrStart, skip_typescript)]
pub fn ivr_start(flow: JsValue, now_ms: JsValue) -> Result<JsValue, JsError> {
    to_js(&ivr::start(&from_js(flow)?, at(now_ms)?))
}

#[wasm_bindgen(js_name = ivrStep, skip_typescript)]
pub fn ivr_step(
    flow: JsValue,
    state: JsValue,
    event: JsValue,
    now_ms: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&ivr::step(
        &from_js(flow)?,
        &from_js(state)?,
        &from_js(event)?,
        at(now_ms)?,
    ))
}

/// Starts a flow and feeds it every event at one instant: the actions of each turn.
#[wasm_bindgen(js_name = ivrRun, skip_typescript)]
pub fn ivr_run(flow: JsValue, now_ms: JsValue, events: JsValue) -> Result<JsValue, JsError> {
    let events: Vec<ivr::Event> = from_js(events)?;
    to_js(&ivr::run(&from_js(flow)?, at(now_ms)?, &events))
}

/// The way the call went, as the call history shows it: "main → 2 → voicemail".
#[wasm_bindgen(js_name = ivrPathText, skip_typescript)]
pub fn ivr_path_text(state: JsValue) -> Result<String, JsError> {
    Ok(from_js::<ivr::State>(state)?.path_text())
}

#[derive(serde::Serialize)]
struct Refused {
    error: twiml::TwimlError,
}

/// A TwiML document as the flow a call runs, with its warnings; or why it cannot run.
#[wasm_bindgen(js_name = twimlCompile, skip_typescript)]
pub fn twiml_compile(xml: JsValue, document: JsValue) -> Result<JsValue, JsError> {
    match twiml::compile(&from_js::<String>(xml)?, &from_js(document)?) {
        Ok(compiled) => to_js(&compiled),
        Err(error) => to_js(&Refused { error }),
    }
}

/// A TwiML document run as a call would run it, fed `events` at one instant.
#[wasm_bindgen(js_name = twimlRun, skip_typescript)]
pub fn twiml_run(
    xml: JsValue,
    document: JsValue,
    now_ms: JsValue,
    events: JsValue,
) -> Result<JsValue, JsError> {
    let events: Vec<ivr::Event> = from_js(events)?;
    match twiml::compile(&from_js::<String>(xml)?, &from_js(document)?) {
        Ok(c) => to_js(&ivr::run(&c.flow, at(now_ms)?, &events)),
        Err(error) => to_js(&Refused { error }),
    }
}
