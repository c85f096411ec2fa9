//! What every resource stands on: configuration, the database, HTTP plumbing
//! (errors, extractors, JSON money, paging, security headers, the app's files,
//! throttling, health), mail, CSV, backups and the OpenAPI plumbing. Nothing here
//! owns a product rule or imports a resource (`layers.rs` holds that); the resources
//! beside this folder do, and the composition root (`state`, `jobs`, `api()`) joins
//! them.

pub mod backup;
pub mod config;
pub mod csv;
#[macro_use]
pub mod db;
pub mod error;
pub mod extract;
pub mod health;
pub mod json;
pub mod mail;
pub mod numbering;
pub mod openapi;
pub mod paging;
pub mod regions;
pub mod security;
pub mod smpp_settings;
pub mod spa;
pub mod stir_key;
pub mod telemetry;
pub mod throttle;
