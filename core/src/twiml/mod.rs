//! TwiML, compiled into an IVR flow: a number's VoiceUrl (or a call's Url) answers with
//! a document of verbs, and the call runs it on the same executor as a flow drawn in
//! the editor (`crate::ivr::exec`), so one engine and one set of vectors serve both.
//! Verbs follow one another; the document's end hangs up. Where a verb hands the call
//! back to the customer (Gather, Record, Redirect, Dial's action), the executor's
//! `Fetch` asks for the next document, which is compiled in turn.
//!
//! Errors carry Twilio's codes: 12100 (not a TwiML document), 12200 (a verb, noun or
//! value Dialtone does not run). Attributes Dialtone does not act on are warnings, as
//! Twilio's schema warnings are, and the call goes on.

mod listening;
mod urls;
mod verbs;

use crate::ivr::{Fetch, Flow};
use serde::Serialize;

pub use urls::resolve;

/// Twilio's "Document parse failure".
pub const PARSE_FAILURE: u32 = 12100;
/// Twilio's "Schema validation warning": a verb, noun or attribute it does not know.
pub const SCHEMA: u32 = 12200;
/// Steps one document may become (verbs, with loops spelt out).
pub const MAX_STEPS: usize = 1000;
/// A Say or Play loop beyond this plays this many times (0 repeats until hang-up).
pub const MAX_LOOP: u32 = 100;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TwimlError {
    pub code: u32,
    pub message: String,
}

impl TwimlError {
    pub(crate) fn parse(message: impl Into<String>) -> Self {
        TwimlError {
            code: PARSE_FAILURE,
            message: message.into(),
        }
    }

    pub(crate) fn schema(message: impl Into<String>) -> Self {
        TwimlError {
            code: SCHEMA,
            message: message.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Compiled {
    pub flow: Flow,
    /// What the document asked that Dialtone leaves out, each a 12200 warning.
    pub warnings: Vec<TwimlError>,
}

/// The flow `xml` describes; `doc` is where it came from, which relative URLs and the
/// default actions of Gather and Record refer to.
pub fn compile(xml: &str, doc: &Fetch) -> Result<Compiled, TwimlError> {
    let tree = roxmltree::Document::parse(xml)
        .map_err(|e| TwimlError::parse(format!("The document is not well-formed XML: {e}")))?;
    let root = tree.root_element();
    if root.tag_name().name() != "Response" {
        return Err(TwimlError::parse(format!(
            "The root element must be <Response>, not <{}>",
            root.tag_name().name()
        )));
    }
    verbs::compile(root, doc)
}
