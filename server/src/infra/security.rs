//! Security headers on every response. The Content-Security-Policy allows only our
//! own origin (plus Stripe's hosts when the Stripe provider is on, and the switch's
//! SIP-over-WebSocket address for the browser phone); 'wasm-unsafe-eval'
//! lets the browser compile the core's WebAssembly and nothing else. No CORS layer is
//! installed, so other origins cannot read our responses.

use crate::config::Config;
use axum::http::{header, HeaderName, HeaderValue};
use tower_http::set_header::SetResponseHeaderLayer;

pub fn content_security_policy(config: &Config) -> String {
    let stripe = config.stripe_secret_key.is_some();
    let (script, frame, connect) = if stripe {
        (
            " https://js.stripe.com",
            " https://js.stripe.com https://hooks.stripe.com",
            " https://api.stripe.com",
        )
    } else {
        ("", "", "")
    };
    let ws = &config.sip_public.ws_url;
    format!(
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'{script}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:; font-src 'self'; connect-src 'self' {ws}{connect}; frame-src 'self'{frame}; \
         media-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// The layers that add the headers; apply each to the whole router.
pub fn layers(config: &Config) -> Vec<SetResponseHeaderLayer<HeaderValue>> {
    let mut headers = vec![
        (
            header::CONTENT_SECURITY_POLICY,
            content_security_policy(config),
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        (header::X_FRAME_OPTIONS, "DENY".to_string()),
        (
            header::REFERRER_POLICY,
            "strict-origin-when-cross-origin".to_string(),
        ),
        // The microphone for the browser phone, on our own pages only.
        (
            HeaderName::from_static("permissions-policy"),
            "camera=(), microphone=(self), geolocation=()".to_string(),
        ),
    ];
    if config.secure_cookies() {
        headers.push((
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=63072000; includeSubDomains".to_string(),
        ));
    }
    headers
        .into_iter()
        .map(|(name, value)| {
            SetResponseHeaderLayer::if_not_present(
                name,
                HeaderValue::from_str(&value).expect("ASCII header"),
            )
        })
        .collect()
}

/// 256 random bits, URL-safe: session secrets, tokens, generated passwords.
pub fn random_token() -> String {
    use base64::Engine;
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}
