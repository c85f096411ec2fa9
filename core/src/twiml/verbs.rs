//! Each verb of a document as the flow steps it becomes. Step ids are the verb's
//! position ("0", "1", ...), with ".1", ".2" for the repeats of a loop.

use super::{resolve, Compiled, TwimlError, MAX_LOOP, MAX_STEPS};
use crate::ivr::{Fetch, Flow, Pause, Play, Prompt, Reject, Say, Step};
use roxmltree::Node;
use std::collections::BTreeMap;

pub(super) fn compile(root: Node, doc: &Fetch) -> Result<Compiled, TwimlError> {
    let verbs: Vec<Node> = root.children().filter(|n| n.is_element()).collect();
    let mut b = Builder {
        doc,
        steps: BTreeMap::new(),
        warnings: Vec::new(),
    };
    for (i, verb) in verbs.iter().enumerate() {
        let next = (i + 1 < verbs.len()).then(|| (i + 1).to_string());
        b.verb(&i.to_string(), *verb, next)?;
        if b.steps.len() > MAX_STEPS {
            return Err(TwimlError::schema(format!(
                "The document makes more than {MAX_STEPS} steps"
            )));
        }
    }
    let start = if verbs.is_empty() { "" } else { "0" };
    Ok(Compiled {
        flow: Flow {
            name: "TwiML".into(),
            start: start.into(),
            steps: b.steps,
        },
        warnings: b.warnings,
    })
}

pub(super) struct Builder<'d> {
    doc: &'d Fetch,
    steps: BTreeMap<String, Step>,
    warnings: Vec<TwimlError>,
}

/// The words of an element (SSML inside a Say included), on one line.
pub(super) fn text_of(node: Node) -> String {
    let words: Vec<&str> = node
        .descendants()
        .filter(|n| n.is_text())
        .flat_map(|n| n.text().unwrap_or("").split_whitespace())
        .collect();
    words.join(" ")
}

pub(super) fn name<'a>(node: Node<'a, '_>) -> &'a str {
    node.tag_name().name()
}

impl Builder<'_> {
    fn verb(&mut self, id: &str, node: Node, next: Option<String>) -> Result<(), TwimlError> {
        match name(node) {
            "Say" | "Play" => {
                let prompt = self.prompt(node)?;
                let times = self.loops(node);
                self.repeat(id, times, next, |next| match prompt.clone() {
                    Prompt::Say {
                        text,
                        voice,
                        language,
                    } => Step::Say(Say {
                        text,
                        voice,
                        language,
                        next,
                        audio: None,
                    }),
                    Prompt::Play { url } => Step::Play(Play { url, next }),
                    Prompt::Pause { seconds } => Step::Pause(Pause { seconds, next }),
                });
            }
            "Pause" => {
                let seconds = self.pause_length(node);
                self.add(id, Step::Pause(Pause { seconds, next }));
            }
            "Gather" => {
                let gather = self.gather(node, next)?;
                self.add(id, Step::Gather(gather));
            }
            "Dial" => {
                let forward = self.dial(node, next)?;
                self.add(id, Step::Forward(forward));
            }
            "Record" => {
                let record = self.record(node)?;
                self.add(id, Step::Record(record));
            }
            "Redirect" => {
                self.known(node, &["method"]);
                let url = self.url(node, &text_of(node))?;
                let method = self.method(node);
                self.add(id, Step::Redirect(Fetch { url, method }));
            }
            "Hangup" => self.add(id, Step::Hangup),
            "Reject" => {
                self.known(node, &["reason"]);
                let reason = match node.attribute("reason").unwrap_or("rejected") {
                    r @ ("busy" | "rejected") => r.to_string(),
                    other => {
                        self.warn(format!(
                            "<Reject> reason '{other}' is not busy or rejected; rejected is used"
                        ));
                        "rejected".into()
                    }
                };
                self.add(id, Step::Reject(Reject { reason }));
            }
            other => {
                return Err(TwimlError::schema(format!(
                    "<{other}> is not a verb Dialtone runs"
                )))
            }
        }
        Ok(())
    }

    fn add(&mut self, id: &str, step: Step) {
        self.steps.insert(id.to_string(), step);
    }

    /// `times` copies of a step, each leading to the next, the last to `next`; 0
    /// repeats one step until the call ends.
    fn repeat(
        &mut self,
        id: &str,
        times: u32,
        next: Option<String>,
        make: impl Fn(Option<String>) -> Step,
    ) {
        if times == 0 {
            self.add(id, make(Some(id.to_string())));
            return;
        }
        let ids: Vec<String> = (0..times)
            .map(|k| {
                if k == 0 {
                    id.to_string()
                } else {
                    format!("{id}.{k}")
                }
            })
            .collect();
        for (k, step_id) in ids.iter().enumerate() {
            let after = ids.get(k + 1).cloned().or_else(|| next.clone());
            self.add(step_id, make(after));
        }
    }

    pub(super) fn warn(&mut self, message: String) {
        self.warnings.push(TwimlError::schema(message));
    }

    /// Warns of every attribute of `node` outside `known`: Dialtone leaves it out.
    pub(super) fn known(&mut self, node: Node, known: &[&str]) {
        for a in node.attributes() {
            if !known.contains(&a.name()) {
                self.warn(format!(
                    "<{}> attribute '{}' is not supported; it is left out",
                    name(node),
                    a.name()
                ));
            }
        }
    }

    /// A whole-number attribute, `default` when absent or unreadable, kept within `range`.
    pub(super) fn number(
        &mut self,
        node: Node,
        attr: &str,
        default: u32,
        range: (u32, u32),
    ) -> u32 {
        let Some(text) = node.attribute(attr) else {
            return default;
        };
        match text.trim().parse::<u32>() {
            Ok(n) if (range.0..=range.1).contains(&n) => n,
            Ok(n) => {
                let kept = n.clamp(range.0, range.1);
                self.warn(format!(
                    "<{}> {attr}={n} is outside {}-{}; {kept} is used",
                    name(node),
                    range.0,
                    range.1
                ));
                kept
            }
            Err(_) => {
                self.warn(format!(
                    "<{}> {attr}='{text}' is not a whole number; {default} is used",
                    name(node)
                ));
                default
            }
        }
    }

    pub(super) fn loops(&mut self, node: Node) -> u32 {
        self.number(node, "loop", 1, (0, MAX_LOOP))
    }

    fn pause_length(&mut self, node: Node) -> u32 {
        self.known(node, &["length"]);
        self.number(node, "length", 1, (1, 600))
    }

    pub(super) fn method(&mut self, node: Node) -> String {
        match node.attribute("method").map(str::to_ascii_uppercase) {
            None => "POST".into(),
            Some(m) if m == "GET" || m == "POST" => m,
            Some(m) => {
                self.warn(format!(
                    "<{}> method '{m}' is not GET or POST; POST is used",
                    name(node)
                ));
                "POST".into()
            }
        }
    }

    pub(super) fn url(&self, node: Node, href: &str) -> Result<String, TwimlError> {
        resolve(&self.doc.url, href).ok_or_else(|| {
            TwimlError::schema(format!(
                "<{}> URL '{href}' is not an http(s) URL",
                name(node)
            ))
        })
    }

    /// Where a verb hands the call back: its `action` (default: this document again).
    pub(super) fn action(&mut self, node: Node) -> Result<Fetch, TwimlError> {
        let method = self.method(node);
        let url = match node.attribute("action") {
            Some(href) => self.url(node, href)?,
            None => self.doc.url.clone(),
        };
        Ok(Fetch { url, method })
    }

    pub(super) fn keys(&mut self, node: Node, default: &str) -> String {
        match node.attribute("finishOnKey") {
            None => default.into(),
            Some(k)
                if k.chars()
                    .all(|c| c.is_ascii_digit() || c == '*' || c == '#') =>
            {
                k.into()
            }
            Some(k) => {
                self.warn(format!(
                    "<{}> finishOnKey '{k}' is not keys of 0-9, * and #; '{default}' is used",
                    name(node)
                ));
                default.into()
            }
        }
    }

    /// A Say, Play or Pause as something played.
    pub(super) fn prompt(&mut self, node: Node) -> Result<Prompt, TwimlError> {
        match name(node) {
            "Say" => {
                self.known(node, &["voice", "language", "loop"]);
                let text = text_of(node);
                if text.is_empty() {
                    self.warn("<Say> has no text; it says nothing".into());
                }
                Ok(Prompt::Say {
                    text,
                    voice: node.attribute("voice").map(str::to_string),
                    language: node.attribute("language").map(str::to_string),
                })
            }
            "Play" => {
                self.known(node, &["loop"]);
                let url = self.url(node, &text_of(node))?;
                Ok(Prompt::Play { url })
            }
            "Pause" => Ok(Prompt::Pause {
                seconds: self.pause_length(node),
            }),
            other => Err(TwimlError::schema(format!(
                "<Gather> cannot hold <{other}>"
            ))),
        }
    }
}
