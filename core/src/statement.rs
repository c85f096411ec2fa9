//! Monthly statements and receipts (issue 46): what accounting needs to add up. A
//! statement is the ledger of one calendar month read back: the opening balance, every
//! entry in one line of one section, the closing balance. Its totals are exact (the
//! ledger's micro-dollars) and `compose` refuses a statement whose lines do not lead
//! from the opening to the closing balance, so no document is issued that disagrees
//! with the ledger.

use crate::money::format_micros;
use crate::Micros;
use serde::{Deserialize, Serialize};

/// Where a ledger kind goes on a statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Section {
    /// Money paid in: deposits and auto-recharges.
    Deposits,
    /// Usage by product.
    Calls,
    Sms,
    Numbers,
    Plans,
    Ivr,
    Refunds,
    /// An administrator's credits and debits, the trial's credit and its expiry.
    Adjustments,
}

impl Section {
    pub fn title(self) -> &'static str {
        match self {
            Section::Deposits => "Deposits",
            Section::Calls => "Calls",
            Section::Sms => "SMS",
            Section::Numbers => "Numbers",
            Section::Plans => "Plans",
            Section::Ivr => "IVR",
            Section::Refunds => "Refunds",
            Section::Adjustments => "Adjustments",
        }
    }

    pub fn is_usage(self) -> bool {
        matches!(
            self,
            Section::Calls | Section::Sms | Section::Numbers | Section::Plans | Section::Ivr
        )
    }
}

/// The section of a ledger entry's kind (an unknown kind is an adjustment: shown,
/// never lost).
pub fn section_of(kind: &str) -> Section {
    match kind {
        "deposit" => Section::Deposits,
        "call" | "recording" => Section::Calls,
        "sms" => Section::Sms,
        "number_purchase" | "number_renewal" => Section::Numbers,
        "package_purchase" => Section::Plans,
        "ivr_subscription" => Section::Ivr,
        "refund" => Section::Refunds,
        _ => Section::Adjustments,
    }
}

/// One line: the entries of one kind and detail (calls: direction and country), summed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Line {
    pub kind: String,
    /// What the line is, e.g. "Outbound calls to Germany".
    pub detail: String,
    pub count: i64,
    pub amount: Micros,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SectionTotal {
    pub section: Section,
    pub title: String,
    pub lines: Vec<Line>,
    pub total: Micros,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Statement {
    pub opening: Micros,
    pub sections: Vec<SectionTotal>,
    pub deposits: Micros,
    /// What usage cost (a positive number: the sum of usage lines is negative).
    pub usage: Micros,
    pub refunds: Micros,
    pub adjustments: Micros,
    pub closing: Micros,
}

pub const MISMATCH: &str =
    "The statement's lines do not lead from its opening to its closing balance";

/// The statement of `lines` between `opening` and `closing`, sections in a fixed order
/// and lines by detail; refused when opening + the lines differ from closing.
pub fn compose(opening: Micros, closing: Micros, lines: Vec<Line>) -> Result<Statement, String> {
    let mut sections: Vec<SectionTotal> = Vec::new();
    let mut sorted = lines;
    sorted.sort_by(|a, b| (section_of(&a.kind), &a.detail).cmp(&(section_of(&b.kind), &b.detail)));
    for line in sorted {
        let section = section_of(&line.kind);
        match sections.last_mut() {
            Some(last) if last.section == section => {
                last.total += line.amount;
                last.lines.push(line);
            }
            _ => sections.push(SectionTotal {
                section,
                title: section.title().into(),
                total: line.amount,
                lines: vec![line],
            }),
        }
    }
    let sum = |keep: fn(Section) -> bool| -> Micros {
        sections
            .iter()
            .filter(|s| keep(s.section))
            .map(|s| s.total)
            .sum()
    };
    let statement = Statement {
        opening,
        deposits: sum(|s| s == Section::Deposits),
        usage: -sum(Section::is_usage),
        refunds: sum(|s| s == Section::Refunds),
        adjustments: sum(|s| s == Section::Adjustments),
        closing,
        sections,
    };
    let moved = statement.deposits - statement.usage + statement.refunds + statement.adjustments;
    match opening + moved == closing {
        true => Ok(statement),
        false => Err(MISMATCH.into()),
    }
}

/// A document's number as printed: its series and its place in it, e.g. "ST-000042".
pub fn document_number(series: &str, number: i64) -> String {
    format!("{series}-{number:06}")
}

/// A statement's lines as CSV (section, detail, count, amount in dollars), with the
/// opening and closing balances, for spreadsheets and accounting imports.
pub fn csv(statement: &Statement) -> String {
    let mut out = String::from("section,detail,count,amount\n");
    let quoted = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let money = |m: Micros| format_micros(m).replace('$', "");
    out.push_str(&format!("Opening balance,,,{}\n", money(statement.opening)));
    for section in &statement.sections {
        for line in &section.lines {
            out.push_str(&format!(
                "{},{},{},{}\n",
                quoted(&section.title),
                quoted(&line.detail),
                line.count,
                money(line.amount)
            ));
        }
    }
    out.push_str(&format!("Closing balance,,,{}\n", money(statement.closing)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: &str, detail: &str, amount: Micros) -> Line {
        Line {
            kind: kind.into(),
            detail: detail.into(),
            count: 1,
            amount,
        }
    }

    #[test]
    fn lines_lead_from_opening_to_closing() {
        let lines = vec![
            line("call", "Outbound calls to Germany", -1_500_000),
            line("deposit", "Card payment", 25_000_000),
            line("refund", "SMS refund", 40_000),
            line("admin_debit", "Funds deducted", -1_000_000),
        ];
        let s = compose(10_000_000, 32_540_000, lines.clone()).unwrap();
        assert_eq!(s.sections[0].section, Section::Deposits);
        assert_eq!(
            (s.deposits, s.usage, s.refunds, s.adjustments),
            (25_000_000, 1_500_000, 40_000, -1_000_000)
        );
        assert_eq!(compose(10_000_000, 32_540_001, lines), Err(MISMATCH.into()));
    }

    #[test]
    fn csv_quotes_details_and_shows_dollars() {
        let s = compose(
            0,
            5_000_000,
            vec![line("deposit", "Deposit \"card\"", 5_000_000)],
        )
        .unwrap();
        assert_eq!(
            csv(&s),
            "section,detail,count,amount\nOpening balance,,,0.00\n\"Deposits\",\"Deposit \"\"card\"\"\",1,5.00\nClosing balance,,,5.00\n"
        );
        assert_eq!(document_number("ST", 42), "ST-000042");
    }
}
