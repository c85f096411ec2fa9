//! A rate deck's row: its line type, its fields, and the CSV line it is written as and
//! read from (see `deck` for the reader that checks a whole deck).

use crate::money::{self, Micros};
use crate::rating::Increments;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineType {
    Mobile,
    Landline,
    TollFree,
}

impl LineType {
    pub fn as_str(self) -> &'static str {
        match self {
            LineType::Mobile => "mobile",
            LineType::Landline => "landline",
            LineType::TollFree => "toll-free",
        }
    }

    pub fn parse(text: &str) -> Option<LineType> {
        match text.trim().to_ascii_lowercase().as_str() {
            "mobile" => Some(LineType::Mobile),
            "landline" => Some(LineType::Landline),
            "toll-free" | "tollfree" => Some(LineType::TollFree),
            _ => None,
        }
    }
}

/// One valid line of a deck. Rates are micro-dollars (per minute, SMS per message).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckRow {
    /// Digits only, no leading +.
    pub prefix: String,
    pub destination: String,
    /// The country's code, e.g. DE.
    pub country: String,
    #[serde(rename = "type")]
    pub line_type: LineType,
    #[serde(with = "crate::money::micros_text")]
    pub inbound: Micros,
    #[serde(with = "crate::money::micros_text")]
    pub outbound: Micros,
    #[serde(with = "crate::money::micros_text")]
    pub sms: Micros,
    pub first_increment: i64,
    pub next_increment: i64,
    /// YYYY-MM-DD.
    pub effective_from: String,
}

impl DeckRow {
    pub fn increments(&self) -> Increments {
        Increments {
            first: self.first_increment,
            next: self.next_increment,
        }
    }

    /// The row as a deck line, which `DeckReader` reads back to the same row.
    pub fn to_csv_line(&self) -> String {
        let rate = |m: Micros| money::from_micros(m).to_string();
        format!(
            "{},{},{},{},{},{},{},{},{},{}",
            self.prefix,
            quoted(&self.destination),
            self.country,
            self.line_type.as_str(),
            rate(self.inbound),
            rate(self.outbound),
            rate(self.sms),
            self.first_increment,
            self.next_increment,
            self.effective_from
        )
    }
}

fn quoted(text: &str) -> String {
    if text.contains([',', '"']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// Splits a CSV line into its fields: commas, double-quoted fields with "" for a
/// quote. None when a quote is left open (a deck line never spans lines).
pub fn split_csv_line(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::with_capacity(super::deck::COLUMNS);
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut in_quotes = false;
    while let Some(c) = chars.next() {
        match (c, in_quotes) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => in_quotes = false,
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                in_quotes = true;
            }
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    if in_quotes {
        return None;
    }
    fields.push(field);
    Some(fields)
}
