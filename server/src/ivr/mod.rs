//! IVR call flows (/api/ivr): the flows a customer designs (validated by core at the
//! IVR level of their packages), the prompts rendered when a flow is saved, the
//! voicemails callers leave, and the monthly subscription of every flow in use.
//!
//! Choices: a customer without a package builds flows at the Basic level; packages
//! give their level by name (core's `ivr::plan`). Every flow in use is billed at the
//! published $29.99/mo whatever the package (the package sets what a flow may
//! contain, not its price). A flow a number routes to cannot be deleted (409).

pub mod audio;
pub mod billing;
pub mod flows;
mod prompts;
pub mod repo;
pub mod save;
mod voicemail;

pub use voicemail::announce_voicemail;

use crate::state::AppState;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

/// A schema named inside FlowInvalid only, which utoipa does not follow from a response.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(save::FlowProblem)))]
struct Schemas;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(Schemas::openapi())
        .merge(flows::router())
        .merge(prompts::router())
        .merge(voicemail::router())
}
