//! What every resource stands on: configuration, the database, HTTP plumbing
//! (errors, extractors, JSON money, paging, security headers, the app's files,
//! throttling, health), mail, CSV, backups, the OpenAPI document and the background
//! jobs. Nothing here owns a product rule; the resources beside this folder do.

pub mod backup;
pub mod config;
pub mod csv;
#[macro_use]
pub mod db;
pub mod error;
pub mod extract;
pub mod health;
pub mod jobs;
pub mod json;
pub mod mail;
pub mod openapi;
pub mod paging;
pub mod security;
pub mod spa;
pub mod state;
pub mod telemetry;
pub mod throttle;
