//! Payment providers behind one interface. `Stripe` calls the real Stripe REST API
//! (or anything speaking it, such as localstripe in tests); `Sandbox` plays the
//! provider inside Dialtone so deposits work offline.

use crate::auth::tokens::random_token;
use crate::config::Config;
use hmac::{Hmac, Mac};
use sha2::Sha256;

pub struct Intent {
    pub id: String,
    pub client_secret: String,
}

pub enum Provider {
    Sandbox,
    Stripe {
        base: String,
        secret_key: String,
        http: reqwest::Client,
    },
}

impl Provider {
    pub fn from_config(config: &Config) -> Provider {
        match &config.stripe_secret_key {
            Some(key) => Provider::Stripe {
                base: config.stripe_api_base.trim_end_matches('/').to_string(),
                secret_key: key.clone(),
                http: reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(20))
                    .build()
                    .expect("HTTP client"),
            },
            None => Provider::Sandbox,
        }
    }

    /// The Stripe client, None with the sandbox.
    pub fn stripe(&self) -> Option<super::stripe_api::Stripe<'_>> {
        match self {
            Provider::Sandbox => None,
            Provider::Stripe {
                base,
                secret_key,
                http,
            } => Some(super::stripe_api::Stripe {
                base,
                secret_key,
                http,
            }),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Provider::Sandbox => "sandbox",
            Provider::Stripe { .. } => "stripe",
        }
    }

    /// Creates a PaymentIntent for `cents` US cents. The idempotency key makes a
    /// retried request return the same intent instead of a second one.
    pub async fn create_intent(
        &self,
        cents: i64,
        user_id: i64,
        payment_id: i64,
    ) -> anyhow::Result<Intent> {
        match self {
            Provider::Sandbox => {
                let id = format!("pi_sandbox_{}", &random_token()[..24]);
                let client_secret = format!("{id}_secret_{}", &random_token()[..24]);
                Ok(Intent { id, client_secret })
            }
            Provider::Stripe {
                base,
                secret_key,
                http,
            } => {
                let form = [
                    ("amount", cents.to_string()),
                    ("currency", "usd".into()),
                    ("payment_method_types[]", "card".into()),
                    ("metadata[user_id]", user_id.to_string()),
                    ("metadata[payment_id]", payment_id.to_string()),
                ];
                let response = http
                    .post(format!("{base}/v1/payment_intents"))
                    .bearer_auth(secret_key)
                    .header("Idempotency-Key", format!("dialtone-deposit-{payment_id}"))
                    .form(&form)
                    .send()
                    .await?;
                let status = response.status();
                let body: serde_json::Value = response.json().await?;
                if !status.is_success() {
                    let message = body["error"]["message"].as_str().unwrap_or("unknown error");
                    anyhow::bail!("Stripe answered {status}: {message}");
                }
                let field = |name: &str| {
                    body[name]
                        .as_str()
                        .map(str::to_string)
                        .ok_or_else(|| anyhow::anyhow!("Stripe response lacks {name}"))
                };
                Ok(Intent {
                    id: field("id")?,
                    client_secret: field("client_secret")?,
                })
            }
        }
    }
}

/// The secret that signs webhooks: Stripe's, or one derived for the sandbox.
pub fn webhook_secret(config: &Config) -> String {
    if let Some(secret) = &config.stripe_webhook_secret {
        return secret.clone();
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(&config.jwt_secret).expect("any key length");
    mac.update(b"dialtone sandbox webhook secret");
    format!("whsec_{}", hex::encode(mac.finalize().into_bytes()))
}
