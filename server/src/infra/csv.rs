//! Cells of every CSV export. A spreadsheet runs a cell that starts with `=`, `+`,
//! `-`, `@`, a tab or a carriage return as a formula (OWASP's list), so text is
//! quoted and such a cell gets a leading `'`, which makes it plain text.
//!
//! Our choice for numbers: amounts, counts and durations the server formats from its
//! own numeric values (a negative amount like -1.50 included) are written plain, not
//! through `text`: they hold only digits, a sign and a point, so there is no formula
//! to run, and prefixing them would turn every debit into text in the spreadsheet.
//! Anything that came in as text, however numeric it looks, goes through `text`.

const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell: quoted, inner quotes doubled, a formula start defused.
pub fn text(s: &str) -> String {
    let defused = if s.starts_with(FORMULA_STARTS) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    format!("\"{}\"", defused.replace('"', "\"\""))
}

/// A phone number the server validated as E.164: `+` and digits only, which a
/// spreadsheet can read as nothing but a number, so it keeps its `+`. Anything else
/// is treated as text.
pub fn e164(s: &str) -> String {
    let digits = s.strip_prefix('+').unwrap_or("");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        format!("\"{s}\"")
    } else {
        text(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_formula_start_is_defused() {
        for s in ["=1+2", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx"] {
            assert_eq!(text(s), format!("\"'{s}\""));
        }
        assert_eq!(text("Ada \"The\" Countess"), "\"Ada \"\"The\"\" Countess\"");
        assert_eq!(text("plain"), "\"plain\"");
    }

    #[test]
    fn only_a_real_e164_number_keeps_its_plus() {
        assert_eq!(e164("+16045550111"), "\"+16045550111\"");
        assert_eq!(e164("+1+cmd"), "\"'+1+cmd\"");
        assert_eq!(e164("=HYPERLINK(1)"), "\"'=HYPERLINK(1)\"");
        assert_eq!(e164("+"), "\"'+\"");
    }
}
