//! Serves the built app. Any path outside /api that is not a file gets index.html,
//! so the client-side router (and its 404 page) handles it; unknown /api paths get
//! a JSON 404 instead.

use crate::error::Error;
use axum::http::{header, HeaderValue, Uri};
use axum::response::{Html, IntoResponse, Response};
use axum::Router;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};
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
    let files = ServeDir::new(static_dir)
        .append_index_html_on_directories(false)
        .fallback(ServeFile::new(&index));
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
