//! The error answers shared by many operations (and one shared request schema), so each handler's annotation lists
//! them by name (`Invalid, SignedIn, AdminOnly, ...`) instead of repeating them.

use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{IntoResponses, ToSchema};

/// A request field that takes a JSON number or a string holding one (amounts and
/// rates, which the app may send either way).
pub fn number_or_string() -> Schema {
    Schema::OneOf(
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .build(),
    )
}

/// Every failure of the API answers this body (see `crate::error`).
#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in words a user can read.
    pub message: String,
    /// Per-field messages when the input failed validation.
    pub errors: Option<BTreeMap<String, String>>,
}

#[derive(IntoResponses)]
#[response(
    status = 400,
    description = "The input is invalid: `message`, and `errors` by field"
)]
pub struct Invalid(pub ErrorBody);

#[derive(IntoResponses)]
#[response(
    status = 401,
    description = "No valid access token (missing, expired, or the session has ended)"
)]
pub struct SignedIn(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 403, description = "The caller is not an administrator")]
pub struct AdminOnly(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 404, description = "No such record (or not the caller's)")]
pub struct NotFound(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 409, description = "The record's state does not allow this")]
pub struct Conflict(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 402, description = "The balance does not cover the charge")]
pub struct Insufficient(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 429, description = "Too many attempts; see Retry-After")]
pub struct Throttled(pub ErrorBody);

#[derive(IntoResponses)]
#[response(status = 502, description = "An upstream provider failed")]
pub struct Upstream(pub ErrorBody);

#[derive(IntoResponses)]
#[response(
    status = 503,
    description = "This instance is at capacity; the request was not started: see Retry-After"
)]
pub struct AtCapacity(pub ErrorBody);
