//! IVR call flows (/api/ivr): the flows a customer designs (validated by core at the
//! IVR level of their package), the prompts rendered when a flow is saved, the
//! voicemails callers leave, and the monthly subscription of every flow in use.

pub mod media;
pub mod repo;
mod voicemail;

pub use voicemail::announce_voicemail;

use crate::state::AppState;
use axum::Router;

pub fn router() -> Router<AppState> {
    Router::new().merge(voicemail::router())
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    voicemail::list_voicemails,
    voicemail::get_voicemail_audio,
    voicemail::delete_voicemail
))]
pub struct ApiDoc;
