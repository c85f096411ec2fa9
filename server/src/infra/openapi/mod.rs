//! The OpenAPI 3 document of every /api endpoint, generated from the handlers'
//! `#[utoipa::path]` annotations and the response types, served at
//! /api/openapi.json, with a reference page rendered from it at /api/docs (plain
//! HTML from this server: no script or asset from another host).

mod page;
pub mod responses;

use axum::http::header;
use axum::response::Html;
use axum::routing::get;
use axum::Router;
use std::sync::OnceLock;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::OpenApi as Document;
use utoipa::{IntoResponses, Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Dialtone API",
        description = "Prepaid telephony: accounts, balance and deposits, virtual numbers, \
            call-minute packages, calls, SMS, notifications, and the administration of all of \
            it. Amounts are US dollars as JSON numbers; times are ISO 8601 (UTC). Lists take \
            `page` (from 1) and `pageSize` (at most 100) and answer `items` with `total`.",
    ),
    modifiers(&Security),
    components(schemas(responses::ErrorBody)),
    tags(
        (name = "auth", description = "Sign-up, sign-in, tokens, password reset"),
        (name = "account", description = "The signed-in user's profile and password"),
        (name = "catalogue", description = "Public prices, and the per-country rates"),
        (name = "contact", description = "The contact form and its inbox"),
        (name = "balance", description = "The ledger, balances and adjustments"),
        (name = "payments", description = "Card deposits (sandbox or Stripe), the webhook, the saved card and auto-recharge"),
        (name = "billing", description = "Receipts, monthly statements, billing details and usage alerts"),
        (name = "numbers", description = "Virtual numbers: shop, mine, inventory"),
        (name = "packages", description = "Call-minute packages"),
        (name = "notifications", description = "The user's notifications"),
        (name = "telephony", description = "The softswitch interface: authorize, CDR, recordings"),
        (name = "calls", description = "Call records"),
        (name = "sms", description = "Text messages"),
        (name = "trial", description = "The 7-day free trial and verified numbers"),
        (name = "permissions", description = "Where the account may call and text (geo permissions)"),
        (name = "sip", description = "SIP devices: credentials for phones and softphones"),
        (name = "dashboard", description = "The client dashboard"),
        (name = "ivr", description = "IVR call flows, their prompts, number routes to them, and voicemails"),
        (name = "developer", description = "API credentials: account SID, auth token, API keys, webhook deliveries"),
        (name = "twilio", description = "The Twilio-compatible REST API (2010-04-01) for customers' code, with HTTP Basic credentials"),
        (name = "admin", description = "Users, statistics, analytics, settings, audit"),
    )
)]
struct Base;

struct Security;

impl Modify for Security {
    fn modify(&self, doc: &mut Document) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "The access token from /api/auth/login or /api/auth/refresh-token",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "switch",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "The softswitch's shared secret (DIALTONE_SWITCH_TOKEN)",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "twilio",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Basic)
                    .description(Some(
                        "The account SID with its auth token, or an API key SID with its secret",
                    ))
                    .build(),
            ),
        );
    }
}

/// The whole document: the base above and the parts the composition root names (the
/// /api operations as `crate::api` routes them, the Twilio-compatible API).
pub fn assemble(parts: impl IntoIterator<Item = Document>) -> Document {
    let mut doc = Base::openapi();
    for part in parts {
        doc.merge(part);
    }
    bearer_where_signed_in(&mut doc);
    doc
}

/// An operation that documents the `SignedIn` answer (401) takes the bearer token,
/// unless its annotation names another scheme (the switch's secret, the Twilio API's
/// Basic credentials): annotations say it once, by listing `SignedIn`.
fn bearer_where_signed_in(doc: &mut Document) {
    let signed_in = responses::SignedIn::responses();
    let Some((status, answer)) = signed_in.iter().next() else {
        return;
    };
    for item in doc.paths.paths.values_mut() {
        let ops = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for op in ops.into_iter().flatten() {
            if op.security.is_none() && op.responses.responses.get(status) == Some(answer) {
                let bearer = SecurityRequirement::new("bearer", Vec::<String>::new());
                op.security = Some(vec![bearer]);
            }
        }
    }
}

/// The document and its page are built once per process: they only change with the code.
fn rendered(document: fn() -> Document) -> &'static (String, String) {
    static CACHE: OnceLock<(String, String)> = OnceLock::new();
    CACHE.get_or_init(|| {
        let doc = document();
        let json = doc.to_json().expect("the OpenAPI document serializes");
        let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
        (json, page::render(&value))
    })
}

/// /openapi.json and /docs, of the document `document` builds.
pub fn router<S: Clone + Send + Sync + 'static>(document: fn() -> Document) -> Router<S> {
    let json = move || async move {
        let json = rendered(document).0.as_str();
        ([(header::CONTENT_TYPE, "application/json")], json)
    };
    let page = move || async move { Html(rendered(document).1.as_str()) };
    Router::new()
        .route("/openapi.json", get(json))
        .route("/docs", get(page))
}
