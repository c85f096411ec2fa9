//! SMS carriers behind one interface: the built-in loopback (marks messages
//! delivered, the default) and an HTTP carrier API.

use crate::config::Config;
use serde_json::json;

pub enum Provider {
    Loopback,
    Http {
        url: String,
        token: Option<String>,
        http: reqwest::Client,
    },
}

pub struct Sent {
    pub provider_id: String,
    /// Loopback knows delivery at once; a carrier reports "sent" first.
    pub status: &'static str,
}

impl Provider {
    pub fn from_config(c: &Config) -> Provider {
        match (c.sms_provider.as_str(), &c.sms_http_url) {
            ("http", Some(url)) => Provider::Http {
                url: url.clone(),
                token: c.sms_http_token.clone(),
                http: reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(10))
                    .build()
                    .expect("HTTP client"),
            },
            _ => Provider::Loopback,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Provider::Loopback => "loopback",
            Provider::Http { .. } => "http",
        }
    }

    pub async fn send(
        &self,
        reference: &str,
        from: &str,
        to: &str,
        text: &str,
    ) -> anyhow::Result<Sent> {
        match self {
            Provider::Loopback => Ok(Sent {
                provider_id: format!("loopback-{reference}"),
                status: "delivered",
            }),
            Provider::Http { url, token, http } => {
                let mut req = http
                    .post(url)
                    .json(&json!({ "reference": reference, "from": from, "to": to, "text": text }));
                if let Some(t) = token {
                    req = req.bearer_auth(t);
                }
                let response = req.send().await?;
                let status = response.status();
                if !status.is_success() {
                    anyhow::bail!("the carrier answered {status}");
                }
                let body: serde_json::Value = response.json().await.unwrap_or_default();
                let id = body["id"]
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| reference.to_string());
                Ok(Sent {
                    provider_id: id,
                    status: "sent",
                })
            }
        }
    }
}
