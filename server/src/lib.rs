//! Dialtone's server: `app(state)` builds the whole router (tests drive it without a
//! socket); `prepare(config)` connects and migrates, `serve(state)` listens.

#[macro_use]
pub mod infra;
// Infrastructure by its short name (`crate::db`, `crate::error`, ...).
pub use infra::{
    backup, config, csv, db, error, extract, health, json, mail, openapi, paging, security, spa,
    stir_key, telemetry, throttle,
};

// The composition root: the state every handler shares and the list of jobs (each
// resource owns its jobs' work); `api()` below is the table of the API's contents.
pub mod jobs;
pub mod state;

pub mod audit;
pub mod auth;
pub mod catalogue;
pub mod contact;
pub mod credentials;
pub mod dashboard;
pub mod debugger;
pub mod documents;
pub mod fraud;
pub mod ivr;
pub mod ledger;
pub mod limits;
pub mod notifications;
pub mod numbers;
pub mod packages;
pub mod payments;
pub mod permissions;
pub mod rates;
pub mod reports;
pub mod settings;
pub mod sms;
pub mod trial;
pub mod twilio;
pub mod usage;
pub mod users;
pub mod voice;
pub mod webhooks;

#[cfg(test)]
mod configuration_docs;
#[cfg(test)]
mod function_length;
#[cfg(test)]
mod layers;
#[cfg(test)]
mod sql_placement;

use axum::extract::DefaultBodyLimit;
use axum::Router;
use config::Config;
use db::Db;
use state::AppState;
use std::net::SocketAddr;
use tower_http::compression::CompressionLayer;
use tower_http::trace::TraceLayer;
use utoipa_axum::router::OpenApiRouter;

/// Largest request body we accept; our biggest legitimate body is a contact message.
/// Call recordings have their own, larger limit on their upload route.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// Every /api operation, routed and documented from its handler's `#[utoipa::path]`
/// (paths relative to /api): the router serves it, `openapi::document` describes it.
/// The order is the document's.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(users::router())
        .merge(catalogue::router())
        .merge(rates::router())
        .merge(contact::router())
        .merge(ledger::router())
        .merge(payments::router())
        .merge(documents::router())
        .merge(usage::router())
        .merge(numbers::router())
        .merge(packages::router())
        .merge(notifications::router())
        .merge(voice::switch::router())
        .merge(voice::calls::router())
        .merge(sms::router())
        .merge(sms::smpp::admin::router())
        .merge(trial::router())
        .merge(voice::devices::router())
        .merge(voice::edge::router())
        .merge(dashboard::router())
        .merge(ivr::router())
        .merge(reports::router())
        .merge(settings::router())
        .merge(audit::router())
        .merge(webhooks::router())
        .merge(credentials::router())
        .merge(debugger::router())
        .merge(voice::twiml::retention::router())
        .merge(permissions::router())
        .merge(limits::router())
        .merge(fraud::router())
}

/// The OpenAPI document: every /api operation as `api()` routes it, and the
/// Twilio-compatible API.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let api = OpenApiRouter::<AppState>::new().nest("/api", api());
    openapi::assemble([api.into_openapi(), twilio::ApiDoc::openapi()])
}

pub fn app(state: AppState) -> Router {
    let (api, _) = api().split_for_parts();
    let api = api
        .merge(openapi::router(openapi_document))
        .fallback(spa::api_not_found);
    telemetry::install();
    let mut router = Router::new()
        .nest("/api", api)
        .merge(twilio::router().layer(axum::middleware::from_fn_with_state(
            state.clone(),
            twilio::api_errors::record,
        )))
        .merge(health::router())
        .merge(telemetry::router())
        .merge(spa::router(&state.config.static_dir))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES));
    for layer in security::layers(&state.config) {
        router = router.layer(layer);
    }
    // gzip for clients that accept it: the app's JavaScript shrinks about 3.5 times.
    router
        .layer(axum::middleware::from_fn(telemetry::track))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http().make_span_with(telemetry::logs::request_span))
        // Outermost: the id exists before the request's span and is on every response.
        .layer(axum::middleware::from_fn(telemetry::logs::request_id))
        .with_state(state)
}

/// Connects to the database and brings its schema up to date; in demo mode, keeps every
/// offered country and type in stock. (The demo accounts and their history are seeded
/// by the dialtone-server binary, from server/tools: not part of the library.)
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    let db = Db::connect(&config.database_url).await?;
    db.migrate().await?;
    let state = AppState::new(config, db);
    if state.config.demo {
        numbers::stock::restock_demo(&state).await?;
    }
    Ok(state)
}

/// Serves the API and the app on `state.config.bind` with the background jobs, until
/// SIGINT or SIGTERM.
pub async fn serve(state: AppState) -> anyhow::Result<()> {
    let bind = state.config.bind.clone();
    jobs::spawn(state.clone());
    let listener = tokio::net::TcpListener::bind(&bind).await?;
    tracing::info!("Dialtone listening on http://{}", listener.local_addr()?);
    axum::serve(
        listener,
        app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    tracing::info!("Dialtone stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutdown signal received, finishing in-flight requests");
}
