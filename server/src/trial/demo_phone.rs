//! The demo phone (/api/trial/demo-phone): on a server whose SMS carrier is the
//! built-in loopback (`make run`'s default), the verification codes the loopback
//! "delivered" for this account, so a newcomer on a laptop can finish verifying a
//! number. With a real carrier (SMPP, HTTP) it shows nothing: codes reach real phones.

use crate::auth::AuthUser;
use crate::error::Result;
use crate::extract::With;
use crate::openapi::responses::SignedIn;
use crate::sms::provider::Provider;
use serde::Serialize;
use utoipa::ToSchema;

/// The most messages the panel shows.
const SHOWN: usize = 10;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoMessage {
    /// The number the code was sent to.
    pub to: String,
    pub text: String,
    pub sent_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DemoPhone {
    /// Whether this server's carrier is the loopback; false means no panel.
    pub available: bool,
    /// The verification messages sent for this account, newest first.
    pub messages: Vec<DemoMessage>,
}

/// The verification messages the loopback carrier delivered for this account.
#[utoipa::path(get, path = "/trial/demo-phone", tag = "trial",
    responses((status = 200, description = "The demo phone's messages, or none with a real carrier", body = DemoPhone), SignedIn))]
pub async fn get_demo_phone(With(state, auth): With<AuthUser>) -> Result<axum::Json<DemoPhone>> {
    let provider = Provider::from_config(&state.config);
    let available = matches!(provider, Provider::Loopback { .. });
    // Codes for this account only: their references name it (see `post_verify`).
    let prefix = format!("{}{}-", super::CODE_REFERENCE, auth.user.id);
    let messages = provider
        .loopback_messages(&prefix, SHOWN)
        .await
        .into_iter()
        .map(|m| DemoMessage {
            sent_at: m.reference[prefix.len()..]
                .parse::<i64>()
                .ok()
                .map(crate::db::iso),
            to: m.to,
            text: m.text,
        })
        .collect();
    Ok(axum::Json(DemoPhone {
        available,
        messages,
    }))
}
