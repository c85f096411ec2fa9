//! Request extractors that fail with our JSON error shape.

use crate::error::Error;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use serde::de::DeserializeOwned;

/// `axum::Json`, but a malformed body answers `{"message": ...}` with 400 like
/// every other error.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(Error::bad_request(
                "Expected a JSON body (Content-Type: application/json)",
            ));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|_| Error::bad_request("The request body is too large"))?;
        // Every body we take is an object. serde would also fill a struct from an
        // array of its fields in order, which no client means to send.
        let first = bytes.iter().find(|b| !b.is_ascii_whitespace());
        if first.is_some_and(|&b| b != b'{') {
            return Err(Error::bad_request("The request body must be a JSON object"));
        }
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(v)) => Ok(Json(v)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

/// application/json or any application/*+json, as axum::Json accepts.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

fn json_rejection(r: JsonRejection) -> Error {
    let message = match &r {
        JsonRejection::MissingJsonContentType(_) => {
            "Expected a JSON body (Content-Type: application/json)".to_string()
        }
        JsonRejection::JsonSyntaxError(_) => "The request body is not valid JSON".to_string(),
        JsonRejection::JsonDataError(e) => format!(
            "Invalid request body: {}",
            e.body_text()
                .trim_start_matches("Failed to deserialize the JSON body into the target type: ")
        ),
        _ => "Invalid request body".to_string(),
    };
    if r.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        return Error::bad_request("The request body is too large");
    }
    Error::bad_request(message)
}

/// An axum extractor of the same name with our error shape: what it refuses answers
/// a JSON 400 "Invalid <what>: <axum's reason>".
macro_rules! part_extractor {
    ($(#[$doc:meta])* $name:ident, $what:literal) => {
        $(#[$doc])*
        pub struct $name<T>(pub T);

        impl<T, S> FromRequestParts<S> for $name<T>
        where
            T: DeserializeOwned + Send,
            S: Send + Sync,
        {
            type Rejection = Error;

            async fn from_request_parts(
                parts: &mut Parts,
                state: &S,
            ) -> Result<Self, Self::Rejection> {
                axum::extract::$name::<T>::from_request_parts(parts, state)
                    .await
                    .map(|v| $name(v.0))
                    .map_err(|e| {
                        Error::bad_request(format!(concat!("Invalid ", $what, ": {}"), e.body_text()))
                    })
            }
        }
    };
}

part_extractor!(
    /// `axum::extract::Query` with our error shape.
    Query,
    "query"
);
part_extractor!(
    /// `axum::extract::Path` with our error shape: a malformed id answers a JSON 400.
    Path,
    "path"
);

/// The server's state beside an extractor that needs it (who is asking, mostly):
/// `With(state, auth): With<AuthUser>` stands for the `State` argument and the
/// caller's argument that nearly every handler would otherwise take one by one.
pub struct With<T>(pub AppState, pub T);

impl<T: FromRequestParts<AppState>> FromRequestParts<AppState> for With<T> {
    type Rejection = T::Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, T::Rejection> {
        let inner = T::from_request_parts(parts, state).await?;
        Ok(With(state.clone(), inner))
    }
}
