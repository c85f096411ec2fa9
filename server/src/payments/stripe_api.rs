//! The Stripe REST calls saved cards and auto-recharge make, beside the deposit's
//! intent in `provider.rs`: customers, SetupIntents, payment methods and off-session
//! PaymentIntents. Form-encoded requests, JSON answers, one client per provider.

use serde_json::Value;

/// How a Stripe request failed: Stripe's own refusal (a card declined, a bad request),
/// or no answer at all (the charge may or may not have happened: send it again with
/// the same Idempotency-Key).
#[derive(Debug)]
pub enum StripeError {
    Refused { status: u16, body: Value },
    Unreachable(anyhow::Error),
}

impl std::fmt::Display for StripeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StripeError::Refused { status, body } => {
                let message = body["error"]["message"].as_str().unwrap_or("unknown error");
                write!(f, "Stripe answered {status}: {message}")
            }
            StripeError::Unreachable(e) => write!(f, "Stripe could not be reached: {e}"),
        }
    }
}

pub struct Stripe<'a> {
    pub base: &'a str,
    pub secret_key: &'a str,
    pub http: &'a reqwest::Client,
}

impl Stripe<'_> {
    async fn send(
        &self,
        request: reqwest::RequestBuilder,
        key: Option<&str>,
    ) -> Result<Value, StripeError> {
        let mut request = request.bearer_auth(self.secret_key);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        let response = request
            .send()
            .await
            .map_err(|e| StripeError::Unreachable(e.into()))?;
        let status = response.status();
        let body: Value = response
            .json()
            .await
            .map_err(|e| StripeError::Unreachable(e.into()))?;
        match status.is_success() {
            true => Ok(body),
            // A 5xx is Stripe's trouble, not an answer about the card.
            false if status.is_server_error() => Err(StripeError::Unreachable(anyhow::anyhow!(
                "Stripe answered {status}"
            ))),
            false => Err(StripeError::Refused {
                status: status.as_u16(),
                body,
            }),
        }
    }

    pub async fn post(
        &self,
        path: &str,
        form: &[(&str, String)],
        key: Option<&str>,
    ) -> Result<Value, StripeError> {
        let request = self.http.post(format!("{}{path}", self.base)).form(form);
        self.send(request, key).await
    }

    pub async fn delete(&self, path: &str) -> Result<Value, StripeError> {
        self.send(self.http.delete(format!("{}{path}", self.base)), None)
            .await
    }

    pub async fn get(&self, path: &str) -> Result<Value, StripeError> {
        self.send(self.http.get(format!("{}{path}", self.base)), None)
            .await
    }
}

/// A text field of a Stripe object, or an error naming it.
pub fn field(object: &Value, name: &str) -> anyhow::Result<String> {
    object[name]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| anyhow::anyhow!("Stripe's answer lacks {name}"))
}
