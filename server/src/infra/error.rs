//! The one error type of the API. Every failure answers
//! `{"message": "...", "errors": {"field": "message"}}`; 500s are logged with their
//! cause and answer a generic message.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use dialtone_core::FieldErrors;
use serde_json::json;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{message}")]
    BadRequest {
        message: String,
        errors: FieldErrors,
    },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    PaymentRequired(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    BadGateway(String),
    #[error("{message}")]
    TooManyRequests {
        message: String,
        retry_after_secs: u64,
    },
    /// 503 with Retry-After: this instance is at capacity; the request was not started.
    #[error("{message}")]
    Unavailable {
        message: String,
        retry_after_secs: u64,
    },
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

impl Error {
    /// 400 with per-field messages (from core's validators).
    pub fn invalid(errors: FieldErrors) -> Error {
        Error::BadRequest {
            message: "Please correct the highlighted fields".into(),
            errors,
        }
    }

    pub fn bad_request(message: impl Into<String>) -> Error {
        Error::BadRequest {
            message: message.into(),
            errors: FieldErrors::new(),
        }
    }

    /// Fails with 400 unless the validator found nothing.
    pub fn check(errors: FieldErrors) -> Result<()> {
        if errors.is_empty() {
            Ok(())
        } else {
            Err(Error::invalid(errors))
        }
    }

    /// 400 with one field's message.
    pub fn field(field: &str, message: impl Into<String>) -> Error {
        let message = message.into();
        Error::BadRequest {
            message: message.clone(),
            errors: [(field.to_string(), message)].into(),
        }
    }

    /// The one place a unique-constraint violation becomes an answer: `on_unique`
    /// when the database refused a duplicate, the usual mapping otherwise.
    pub fn unique_or(e: sqlx::Error, on_unique: impl FnOnce() -> Error) -> Error {
        if crate::db::is_unique_violation(&e) {
            on_unique()
        } else {
            e.into()
        }
    }

    /// 409 with `message` when the database refused a duplicate.
    pub fn conflict_on_unique(e: sqlx::Error, message: impl Into<String>) -> Error {
        Error::unique_or(e, || Error::Conflict(message.into()))
    }

    pub fn unauthorized() -> Error {
        Error::Unauthorized("Authentication required".into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Error::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Error::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Error::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            Error::Forbidden(_) => StatusCode::FORBIDDEN,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::Conflict(_) => StatusCode::CONFLICT,
            Error::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Error::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Error::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        // PostgreSQL refuses text holding a NUL character (SQLSTATE 22021), which any
        // JSON string, query or path may carry: that is bad input, not our failure.
        if let sqlx::Error::Database(db) = &e {
            if db.code().as_deref() == Some("22021") {
                return Error::bad_request("The input contains a character that is not allowed");
            }
        }
        Error::Internal(anyhow::Error::new(e))
    }
}

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = match &self {
            Error::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                json!({ "message": "Something went wrong on our side. Please try again." })
            }
            Error::BadRequest { message, errors } if !errors.is_empty() => {
                json!({ "message": message, "errors": errors })
            }
            other => json!({ "message": other.to_string() }),
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let Error::TooManyRequests {
            retry_after_secs, ..
        }
        | Error::Unavailable {
            retry_after_secs, ..
        } = self
        {
            response.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from(retry_after_secs.max(1)),
            );
        }
        response
    }
}
