//! IVR call flows: the model a customer designs, its validation (the editor on every
//! change, the server on save), business hours, and the executor that both the SIP
//! endpoint and the browser preview run, so a flow behaves the same in both.

pub mod exec;
pub mod graph;
pub mod hours;
pub mod limits;
pub mod model;
pub mod plan;
pub mod programmable;
pub mod validate;

#[cfg(test)]
#[cfg(feature = "tz")]
mod props;

pub use exec::{run, start, step, Action, Event, Now, PathEntry, Phase, Run, State, Transition};
#[cfg(feature = "tz")]
pub use hours::Iana;
pub use hours::{is_open, LocalTime, Zones};
pub use limits::{Level, LevelLimits};
pub use model::{
    Fetch, Flow, Forward, Gather, Hours, Interval, Menu, Pause, Play, Prompt, Record, Reject, Say,
    Step, Voicemail, Weekly,
};
pub use validate::{validate_flow, Problem};
