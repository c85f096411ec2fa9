//! A document as PDF (printpdf, the standard Helvetica fonts): the parties, then the
//! receipt's payment or the statement's summary and lines, a new page when one is full.

use super::content::{Content, Party};
use dialtone_core::money::format_micros;
use dialtone_core::statement::Statement;
use printpdf::{
    BuiltinFont, IndirectFontRef, Mm, PdfDocument, PdfDocumentReference, PdfLayerReference,
};

const TOP: f32 = 280.0;
const BOTTOM: f32 = 20.0;
const STEP: f32 = 5.5;

struct Writer {
    doc: PdfDocumentReference,
    layer: PdfLayerReference,
    regular: IndirectFontRef,
    bold: IndirectFontRef,
    y: f32,
}

impl Writer {
    fn text(&mut self, x: f32, size: f32, bold: bool, text: &str) {
        let font = if bold { &self.bold } else { &self.regular };
        self.layer.use_text(text, size, Mm(x), Mm(self.y), font);
    }

    /// Text at the left and, if any, an amount aligned near the right margin.
    fn row(&mut self, left: &str, right: Option<&str>, bold: bool) {
        if self.y < BOTTOM {
            let (page, layer) = self.doc.add_page(Mm(210.0), Mm(297.0), "Page");
            self.layer = self.doc.get_page(page).get_layer(layer);
            self.y = TOP;
        }
        self.text(20.0, 10.0, bold, left);
        if let Some(right) = right {
            // Helvetica digits are about 2 mm wide at 10 pt: right-align by length.
            self.text(190.0 - 2.0 * right.len() as f32, 10.0, bold, right);
        }
        self.y -= STEP;
    }

    fn gap(&mut self) {
        self.y -= STEP;
    }
}

fn party(w: &mut Writer, heading: &str, p: &Party) {
    w.row(heading, None, true);
    let fields = [
        ("", &p.name),
        ("", &p.address),
        ("Tax ID: ", &p.tax_id),
        ("", &p.email),
    ];
    for (label, text) in fields {
        for part in text.lines().filter(|l| !l.trim().is_empty()) {
            w.row(&format!("{label}{part}"), None, false);
        }
    }
    w.gap();
}

fn statement(w: &mut Writer, s: &Statement) {
    let money = |m: i64| format_micros(m);
    w.row("Opening balance", Some(&money(s.opening)), true);
    w.row("Deposits", Some(&money(s.deposits)), false);
    w.row("Usage", Some(&money(-s.usage)), false);
    w.row("Refunds", Some(&money(s.refunds)), false);
    w.row("Adjustments", Some(&money(s.adjustments)), false);
    w.row("Closing balance", Some(&money(s.closing)), true);
    w.gap();
    for section in &s.sections {
        w.row(&section.title, Some(&money(section.total)), true);
        for line in &section.lines {
            let left = format!("    {} ({})", line.detail, line.count);
            w.row(&left, Some(&money(line.amount)), false);
        }
        w.gap();
    }
}

/// The document's PDF bytes.
pub fn render(c: &Content) -> anyhow::Result<Vec<u8>> {
    let title = format!("{} {}", c.title, c.number);
    let (doc, page, layer) = PdfDocument::new(&title, Mm(210.0), Mm(297.0), "Page");
    let layer = doc.get_page(page).get_layer(layer);
    let regular = doc.add_builtin_font(BuiltinFont::Helvetica)?;
    let bold = doc.add_builtin_font(BuiltinFont::HelveticaBold)?;
    let mut w = Writer {
        doc,
        layer,
        regular,
        bold,
        y: TOP,
    };
    w.text(20.0, 18.0, true, &title);
    w.y -= 10.0;
    w.row(&format!("Issued {}", c.issued_at), None, false);
    if let Some(period) = &c.period {
        w.row(&format!("Period: {period}"), None, false);
    }
    w.gap();
    party(&mut w, "From", &c.provider);
    party(&mut w, "To", &c.customer);
    if let Some(r) = &c.receipt {
        w.row(&r.description, Some(&format_micros(r.amount)), false);
        w.row(&format!("Payment reference: {}", r.reference), None, false);
        w.row("Total paid", Some(&format_micros(r.amount)), true);
    }
    if let Some(s) = &c.statement {
        statement(&mut w, s);
    }
    Ok(w.doc.save_to_bytes()?)
}
