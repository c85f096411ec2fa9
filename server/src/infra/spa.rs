//! Serves the built app. Any path outside /api that is not a file gets index.html,
//! so the client-side router (and its 404 page) handles it: with status 200 when the
//! app's route table knows the path, 404 when it does not (the build writes the table
//! to routes.json; without one, every path answers 200). Unknown /api paths get a
//! JSON 404 instead.

use crate::error::Error;
use axum::http::StatusCode;
use axum::http::{header, HeaderValue, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::Router;
use std::path::Path;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

pub fn router<S: Clone + Send + Sync + 'static>(static_dir: &Path) -> Router<S> {
    let index = static_dir.join("index.html");
    // Vite names assets by content hash, so they can be cached for good.
    let assets = Router::new()
        .nest_service("/assets", ServeDir::new(static_dir.join("assets")))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=31536000, immutable"),
        ));
    let shell = Shell {
        index: index.clone(),
        routes: known_routes(static_dir),
    };
    let shell = Router::new().fallback(move |uri: Uri| shell.clone().answer(uri));
    let files = ServeDir::new(static_dir)
        .append_index_html_on_directories(false)
        .fallback(shell.into_service());
    let missing_app = !index.exists();
    Router::new()
        .merge(assets)
        .fallback_service(if missing_app {
            Router::new().fallback(app_not_built).into_service()
        } else {
            Router::new().fallback_service(files).into_service()
        })
}

pub async fn api_not_found(uri: Uri) -> Error {
    Error::NotFound(format!("No API endpoint at {}", uri.path()))
}

async fn app_not_built() -> Response {
    Html("<!doctype html><title>Dialtone</title><p>The app is not built yet: run <code>make run</code>.</p>")
        .into_response()
}

/// The app's shell (index.html) and the route patterns it knows.
#[derive(Clone)]
struct Shell {
    index: PathBuf,
    routes: Option<Arc<Vec<String>>>,
}

impl Shell {
    async fn answer(self, uri: Uri) -> Response {
        let Ok(html) = tokio::fs::read_to_string(&self.index).await else {
            return app_not_built().await;
        };
        let known = match &self.routes {
            Some(routes) => routes.iter().any(|r| matches(r, uri.path())),
            None => true,
        };
        let status = if known {
            StatusCode::OK
        } else {
            StatusCode::NOT_FOUND
        };
        (status, Html(html)).into_response()
    }
}

/// The route patterns the build wrote (`/client/ivr/:id` style), if it wrote them.
fn known_routes(static_dir: &Path) -> Option<Arc<Vec<String>>> {
    let text = std::fs::read_to_string(static_dir.join("routes.json")).ok()?;
    serde_json::from_str(&text).ok().map(Arc::new)
}

/// Whether `path` is an instance of `pattern`: the same segments, a `:name` segment
/// standing for any one; a trailing slash does not count.
fn matches(pattern: &str, path: &str) -> bool {
    let segments = |s: &str| -> Vec<String> {
        s.trim_end_matches('/')
            .split('/')
            .map(str::to_string)
            .collect()
    };
    let (p, s) = (segments(pattern), segments(path));
    p.len() == s.len()
        && p.iter()
            .zip(&s)
            .all(|(p, s)| p == s || (p.starts_with(':') && !s.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::matches;

    #[test]
    fn a_path_matches_a_pattern_segment_by_segment() {
        assert!(matches("/", "/"));
        assert!(matches("/pricing", "/pricing"));
        assert!(matches("/pricing", "/pricing/"));
        assert!(matches("/client/ivr/:id", "/client/ivr/12"));
        assert!(!matches("/client/ivr/:id", "/client/ivr"));
        assert!(!matches("/client/ivr/:id", "/client/ivr/12/x"));
        assert!(!matches("/pricing", "/pricing-old"));
        assert!(!matches("/", "/nope"));
    }
}
