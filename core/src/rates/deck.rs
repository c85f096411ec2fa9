//! Rate decks: a carrier's price list per dial prefix, as CSV. One line per prefix
//! (prefix, destination, country, type, inbound, outbound and SMS rates, first and
//! next billing increment, effective from), read line by line so a deck of any size
//! is checked in bounded memory, with every error reported with its line number.

use crate::money::{self, Micros};
use crate::validation::{free_text_error, has_control_chars};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

pub use super::deck_row::{split_csv_line, DeckRow, LineType};

/// The header line of a deck, which an export writes and an import expects.
pub const DECK_HEADER: &str =
    "prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from";
pub(crate) const COLUMNS: usize = 10;
/// The longest billing increment a deck may set, in seconds.
pub const MAX_INCREMENT: i64 = 3600;
/// Errors kept for the answer; the count goes on past it, memory does not.
pub const MAX_REPORTED_ERRORS: usize = 1000;

pub const HEADER_MESSAGE: &str = "The first line must name the columns: prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from";
pub const EMPTY_DECK_MESSAGE: &str = "The deck has no prefixes";
/// The largest deck file accepted (a million prefixes fit in about 80 MB).
pub const MAX_DECK_BYTES: usize = 128 * 1024 * 1024;
pub const TOO_LARGE_MESSAGE: &str = "A deck file can be at most 128 MB";

/// A deck's name, as the administrator gives it on upload.
pub fn validate_deck_name(name: &str) -> Result<(), &'static str> {
    let name = name.trim();
    if name.is_empty() {
        Err("Give the deck a name")
    } else if name.chars().count() > 100 || has_control_chars(name, false) {
        Err("A deck name is at most 100 characters of text")
    } else {
        Ok(())
    }
}

/// What is wrong with a line: its number (the header is line 1), the column, and
/// the message.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeckLineError))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineError {
    pub line: usize,
    pub field: String,
    pub message: String,
}

fn rate(label: &str, text: &str) -> Result<Micros, String> {
    let d = super::rate_amount(label, text.trim())?;
    money::to_micros(d).map_err(|_| format!("{label} must be a number"))
}

fn increment(label: &str, text: &str) -> Result<i64, String> {
    match text.trim().parse::<i64>() {
        Ok(n) if (1..=MAX_INCREMENT).contains(&n) => Ok(n),
        _ => Err(format!(
            "{label} must be a whole number of seconds from 1 to {MAX_INCREMENT}"
        )),
    }
}

/// Reads a deck line by line: the header first, then rows. Remembers each prefix's
/// line (to report duplicates) and the deck's date (every line carries the same).
pub struct DeckReader<'a> {
    known_country: Box<dyn Fn(&str) -> bool + Send + Sync + 'a>,
    seen: HashMap<String, usize>,
    effective_from: Option<(String, usize)>,
    header_read: bool,
    line: usize,
    error_count: usize,
    errors: Vec<LineError>,
}

impl<'a> DeckReader<'a> {
    /// `known_country` says whether a country code is one the platform lists.
    pub fn new(known_country: impl Fn(&str) -> bool + Send + Sync + 'a) -> Self {
        DeckReader {
            known_country: Box::new(known_country),
            seen: HashMap::new(),
            effective_from: None,
            header_read: false,
            line: 0,
            error_count: 0,
            errors: Vec::new(),
        }
    }

    fn fail(&mut self, field: &str, message: String) {
        self.error_count += 1;
        if self.errors.len() < MAX_REPORTED_ERRORS {
            self.errors.push(LineError {
                line: self.line,
                field: field.into(),
                message,
            });
        }
    }

    /// A cell's parsed value, or None with its error recorded against `field`.
    fn parsed<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        parsed.map_err(|e| self.fail(field, e)).ok()
    }

    /// `read_line` for a line as it arrives in bytes: one that is not UTF-8 is an error.
    pub fn read_bytes(&mut self, bytes: &[u8]) -> Option<DeckRow> {
        match std::str::from_utf8(bytes) {
            Ok(text) => self.read_line(text),
            Err(_) => {
                self.line += 1;
                self.header_read = true;
                self.fail("line", "This line is not UTF-8 text".into());
                None
            }
        }
    }

    /// Whether any line read so far had an error.
    pub fn has_errors(&self) -> bool {
        self.error_count > 0
    }

    /// Lines read so far.
    pub fn lines(&self) -> usize {
        self.line
    }

    /// Reads the next line (without its line break): a valid row, or None for the
    /// header, a blank line or a line with errors (kept for `finish`).
    pub fn read_line(&mut self, text: &str) -> Option<DeckRow> {
        self.line += 1;
        let text = text.strip_suffix('\r').unwrap_or(text);
        let text = if self.line == 1 {
            text.trim_start_matches('\u{feff}')
        } else {
            text
        };
        if !self.header_read {
            self.header_read = true;
            let names: Vec<String> = split_csv_line(text)
                .unwrap_or_default()
                .iter()
                .map(|n| n.trim().to_ascii_lowercase().replace([' ', '-'], "_"))
                .collect();
            if names.join(",") != DECK_HEADER {
                self.fail("header", HEADER_MESSAGE.into());
            }
            return None;
        }
        if text.trim().is_empty() {
            return None;
        }
        let Some(cells) = split_csv_line(text) else {
            self.fail("line", "A quoted field is not closed".into());
            return None;
        };
        if cells.len() != COLUMNS {
            let message = format!("Expected {COLUMNS} columns, found {}", cells.len());
            self.fail("line", message);
            return None;
        }
        let before = self.error_count;
        let row = self.row(&cells);
        (self.error_count == before).then_some(row).flatten()
    }

    /// The country column as the catalogue's code, failing the line when it is not
    /// two capital letters or not on the price list. "UK" (the code before the
    /// catalogue followed ISO 3166) is the United Kingdom.
    fn country(&mut self, cell: &str) -> String {
        let written = cell.trim();
        let country = crate::catalogue::country_code(written);
        if written.len() != 2 || !written.bytes().all(|b| b.is_ascii_uppercase()) {
            self.fail(
                "country",
                "Country must be two capital letters, e.g. DE".into(),
            );
        } else if !(self.known_country)(&country) {
            self.fail(
                "country",
                format!("Country {written} is not on the Country Pricing list"),
            );
        }
        country
    }

    fn row(&mut self, cells: &[String]) -> Option<DeckRow> {
        let prefix = cells[0].trim().trim_start_matches('+');
        if prefix.is_empty()
            || prefix.len() > 15
            || !prefix.bytes().all(|b| b.is_ascii_digit())
            || prefix.starts_with('0')
        {
            self.fail(
                "prefix",
                "Prefix must be 1 to 15 digits, not starting with 0".into(),
            );
        } else if let Some(first) = self.seen.get(prefix).copied() {
            self.fail(
                "prefix",
                format!("Prefix {prefix} is already on line {first}"),
            );
        } else {
            self.seen.insert(prefix.to_string(), self.line);
        }
        let destination = cells[1].trim();
        if let Some(message) = free_text_error("Destination", destination, false, 100) {
            self.fail("destination", message);
        } else if destination.starts_with(['=', '+', '-', '@']) {
            self.fail(
                "destination",
                "Destination cannot start with =, +, - or @".into(),
            );
        }
        let country = self.country(&cells[2]);
        let line_type = LineType::parse(&cells[3]);
        if line_type.is_none() {
            self.fail("type", "Type must be mobile, landline or toll-free".into());
        }
        let inbound = self.parsed("inbound", rate("Inbound rate", &cells[4]));
        let outbound = self.parsed("outbound", rate("Outbound rate", &cells[5]));
        let sms = self.parsed("sms", rate("SMS rate", &cells[6]));
        let first = self.parsed("firstIncrement", increment("First increment", &cells[7]));
        let next = self.parsed("nextIncrement", increment("Next increment", &cells[8]));
        let date = cells[9].trim();
        if crate::dates::day_number(date).is_none() {
            self.fail(
                "effectiveFrom",
                "Effective from must be a date like 2026-12-01".into(),
            );
        } else {
            match &self.effective_from {
                None => self.effective_from = Some((date.to_string(), self.line)),
                Some((deck, line)) if deck != date => {
                    let message = format!(
                        "Effective from must be the same on every line ({deck} on line {line})"
                    );
                    self.fail("effectiveFrom", message);
                }
                Some(_) => {}
            }
        }
        Some(DeckRow {
            prefix: prefix.to_string(),
            destination: destination.to_string(),
            country,
            line_type: line_type?,
            inbound: inbound?,
            outbound: outbound?,
            sms: sms?,
            first_increment: first?,
            next_increment: next?,
            effective_from: date.to_string(),
        })
    }

    /// The outcome once every line was read: the deck's date and number of rows, or
    /// the errors (at most `MAX_REPORTED_ERRORS`) with how many there were in all.
    pub fn finish(mut self) -> Result<DeckSummary, DeckErrors> {
        if !self.header_read {
            self.line = 1;
            self.fail("header", HEADER_MESSAGE.into());
        } else if self.error_count == 0 && self.seen.is_empty() {
            self.fail("line", EMPTY_DECK_MESSAGE.into());
        }
        match self.effective_from {
            Some((effective_from, _)) if self.error_count == 0 => Ok(DeckSummary {
                rows: self.seen.len(),
                effective_from,
            }),
            _ => Err(DeckErrors {
                total: self.error_count,
                errors: self.errors,
            }),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckSummary {
    pub rows: usize,
    pub effective_from: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckErrors {
    /// Every error found; `errors` lists the first `MAX_REPORTED_ERRORS`.
    pub total: usize,
    pub errors: Vec<LineError>,
}

/// Reads a whole deck held in memory (the browser's check before an upload, and the
/// vectors): the valid rows and the outcome.
pub fn read_deck(
    text: &str,
    known_country: impl Fn(&str) -> bool + Send + Sync,
) -> (Vec<DeckRow>, Result<DeckSummary, DeckErrors>) {
    let mut reader = DeckReader::new(known_country);
    let rows = text
        .split('\n')
        .filter_map(|l| reader.read_line(l))
        .collect();
    (rows, reader.finish())
}

/// Checks a whole deck held in memory without keeping its rows (the browser's check of
/// a chosen file: a 100,000-prefix deck need not cross into JavaScript to be judged).
pub fn check_deck(
    text: &str,
    known_country: impl Fn(&str) -> bool + Send + Sync,
) -> Result<DeckSummary, DeckErrors> {
    let mut reader = DeckReader::new(known_country);
    text.split('\n').for_each(|l| {
        reader.read_line(l);
    });
    reader.finish()
}
