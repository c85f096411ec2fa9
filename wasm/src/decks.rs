//! Rate decks for the browser: the admin page reads a deck file with core's reader
//! before uploading it (every error with its line, as the server would answer), and
//! compares decks the way the server's preview does.

use crate::{amount, from_js, string, to_js};
use dialtone_core::rates::{deck, deck_diff, deck_schedule};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_DECKS: &str = r#"
export interface DeckRow { prefix: string; destination: string; country: string; type: "mobile" | "landline" | "toll-free"; inbound: string; outbound: string; sms: string; firstIncrement: number; nextIncrement: number; effectiveFrom: string }
export interface DeckLineError { line: number; field: string; message: string }
export interface DeckErrors { total: number; errors: DeckLineError[] }
export interface DeckSummary { rows: number; effectiveFrom: string }
export interface DeckRead { rows: DeckRow[]; summary: DeckSummary | null; errors: DeckErrors | null }
export function readRateDeck(text: string, countries: string[]): DeckRead;
export interface DeckCheck { summary: DeckSummary | null; errors: DeckErrors | null }
export function checkRateDeck(text: string, countries: string[]): DeckCheck;
export function rateDeckInForceFrom(effectiveFrom: string, appliedAtMs: number): number | null;
export interface DeckRateMove { rate: "inbound" | "outbound" | "sms"; before: string; after: string; percent: string | null; flagged: boolean }
export interface DeckChange { kind: "added" | "changed" | "removed"; prefix: string; destination: string; moves: DeckRateMove[]; flagged: boolean }
export interface DeckDiff { added: number; changed: number; removed: number; unchanged: number; flagged: number; changes: DeckChange[] }
export function diffRateDecks(before: DeckRow[], after: DeckRow[], thresholdPercent: string, limit: number): DeckDiff;
export function rateDeckHeader(): string;
"#;

#[derive(Serialize)]
struct DeckRead {
    rows: Vec<deck::DeckRow>,
    summary: Option<deck::DeckSummary>,
    errors: Option<deck::DeckErrors>,
}

/// Reads a whole deck file; `countries` are the codes the Country Pricing list holds.
#[wasm_bindgen(js_name = readRateDeck, skip_typescript)]
pub fn read_rate_deck(text: JsValue, countries: JsValue) -> Result<JsValue, JsError> {
    let text = string(&text, "text")?;
    let countries: Vec<String> = from_js(countries)?;
    let (rows, outcome) = deck::read_deck(&text, |c| countries.iter().any(|k| k == c));
    let DeckCheck { summary, errors } = DeckCheck::of(outcome);
    to_js(&DeckRead {
        rows,
        summary,
        errors,
    })
}

#[derive(Serialize)]
struct DeckCheck {
    summary: Option<deck::DeckSummary>,
    errors: Option<deck::DeckErrors>,
}

impl DeckCheck {
    /// A reader's outcome as JavaScript reads it: the summary or the errors, the other null.
    fn of(outcome: Result<deck::DeckSummary, deck::DeckErrors>) -> DeckCheck {
        match outcome {
            Ok(s) => DeckCheck {
                summary: Some(s),
                errors: None,
            },
            Err(e) => DeckCheck {
                summary: None,
                errors: Some(e),
            },
        }
    }
}

/// Judges a deck file without handing its rows to JavaScript.
#[wasm_bindgen(js_name = checkRateDeck, skip_typescript)]
pub fn check_rate_deck(text: JsValue, countries: JsValue) -> Result<JsValue, JsError> {
    let text = string(&text, "text")?;
    let countries: Vec<String> = from_js(countries)?;
    let outcome = deck::check_deck(&text, |c| countries.iter().any(|k| k == c));
    to_js(&DeckCheck::of(outcome))
}

/// When a deck effective on `effectiveFrom` (YYYY-MM-DD) takes over if applied at
/// `appliedAtMs`: core's rule, which the server applies. Null for a date it cannot read.
#[wasm_bindgen(js_name = rateDeckInForceFrom, skip_typescript)]
pub fn rate_deck_in_force_from(
    effective_from: JsValue,
    applied_at_ms: f64,
) -> Result<JsValue, JsError> {
    let date = string(&effective_from, "effectiveFrom")?;
    let at = deck_schedule::effective_ms(&date)
        .map(|ms| deck_schedule::in_force_from(ms, applied_at_ms as i64));
    to_js(&at)
}

#[wasm_bindgen(js_name = diffRateDecks, skip_typescript)]
pub fn diff_rate_decks(
    before: JsValue,
    after: JsValue,
    threshold: JsValue,
    limit: u32,
) -> Result<JsValue, JsError> {
    let threshold = amount(&string(&threshold, "thresholdPercent")?)?;
    to_js(&deck_diff::diff_unsorted(
        from_js(before)?,
        from_js(after)?,
        threshold,
        limit as usize,
    ))
}

/// The header line a deck file starts with.
#[wasm_bindgen(js_name = rateDeckHeader, skip_typescript)]
pub fn rate_deck_header() -> String {
    deck::DECK_HEADER.into()
}
