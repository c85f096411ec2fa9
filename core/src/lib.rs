//! Dialtone's rules, written once and compiled both natively (into the server) and to
//! WebAssembly (into the browser). Nothing here does I/O.

pub mod analytics;
pub mod api;
pub mod audit;
pub mod breaker;
pub mod call;
pub mod caps;
pub mod card;
pub mod catalogue;
pub mod dates;
pub mod email;
pub mod fraud;
pub mod inventory;
pub mod ivr;
pub mod money;
pub mod permissions;
pub mod phone;
pub mod plans;
pub mod platform;
pub mod pricing;
pub mod quota;
pub mod rates;
pub mod rating;
pub mod recharge;
pub mod recordings;
pub mod sip;
pub mod sms;
pub mod statement;
pub mod trial;
pub mod twiml;
pub mod two_factor;
pub mod units;
pub mod usage;
pub mod validation;
pub mod wizard;

pub use money::{Micros, MoneyError};
pub use validation::FieldErrors;
