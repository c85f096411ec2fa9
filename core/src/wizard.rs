//! The buy-number wizard (spec section 4) as a state machine: Select Country ->
//! Number Type -> Choose Number -> Confirm. The React wizard sends it events through
//! wasm and renders whatever state comes back.

use serde::{Deserialize, Serialize};
use std::fmt;

pub const STEP_TITLES: [&str; 4] = ["Select Country", "Number Type", "Choose Number", "Confirm"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WizardState {
    pub step: u8,
    pub country: Option<String>,
    pub number_type: Option<String>,
    pub number_id: Option<String>,
}

impl Default for WizardState {
    fn default() -> Self {
        WizardState {
            step: 1,
            country: None,
            number_type: None,
            number_id: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", content = "value", rename_all = "camelCase")]
pub enum WizardEvent {
    ChooseCountry(String),
    ChooseType(String),
    ChooseNumber(String),
    Back,
    Confirm,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WizardError {
    NoCountry,
    NoType,
    NotReady,
}

impl fmt::Display for WizardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WizardError::NoCountry => "Select a country first",
            WizardError::NoType => "Select a number type first",
            WizardError::NotReady => "Choose a number before confirming",
        })
    }
}

impl std::error::Error for WizardError {}

pub fn transition(state: &WizardState, event: &WizardEvent) -> Result<WizardState, WizardError> {
    let mut next = state.clone();
    match event {
        // A new country invalidates the type and number chosen for the old one.
        WizardEvent::ChooseCountry(country) => {
            next = WizardState {
                step: 2,
                country: Some(country.clone()),
                ..WizardState::default()
            };
        }
        WizardEvent::ChooseType(number_type) => {
            if state.country.is_none() {
                return Err(WizardError::NoCountry);
            }
            next.number_type = Some(number_type.clone());
            next.number_id = None;
            next.step = 3;
        }
        WizardEvent::ChooseNumber(id) => {
            if state.number_type.is_none() {
                return Err(WizardError::NoType);
            }
            next.number_id = Some(id.clone());
            next.step = 4;
        }
        // Back keeps the choices so the previous step shows them still selected.
        WizardEvent::Back => next.step = state.step.saturating_sub(1).max(1),
        WizardEvent::Confirm => {
            if state.step != 4 || state.number_id.is_none() {
                return Err(WizardError::NotReady);
            }
            next = WizardState::default();
        }
    }
    Ok(next)
}

/// Applies events in order from the first step; the first refused event stops it.
pub fn run(events: &[WizardEvent]) -> Result<WizardState, WizardError> {
    events
        .iter()
        .try_fold(WizardState::default(), |s, e| transition(&s, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_another_country_clears_type_and_number() {
        let s = [
            WizardEvent::ChooseCountry("US".into()),
            WizardEvent::ChooseType("mobile".into()),
            WizardEvent::ChooseNumber("7".into()),
            WizardEvent::Back,
            WizardEvent::Back,
            WizardEvent::Back,
            WizardEvent::ChooseCountry("CA".into()),
        ]
        .iter()
        .try_fold(WizardState::default(), |s, e| transition(&s, e))
        .unwrap();
        assert_eq!(
            s,
            WizardState {
                step: 2,
                country: Some("CA".into()),
                number_type: None,
                number_id: None
            }
        );
    }
}
