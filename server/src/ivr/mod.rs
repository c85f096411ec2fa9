//! IVR call flows (/api/ivr): the flows a customer designs (validated by core at the
//! IVR level of their packages), the prompts rendered when a flow is saved, the
//! voicemails callers leave, and the monthly subscription of every flow in use.
//!
//! Choices: a customer without a package builds flows at the Basic level; packages
//! give their level by name (core's `ivr::plan`). Every flow in use is billed at the
//! published $29.99/mo whatever the package (the package sets what a flow may
//! contain, not its price). A flow a number routes to cannot be deleted (409).

mod audio;
pub mod billing;
pub mod flows;
pub mod media;
mod prompts;
pub mod repo;
pub mod save;
mod voicemail;

pub use voicemail::announce_voicemail;

use crate::state::AppState;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(flows::router())
        .merge(prompts::router())
        .merge(voicemail::router())
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    flows::list_flows,
    flows::post_flow,
    flows::get_flow,
    flows::put_flow,
    flows::delete_flow,
    flows::post_duplicate,
    prompts::post_prompt,
    prompts::get_prompt,
    voicemail::list_voicemails,
    voicemail::get_voicemail_audio,
    voicemail::delete_voicemail
),
// Named inside FlowInvalid only, which utoipa does not follow from a response.
components(schemas(save::FlowProblem)))]
pub struct ApiDoc;
