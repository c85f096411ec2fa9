//! The verbs with more to them than a prompt: Gather (what it plays, how it listens),
//! Dial (whom it rings) and Record, as `verbs::Builder` compiles them.

use super::verbs::{name, text_of, Builder};
use super::{TwimlError, MAX_LOOP};
use crate::ivr::limits::RING_SECONDS;
use crate::ivr::model::{FORWARD_PARTIES, FORWARD_TO_DEVICES};
use crate::ivr::{Forward, Gather, Record};
use crate::phone;
use roxmltree::Node;

impl Builder<'_> {
    pub(super) fn gather(
        &mut self,
        node: Node,
        next: Option<String>,
    ) -> Result<Gather, TwimlError> {
        self.known(
            node,
            &[
                "input",
                "numDigits",
                "timeout",
                "finishOnKey",
                "action",
                "method",
            ],
        );
        let input = node.attribute("input").unwrap_or("dtmf");
        if !input.split_whitespace().any(|i| i == "dtmf") {
            return Err(TwimlError::schema(format!(
                "<Gather> input '{input}' is not supported; use dtmf"
            )));
        }
        if input.contains("speech") {
            self.warn("<Gather> speech input is not supported; keys are gathered".into());
        }
        let mut prompts = Vec::new();
        for child in node.children().filter(|n| n.is_element()) {
            let prompt = self.prompt(child)?;
            let times = match name(child) {
                "Pause" => 1,
                _ => match self.loops(child) {
                    0 => MAX_LOOP,
                    n => n,
                },
            };
            prompts.extend(std::iter::repeat_n(prompt, times as usize));
        }
        Ok(Gather {
            prompts,
            num_digits: self.number(node, "numDigits", 0, (1, 64)),
            timeout_seconds: self.number(node, "timeout", 5, (1, 60)),
            finish_on_key: self.keys(node, "#"),
            action: self.action(node)?,
            next,
        })
    }

    pub(super) fn dial(&mut self, node: Node, next: Option<String>) -> Result<Forward, TwimlError> {
        self.known(node, &["timeout", "action", "method", "record", "callerId"]);
        let caller_id = match node.attribute("callerId") {
            Some(text) => Some(self.dial_number(text).map_err(|_| {
                TwimlError::schema(format!("<Dial> callerId '{text}' is not an E.164 number"))
            })?),
            None => None,
        };
        let record = match node.attribute("record").unwrap_or("do-not-record") {
            "do-not-record" | "false" => false,
            "record-from-answer" | "true" => true,
            // One track from the answer: the ringing is silence, two tracks are one.
            other @ ("record-from-ringing"
            | "record-from-answer-dual"
            | "record-from-ringing-dual") => {
                self.warn(format!(
                    "<Dial> record '{other}' is recorded from the answer, both sides in one track"
                ));
                true
            }
            other => {
                return Err(TwimlError::schema(format!(
                    "<Dial> record '{other}' is not one of Twilio's values"
                )))
            }
        };
        let mut targets = Vec::new();
        for child in node.children() {
            if child.is_text() && !text_of(child).is_empty() {
                targets.push(self.dial_number(&text_of(child))?);
            } else if child.is_element() {
                targets.push(match name(child) {
                    "Number" => self.dial_number(&text_of(child))?,
                    "Sip" => FORWARD_TO_DEVICES.to_string(),
                    other => {
                        return Err(TwimlError::schema(format!("<Dial> cannot dial <{other}>")))
                    }
                });
            }
        }
        if targets.len() > FORWARD_PARTIES {
            return Err(TwimlError::schema(format!(
                "<Dial> rings at most {FORWARD_PARTIES} parties at once"
            )));
        }
        let mut targets = targets.into_iter();
        let to = targets
            .next()
            .ok_or_else(|| TwimlError::schema("<Dial> names no number"))?;
        let action = match node.attribute("action") {
            Some(_) => Some(self.action(node)?),
            None => None,
        };
        Ok(Forward {
            to,
            also: targets.collect(),
            ring_seconds: self.number(node, "timeout", 30, RING_SECONDS),
            fallback: next,
            action,
            caller_id,
            record,
        })
    }

    fn dial_number(&self, text: &str) -> Result<String, TwimlError> {
        let number = phone::normalize(text);
        if phone::is_e164(&number) {
            Ok(number)
        } else {
            Err(TwimlError::schema(format!(
                "<Dial> number '{text}' is not an E.164 number"
            )))
        }
    }

    pub(super) fn record(&mut self, node: Node) -> Result<Record, TwimlError> {
        self.known(
            node,
            &["maxLength", "finishOnKey", "playBeep", "action", "method"],
        );
        let play_beep = match node.attribute("playBeep") {
            None | Some("true") => true,
            Some("false") => false,
            Some(other) => {
                self.warn(format!(
                    "<Record> playBeep '{other}' is not true or false; true is used"
                ));
                true
            }
        };
        Ok(Record {
            max_seconds: self.number(node, "maxLength", 3600, (1, 3600)),
            finish_on_key: self.keys(node, "1234567890*#"),
            play_beep,
            action: self.action(node)?,
        })
    }
}
