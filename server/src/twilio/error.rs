//! Errors as Twilio's API answers them, `{code, message, more_info, status}`, which
//! the SDKs turn into their exception with the code. Dialtone's own errors map onto
//! Twilio's codes; validation messages stay core's.

use crate::error::Error;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

pub type TwilioResult<T> = std::result::Result<T, TwilioError>;

/// Twilio's error codes that Dialtone answers.
pub mod code {
    /// A request Dialtone could not accept, with no more specific code.
    pub const INVALID: u32 = 20001;
    pub const AUTHENTICATE: u32 = 20003;
    /// The account cannot pay for this (Twilio: "account not active ... out of funds").
    pub const NO_FUNDS: u32 = 20005;
    pub const FORBIDDEN: u32 = 20403;
    pub const NOT_FOUND: u32 = 20404;
    pub const CONFLICT: u32 = 20409;
    pub const TOO_MANY_REQUESTS: u32 = 20429;
    pub const INTERNAL: u32 = 20500;
    pub const INVALID_TO: u32 = 21211;
    pub const REGION_NOT_ENABLED: u32 = 21408;
    pub const PHONE_NUMBER_INVALID: u32 = 21421;
    pub const PHONE_NUMBER_UNAVAILABLE: u32 = 21422;
    pub const BODY_REQUIRED: u32 = 21602;
    pub const FROM_NOT_OWNED: u32 = 21606;
    pub const TRIAL_UNVERIFIED: u32 = 21608;
    pub const BODY_TOO_LONG: u32 = 21617;
    pub const INVALID_CALLBACK: u32 = 21609;
    pub use crate::webhooks::events::CARRIER_FAILED;
}

#[derive(Debug)]
pub struct TwilioError {
    pub status: StatusCode,
    pub code: u32,
    pub message: String,
    pub retry_after_secs: Option<u64>,
}

/// What a Twilio error looks like on the wire.
#[derive(Serialize, ToSchema)]
pub struct TwilioErrorBody {
    #[schema(example = 20404)]
    pub code: u32,
    pub message: String,
    /// Twilio's page about the code.
    pub more_info: String,
    #[schema(example = 404)]
    pub status: u16,
}

impl TwilioError {
    pub fn new(status: StatusCode, code: u32, message: impl Into<String>) -> TwilioError {
        TwilioError {
            status,
            code,
            message: message.into(),
            retry_after_secs: None,
        }
    }

    pub fn bad(code: u32, message: impl Into<String>) -> TwilioError {
        TwilioError::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn not_found(what: &str) -> TwilioError {
        TwilioError::new(
            StatusCode::NOT_FOUND,
            code::NOT_FOUND,
            format!("The requested resource {what} was not found"),
        )
    }

    pub fn authenticate() -> TwilioError {
        TwilioError::new(StatusCode::UNAUTHORIZED, code::AUTHENTICATE, "Authenticate")
    }
}

impl From<Error> for TwilioError {
    fn from(e: Error) -> TwilioError {
        let (status, code) = match &e {
            Error::BadRequest { .. } => (StatusCode::BAD_REQUEST, code::INVALID),
            Error::Unauthorized(_) => (StatusCode::UNAUTHORIZED, code::AUTHENTICATE),
            Error::PaymentRequired(_) => (StatusCode::PAYMENT_REQUIRED, code::NO_FUNDS),
            Error::Forbidden(_) => (StatusCode::FORBIDDEN, code::FORBIDDEN),
            Error::NotFound(_) => (StatusCode::NOT_FOUND, code::NOT_FOUND),
            Error::Conflict(_) => (StatusCode::CONFLICT, code::CONFLICT),
            Error::BadGateway(_) => (StatusCode::BAD_GATEWAY, code::CARRIER_FAILED),
            Error::TooManyRequests { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, code::TOO_MANY_REQUESTS)
            }
            Error::Unavailable { .. } => (StatusCode::SERVICE_UNAVAILABLE, code::INTERNAL),
            Error::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, code::INTERNAL),
        };
        let retry_after_secs = match &e {
            Error::TooManyRequests {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            _ => None,
        };
        let message = match e {
            Error::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error in the Twilio-compatible API");
                "An internal error occurred. Please try again.".to_string()
            }
            other => other.to_string(),
        };
        TwilioError {
            status,
            code,
            message,
            retry_after_secs,
        }
    }
}

impl From<sqlx::Error> for TwilioError {
    fn from(e: sqlx::Error) -> TwilioError {
        Error::from(e).into()
    }
}

impl IntoResponse for TwilioError {
    fn into_response(self) -> Response {
        let body = TwilioErrorBody {
            code: self.code,
            more_info: format!("https://www.twilio.com/docs/errors/{}", self.code),
            message: self.message,
            status: self.status.as_u16(),
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        let headers = response.headers_mut();
        if self.status == StatusCode::UNAUTHORIZED {
            headers.insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static("Basic realm=\"Dialtone API\""),
            );
        }
        if let Some(secs) = self.retry_after_secs {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The answers every operation of the API may give, by name in the annotations.
pub mod responses {
    use super::TwilioErrorBody;
    use utoipa::IntoResponses;

    #[derive(IntoResponses)]
    #[response(
        status = 400,
        description = "An invalid parameter (21211, 21421, 21602, 21606, 21609, 20001, ...)"
    )]
    pub struct Invalid(pub TwilioErrorBody);

    #[derive(IntoResponses)]
    #[response(status = 401, description = "Wrong or missing credentials (20003)")]
    pub struct Credentials(pub TwilioErrorBody);

    #[derive(IntoResponses)]
    #[response(status = 402, description = "The balance cannot pay for it (20005)")]
    pub struct Funds(pub TwilioErrorBody);

    #[derive(IntoResponses)]
    #[response(
        status = 404,
        description = "No such resource of the account's (20404)"
    )]
    pub struct Missing(pub TwilioErrorBody);

    #[derive(IntoResponses)]
    #[response(
        status = 429,
        description = "Too many wrong credentials from this address (20429); nothing was done"
    )]
    pub struct Throttled(pub TwilioErrorBody);
}
