//! SMS carriers behind one interface: the built-in loopback (marks messages
//! delivered, the default) and an HTTP carrier API. The loopback writes what it
//! would have sent to `loopback-sms.jsonl` in the data directory, so a developer
//! (or a browser test) can read a verification code as a phone would.

use crate::config::Config;
use serde_json::json;

/// The loopback's record stops growing past this size.
const LOOPBACK_FILE_MAX_BYTES: u64 = 10 * 1024 * 1024;

pub enum Provider {
    Loopback {
        outbox: std::path::PathBuf,
    },
    Http {
        url: String,
        token: Option<String>,
        http: reqwest::Client,
    },
    /// Queued in the database for the SMPP sender task (`super::smpp`).
    Smpp,
}

pub struct Sent {
    pub provider_id: String,
    /// Loopback knows delivery at once; a carrier reports "sent" first.
    pub status: &'static str,
}

impl Provider {
    pub fn from_config(c: &Config) -> Provider {
        match (c.sms_provider.as_str(), &c.sms_http_url) {
            ("smpp", _) if c.smpp.is_some() => Provider::Smpp,
            ("http", Some(url)) => Provider::Http {
                url: url.clone(),
                token: c.sms_http_token.clone(),
                http: reqwest::Client::builder()
                    .timeout(std::time::Duration::from_secs(10))
                    .build()
                    .expect("HTTP client"),
            },
            _ => Provider::Loopback {
                outbox: c.data_dir.join("loopback-sms.jsonl"),
            },
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Provider::Loopback { .. } => "loopback",
            Provider::Http { .. } => "http",
            Provider::Smpp => "smpp",
        }
    }

    /// Whether messages wait in the queue for a sender task instead of being sent now.
    pub fn queues(&self) -> bool {
        matches!(self, Provider::Smpp)
    }

    pub async fn send(
        &self,
        reference: &str,
        from: &str,
        to: &str,
        text: &str,
    ) -> anyhow::Result<Sent> {
        match self {
            Provider::Smpp => anyhow::bail!("SMPP messages are queued, not sent inline"),
            Provider::Loopback { outbox } => {
                record(outbox, reference, from, to, text).await;
                Ok(Sent {
                    provider_id: format!("loopback-{reference}"),
                    status: "delivered",
                })
            }
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

/// A message the loopback recorded.
#[derive(serde::Deserialize)]
pub struct Recorded {
    pub reference: String,
    pub to: String,
    pub text: String,
}

/// How much of the loopback's record the demo phone reads: its end, where the
/// newest messages are.
const LOOPBACK_TAIL_BYTES: u64 = 256 * 1024;

impl Provider {
    /// The newest messages the loopback recorded whose reference starts with
    /// `reference_prefix`, newest first, at most `limit`; none for a real carrier.
    pub async fn loopback_messages(&self, reference_prefix: &str, limit: usize) -> Vec<Recorded> {
        let Provider::Loopback { outbox } = self else {
            return Vec::new();
        };
        let tail = match read_tail(outbox, LOOPBACK_TAIL_BYTES).await {
            Ok(tail) => tail,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the loopback's record");
                return Vec::new();
            }
        };
        tail.lines()
            .rev()
            .filter_map(|line| serde_json::from_str::<Recorded>(line).ok())
            .filter(|m| m.reference.starts_with(reference_prefix))
            .take(limit)
            .collect()
    }
}

/// The last `max` bytes of a file, from the first whole line in them.
async fn read_tail(path: &std::path::Path, max: u64) -> std::io::Result<String> {
    use tokio::io::{AsyncReadExt, AsyncSeekExt};
    let mut file = tokio::fs::File::open(path).await?;
    let len = file.metadata().await?.len();
    let start = len.saturating_sub(max);
    file.seek(std::io::SeekFrom::Start(start)).await?;
    let mut bytes = Vec::with_capacity((len - start) as usize);
    file.read_to_end(&mut bytes).await?;
    let text = String::from_utf8_lossy(&bytes);
    // A cut line at the start is not a message.
    Ok(match (start > 0, text.find('\n')) {
        (true, Some(i)) => text[i + 1..].to_string(),
        _ => text.into_owned(),
    })
}

/// Appends one message to the loopback's record; a failure to write it is logged,
/// never a failure to send.
async fn record(outbox: &std::path::Path, reference: &str, from: &str, to: &str, text: &str) {
    use tokio::io::AsyncWriteExt;
    let full = tokio::fs::metadata(outbox)
        .await
        .is_ok_and(|m| m.len() > LOOPBACK_FILE_MAX_BYTES);
    if full {
        return;
    }
    let mut line =
        json!({ "reference": reference, "from": from, "to": to, "text": text }).to_string();
    line.push('\n');
    let written = async {
        let mut file = tokio::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(outbox)
            .await?;
        file.write_all(line.as_bytes()).await?;
        // tokio hands writes to a blocking thread: flush so the line is there when
        // the send returns.
        file.flush().await
    };
    if let Err(e) = written.await {
        tracing::warn!(error = %e, "could not record a loopback message");
    }
}
