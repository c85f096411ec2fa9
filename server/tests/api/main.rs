//! The server's integration tests, in one test binary: the server is linked once, not
//! once per file. One module per area; `common` builds the app in process on a fresh
//! database (SQLite, or PostgreSQL with DIALTONE_TEST_DATABASE=postgres), `support`
//! starts real processes. Nothing here sets environment variables or changes the
//! current directory: every test runs beside the others in this process.

mod common;
mod support;

mod account;
mod admin;
mod admin_phones;
mod admin_reports;
mod analytics_scale;
mod answered_reports;
mod audit_log;
mod auth;
mod authorization;
mod backup;
mod balances;
mod billing;
mod browser_phone;
mod call_history;
mod call_lists;
mod call_pipeline;
mod call_writes;
mod country_pricing;
mod crash;
mod credential_cache;
mod credential_guards;
mod exports;
mod fraud;
mod geo_permissions;
mod held_money;
mod ivr;
mod ivr_calls;
mod limits;
mod metrics;
mod money;
mod multi_instance;
mod nanp_rating;
mod number_stock;
mod numbers;
mod openapi;
mod packages;
mod plans;
mod platform;
mod public;
mod rate_deck_preview;
mod rate_decks;
mod recording_charges;
mod renewals;
mod request_ids;
mod sessions;
mod sip;
mod smpp;
mod sms;
mod stripe;
mod telephony;
mod telephony_refusals;
mod traffic;
mod trial;
mod trial_codes;
mod trial_number;
mod twilio;
mod two_factor;
mod verified_caller_ids;
mod webhooks;
mod world_catalogue;
