//! Logs and request ids. `LOG_FORMAT=json` writes one JSON object per line (for log
//! shippers), anything else the readable text format. Every request carries an id:
//! the caller's `X-Request-Id` when it is well formed, a new UUID otherwise; it is a
//! field of the request's span (so every line logged while serving it names it) and
//! goes back in the response's `X-Request-Id`.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Span;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::EnvFilter;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What the server logs unless RUST_LOG says otherwise.
const DEFAULT_FILTER: &str = "info,sqlx=warn,tower_http=warn";

/// Installs the process's subscriber, in the format LOG_FORMAT names.
pub fn init() {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let json = std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json"));
    if json {
        json_subscriber(filter, std::io::stdout).init();
    } else {
        tracing_subscriber::fmt().with_env_filter(filter).init();
    }
}

/// The JSON subscriber: each event with its level, target, fields and the spans it
/// happened in (the request's span holds the request id).
pub fn json_subscriber<W>(filter: EnvFilter, writer: W) -> impl tracing::Subscriber + Send + Sync
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    tracing_subscriber::fmt()
        .json()
        .with_env_filter(filter)
        .with_current_span(true)
        .with_span_list(true)
        .with_writer(writer)
        .finish()
}

/// An id we pass on as given: short, printable, no spaces or quotes (it is logged and
/// echoed, so it must not be able to forge a log line or a header).
fn well_formed(id: &str) -> bool {
    (1..=128).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.:+/=@".contains(&b))
}

/// Gives the request its id (see the module's doc) before anything else sees it, and
/// puts it on the response, whatever produced the response.
pub async fn request_id(mut request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .filter(|v| well_formed(v))
        .map(str::to_string)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let value = HeaderValue::from_str(&id).expect("a well-formed id is a valid header value");
    request.headers_mut().insert(REQUEST_ID, value.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(REQUEST_ID, value);
    response
}

/// The request's span (tower-http's TraceLayer makes it around each request), with
/// the id `request_id` put on the request.
pub fn request_span(request: &Request) -> Span {
    let id = request
        .headers()
        .get(&REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    tracing::info_span!(
        "request",
        request_id = %id,
        method = %request.method(),
        uri = %request.uri().path(),
    )
}

#[cfg(test)]
mod tests {
    use super::well_formed;

    #[test]
    fn ids_that_could_forge_a_log_line_or_header_are_replaced() {
        assert!(well_formed("3f1c2a9e-0b7d-4a55-9c1e-2d4f6a8b0c1d"));
        assert!(well_formed("req_42"));
        assert!(!well_formed(""));
        assert!(!well_formed("a b"));
        assert!(!well_formed("x\"}{\"level\":\"ERROR"));
        assert!(!well_formed(&"a".repeat(129)));
    }
}
