//! The first-load module's exports: form validators, money formats, the buy-number
//! wizard, SMS counting and the trial's dates.

use crate::{amount, errors_of, from_js, micros, refusals_of, string, to_js};
use dialtone_core::{
    card, dates, inventory, money, platform, pricing, rates, rating, sms, trial, units,
    validation as v, wizard,
};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export type FieldErrors = Record<string, string>;
export interface LoginInput { email: string; password: string }
export interface SignupInput { name: string; email: string; password: string }
export interface SignupForm extends SignupInput { confirmPassword: string; terms: boolean }
export interface ProfileInput { firstName: string; lastName: string; email: string }
export interface PasswordChangeInput { currentPassword: string; newPassword: string; confirmPassword: string }
export interface SmsInput { to: string; message: string }
export interface ContactInput { name: string; email: string; subject: string; message: string }
export interface AdjustmentInput { amount: string; reason: string }
export interface CardInput { cardNumber: string; expMonth: string; expYear: string; cvc: string }
export interface RateInput { country: string; code: string; callingCode: string; inboundRate: string; outboundRate: string; smsRate: string; status: "active" | "inactive" }
export interface NumberInput { number: string; countryCode: string; type: string }
export interface PackageInput { name: string; minutes: string; price: string; validity: string; features: string[]; status: string }
export interface SettingsInput { setupFee: string; renewalNoticeDays: string; lowBalanceThreshold: string; gracePeriodDays: string; maxDeposit: string; defaultFirstIncrement: string; defaultNextIncrement: string; trialCredit?: string; recordingRate?: string }
export interface EmailInput { subject: string; body: string }
export interface SmsInfo { encoding: "GSM-7" | "UCS-2"; characters: number; units: number; segments: number; perSegment: number; counter: string }
export interface WizardState { step: 1 | 2 | 3 | 4; country: string | null; numberType: string | null; numberId: string | null }
export type WizardEvent =
  | { type: "chooseCountry"; value: string }
  | { type: "chooseType"; value: string }
  | { type: "chooseNumber"; value: string }
  | { type: "back" }
  | { type: "confirm" };
"#;

form_validators! {
    errors_of validateLogin validate_login = v::validate_login;
    errors_of validateSignup validate_signup = v::validate_signup;
    errors_of validateSignupForm validate_signup_form = v::validate_signup_form;
    errors_of validateProfile validate_profile = v::validate_profile;
    errors_of validatePasswordChange validate_password_change = v::validate_password_change;
    errors_of validateSms validate_sms = v::validate_sms;
    errors_of validateContact validate_contact = v::validate_contact;
    refusals_of validateAdjustment validate_adjustment = v::validate_adjustment;
    refusals_of validateRateRow validate_rate_row = rates::validate_rate_row;
    refusals_of validateNumberForm validate_number_form = inventory::validate_number_form;
    /// Errors of the admin's add-a-range form (first number, count, country, type).
    refusals_of validateRange validate_range = inventory::validate_range;
    refusals_of validatePackageForm validate_package_form = inventory::validate_package_form;
    refusals_of validateSettings validate_settings = platform::validate_settings;
    errors_of validateEmailMessage validate_email_message = platform::validate_email_message;
}

/// Errors of the trial's verify-a-number form; `confirming` also checks the code.
#[wasm_bindgen(js_name = validateVerify, skip_typescript)]
pub fn validate_verify(input: JsValue, confirming: bool) -> Result<JsValue, JsError> {
    to_js(&trial::validate_verify(&from_js(input)?, confirming))
}

/// Seconds (rounded to whole ones) as "m:ss", or "h:mm:ss" from an hour on.
#[wasm_bindgen(js_name = formatDuration, skip_typescript)]
pub fn format_duration(seconds: f64) -> String {
    let whole = if seconds.is_finite() {
        seconds.round()
    } else {
        0.0
    };
    units::format_duration(whole.clamp(0.0, 1e15) as i64)
}

/// Errors of the analytics date range (both ends required in the form).
#[wasm_bindgen(js_name = validateDateRange, skip_typescript)]
pub fn validate_date_range(input: JsValue, today_ms: f64) -> Result<JsValue, JsError> {
    let input: dates::DateRangeInput = from_js(input)?;
    let today = (today_ms / 86_400_000.0).floor() as i64;
    to_js(
        &dates::validate_date_range(&input, today, true)
            .err()
            .unwrap_or_default(),
    )
}

/// The velocity limits a verification code counts against: [key, codes an hour].
#[wasm_bindgen(js_name = trialCodeVelocity, skip_typescript)]
pub fn trial_code_velocity(
    user_id: f64,
    address: JsValue,
    number: JsValue,
    country: JsValue,
) -> Result<JsValue, JsError> {
    let (address, number) = (string(&address, "address")?, string(&number, "number")?);
    let country = match country.is_null() || country.is_undefined() {
        true => None,
        false => Some(string(&country, "country")?),
    };
    to_js(&trial::code_velocity(
        user_id as i64,
        &address,
        &number,
        country.as_deref(),
    ))
}

/// Whole days left of a trial ending at `ends_at_ms` (unix milliseconds).
#[wasm_bindgen(js_name = trialDaysLeft, skip_typescript)]
pub fn trial_days_left(ends_at_ms: f64, now_ms: f64) -> f64 {
    trial::days_left(ends_at_ms as i64, now_ms as i64) as f64
}

/// How a number is paid for in the wizard: `{ ok: "paid" | "trial_number" }`, or
/// `{ error }` for a second number in the trial.
#[wasm_bindgen(js_name = trialNumberPurchase, skip_typescript)]
pub fn trial_number_purchase(restricted: bool, has_trial_number: bool) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    enum Outcome {
        Ok(trial::NumberPurchase),
        Error(&'static str),
    }
    to_js(
        &match trial::number_purchase(restricted, has_trial_number) {
            Ok(how) => Outcome::Ok(how),
            Err(message) => Outcome::Error(message),
        },
    )
}

/// A second-step code as typed: `{ ok: { kind, code } }` (a TOTP code or a recovery
/// code, normalised) or `{ error }`.
#[wasm_bindgen(js_name = twoFactorCode, skip_typescript)]
pub fn two_factor_code(text: JsValue) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    enum Outcome {
        Ok(dialtone_core::two_factor::SecondStep),
        Error(&'static str),
    }
    let text = text.as_string().unwrap_or_default();
    to_js(&match dialtone_core::two_factor::second_step(&text) {
        Ok(step) => Outcome::Ok(step),
        Err(message) => Outcome::Error(message),
    })
}

/// Whole seconds until another verification code may go to a number whose last one
/// was sent at `sent_at_ms`, and the message that says so: `{ seconds, message }`.
#[wasm_bindgen(js_name = trialResendWait, skip_typescript)]
pub fn trial_resend_wait(sent_at_ms: f64, now_ms: f64) -> Result<JsValue, JsError> {
    let seconds = trial::resend_wait_secs(sent_at_ms as i64, now_ms as i64);
    #[derive(serde::Serialize)]
    struct Wait {
        seconds: i64,
        message: String,
    }
    to_js(&Wait {
        seconds,
        message: trial::resend_wait_message(seconds),
    })
}

/// Errors of spend and rate limits as typed, against the account's ceiling (a
/// customer's form) or alone (null: the administrator's defaults).
#[wasm_bindgen(js_name = validateCaps, skip_typescript)]
pub fn validate_caps(input: JsValue, ceiling: JsValue) -> Result<JsValue, JsError> {
    let input: dialtone_core::caps::CapsInput = from_js(input)?;
    let ceiling: Option<dialtone_core::caps::CapsInput> =
        match ceiling.is_null() || ceiling.is_undefined() {
            true => None,
            false => Some(from_js(ceiling)?),
        };
    to_js(&dialtone_core::caps::validate(&input, ceiling.as_ref()))
}

/// Whether a stored set of countries (null: the default set) reaches `country`.
#[wasm_bindgen(js_name = geoPermits, skip_typescript)]
pub fn geo_permits(stored: JsValue, country: JsValue) -> bool {
    let (stored, country) = (stored.as_string(), country.as_string());
    dialtone_core::permissions::permits(stored.as_deref(), country.as_deref())
}

/// Whether `number` starts with one of the stored high-risk prefixes.
#[wasm_bindgen(js_name = geoHighRisk, skip_typescript)]
pub fn geo_high_risk(number: JsValue, prefixes: JsValue) -> bool {
    let number = number.as_string().unwrap_or_default();
    dialtone_core::permissions::high_risk(&number, prefixes.as_string().as_deref())
}

/// Why a customer may not ask for `country` now, or null.
#[wasm_bindgen(js_name = geoMayRequest, skip_typescript)]
pub fn geo_may_request(stored: JsValue, country: JsValue, pending: JsValue) -> JsValue {
    let country = country.as_string().unwrap_or_default();
    let pending = pending.as_bool().unwrap_or(false);
    match dialtone_core::permissions::may_request(stored.as_string().as_deref(), &country, pending)
    {
        Ok(()) => JsValue::NULL,
        Err(message) => JsValue::from_str(message),
    }
}

/// A list of `countries` or high-risk `prefixes` as typed: `{ ok: stored }` or `{ error }`.
#[wasm_bindgen(js_name = geoLists, skip_typescript)]
pub fn geo_lists(kind: JsValue, text: JsValue) -> Result<JsValue, JsError> {
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    enum Outcome {
        Ok(String),
        Error(&'static str),
    }
    let text = text.as_string().unwrap_or_default();
    let parsed = match kind.as_string().as_deref() {
        Some("countries") => dialtone_core::permissions::parse_countries(&text),
        _ => dialtone_core::permissions::parse_prefixes(&text),
    };
    to_js(&match parsed {
        Ok(list) => Outcome::Ok(list),
        Err(message) => Outcome::Error(message),
    })
}

/// Errors for a deposit amount typed as text, given the maximum in force.
#[wasm_bindgen(js_name = validateDeposit, skip_typescript)]
pub fn validate_deposit(input: JsValue, max: JsValue) -> Result<JsValue, JsError> {
    let input = string(&input, "input")?;
    let input = input.as_str();
    let max = string(&max, "max")?;
    let max = max.as_str();
    let errors = v::validate_deposit(input, amount(max)?)
        .err()
        .unwrap_or_default();
    to_js(&errors)
}

/// Auto-recharge form errors; `max` is the platform's largest deposit in dollars.
#[wasm_bindgen(js_name = validateRecharge, skip_typescript)]
pub fn validate_recharge(input: JsValue, max: JsValue) -> Result<JsValue, JsError> {
    let input: dialtone_core::recharge::RechargeInput = from_js(input)?;
    let max = money::to_micros(amount(&string(&max, "max")?)?)
        .map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&dialtone_core::recharge::validate(&input, max))
}

/// Card form errors; the caller passes today's year and month (core has no clock).
#[wasm_bindgen(js_name = validateCard, skip_typescript)]
pub fn validate_card(input: JsValue, year: u32, month: u32) -> Result<JsValue, JsError> {
    let input: card::CardInput = from_js(input)?;
    to_js(&card::validate_card(&input, year, month))
}

/// What a message costs: segments x rate, in micro-dollars as text.
#[wasm_bindgen(js_name = smsCost, skip_typescript)]
pub fn sms_cost(message: JsValue, rate: JsValue) -> Result<String, JsError> {
    let message = string(&message, "message")?;
    let message = message.as_str();
    let rate = string(&rate, "rate")?;
    let rate = rate.as_str();
    Ok(rating::sms_cost(message, micros(rate)?).1.to_string())
}

#[wasm_bindgen(js_name = formatUsd, skip_typescript)]
pub fn format_usd(value: JsValue) -> Result<String, JsError> {
    let value = string(&value, "value")?;
    let value = value.as_str();
    Ok(money::format_usd(amount(value)?))
}

#[wasm_bindgen(js_name = formatRate, skip_typescript)]
pub fn format_rate(value: JsValue) -> Result<String, JsError> {
    let value = string(&value, "value")?;
    let value = value.as_str();
    Ok(money::format_rate(amount(value)?))
}

/// Micro-dollars as decimal text (JS numbers cannot hold every i64).
#[wasm_bindgen(js_name = toMicros, skip_typescript)]
pub fn to_micros(value: JsValue) -> Result<String, JsError> {
    let value = string(&value, "value")?;
    let value = value.as_str();
    let micros = money::to_micros(amount(value)?).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(micros.to_string())
}

#[wasm_bindgen(js_name = fromMicros, skip_typescript)]
pub fn from_micros(micros: JsValue) -> Result<String, JsError> {
    let micros = string(&micros, "micros")?;
    let micros = micros.as_str();
    let m: i64 = micros
        .trim()
        .parse()
        .map_err(|_| JsError::new("Not an amount of micro-dollars"))?;
    Ok(money::from_micros(m).to_string())
}

#[wasm_bindgen(js_name = totalDueToday, skip_typescript)]
pub fn total_due_today(monthly: JsValue, setup: JsValue) -> Result<String, JsError> {
    let monthly = string(&monthly, "monthly")?;
    let monthly = monthly.as_str();
    let setup = string(&setup, "setup")?;
    let setup = setup.as_str();
    Ok(pricing::total_due_today(amount(monthly)?, amount(setup)?).to_string())
}

#[wasm_bindgen(js_name = smsInfo, skip_typescript)]
pub fn sms_info(message: JsValue) -> Result<JsValue, JsError> {
    let message = string(&message, "message")?;
    let message = message.as_str();
    to_js(&sms::analyze(message))
}

#[wasm_bindgen(js_name = wizardStart, skip_typescript)]
pub fn wizard_start() -> Result<JsValue, JsError> {
    to_js(&wizard::WizardState::default())
}

#[wasm_bindgen(js_name = wizardTransition, skip_typescript)]
pub fn wizard_transition(state: JsValue, event: JsValue) -> Result<JsValue, JsError> {
    let state: wizard::WizardState = from_js(state)?;
    let event: wizard::WizardEvent = from_js(event)?;
    let next = wizard::transition(&state, &event).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&next)
}

#[wasm_bindgen(js_name = wizardRun, skip_typescript)]
pub fn wizard_run(events: JsValue) -> Result<JsValue, JsError> {
    let events: Vec<wizard::WizardEvent> = from_js(events)?;
    to_js(&wizard::run(&events).map_err(|e| JsError::new(&e.to_string()))?)
}

#[wasm_bindgen(js_name = wizardStepTitles, skip_typescript)]
pub fn wizard_step_titles() -> Vec<String> {
    wizard::STEP_TITLES.iter().map(|s| s.to_string()).collect()
}

#[wasm_bindgen(typescript_custom_section)]
const TS_FUNCTIONS: &str = r#"
export function validateLogin(input: Partial<LoginInput>): FieldErrors;
export function validateSignup(input: Partial<SignupInput>): FieldErrors;
export function validateSignupForm(input: Partial<SignupForm>): FieldErrors;
export function validateProfile(input: Partial<ProfileInput>): FieldErrors;
export function validatePasswordChange(input: Partial<PasswordChangeInput>): FieldErrors;
export function validateSms(input: Partial<SmsInput>): FieldErrors;
export function validateContact(input: Partial<ContactInput>): FieldErrors;
export interface VerifyInput { number: string; code: string }
export function validateVerify(input: Partial<VerifyInput>, confirming: boolean): FieldErrors;
export function trialDaysLeft(endsAtMs: number, nowMs: number): number;
export function trialCodeVelocity(userId: number, address: string, number: string, country: string | null): Array<[string, number]>;
export function trialNumberPurchase(restricted: boolean, hasTrialNumber: boolean): { ok: 'paid' | 'trial_number' } | { error: string };
export function twoFactorCode(text: string): { ok: { kind: 'totp' | 'recovery'; code: string } } | { error: string };
export interface CapsInput { maxRatePerMinute: string; maxCallCost: string; dailySpend: string; concurrentCalls: string; callsPerSecond: string; smsPerMinute: string }
export function validateCaps(input: Partial<CapsInput>, ceiling: CapsInput | null): FieldErrors;
export function geoPermits(stored: string | null, country: string | null): boolean;
export function geoHighRisk(number: string, prefixes: string | null): boolean;
export function geoMayRequest(stored: string | null, country: string, pending: boolean): string | null;
export function geoLists(kind: 'countries' | 'prefixes', text: string): { ok: string } | { error: string };
export function trialResendWait(sentAtMs: number, nowMs: number): { seconds: number; message: string };
export function formatDuration(seconds: number): string;
export interface DateRangeInput { from: string; to: string }
export function validateDateRange(input: Partial<DateRangeInput>, todayMs: number): FieldErrors;
export function validateDeposit(amount: string, max: string): FieldErrors;
export interface RechargeInput { threshold: string; amount: string; monthlyMax: string }
export function validateRecharge(input: Partial<RechargeInput>, max: string): FieldErrors;
export function validateAdjustment(input: Partial<AdjustmentInput>): FieldErrors;
export function validateCard(input: Partial<CardInput>, year: number, month: number): FieldErrors;
export function validateRateRow(input: Partial<RateInput>): FieldErrors;
export function validateNumberForm(input: Partial<NumberInput>): FieldErrors;
export interface RangeInput { first: string; count: string; countryCode: string; type: string }
export function validateRange(input: Partial<RangeInput>): FieldErrors;
export function validatePackageForm(input: Partial<PackageInput>): FieldErrors;
export function smsCost(message: string, ratePerMessageMicros: string): string;
export function validateSettings(input: Partial<SettingsInput>): FieldErrors;
export function validateEmailMessage(input: Partial<EmailInput>): FieldErrors;
export function formatUsd(amount: string): string;
export function formatRate(amount: string): string;
export function toMicros(amount: string): string;
export function fromMicros(micros: string): string;
export function totalDueToday(monthly: string, setup: string): string;
export function smsInfo(message: string): SmsInfo;
export function wizardStart(): WizardState;
export function wizardTransition(state: WizardState, event: WizardEvent): WizardState;
export function wizardRun(events: WizardEvent[]): WizardState;
export function wizardStepTitles(): string[];
"#;
