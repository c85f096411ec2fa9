//! Outgoing mail. Every message is first written to the outbox table, so nothing is
//! lost: with DIALTONE_SMTP_URL it is then delivered over SMTP and marked sent or
//! failed; without it, it stays in the outbox (status "kept") and is logged.

use crate::config::Config;
use crate::db::{now_ms, Db};
use crate::error::{Error, Result};
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

/// An outbox row: to, subject, body, and the attachment's name and base64 bytes.
type Row = (String, String, String, Option<String>, Option<String>);

#[derive(Clone)]
pub struct Mailer {
    db: Db,
    smtp: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

impl Mailer {
    pub fn new(config: &Config, db: Db) -> Mailer {
        let smtp = config.smtp_url.as_deref().and_then(|url| {
            match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
                Ok(builder) => Some(builder.build()),
                Err(e) => {
                    tracing::error!(
                        "DIALTONE_SMTP_URL is not usable ({e}); mail stays in the outbox"
                    );
                    None
                }
            }
        });
        let from = config
            .mail_from
            .parse()
            .unwrap_or_else(|_| "no-reply@dialtone.test".parse().expect("valid mailbox"));
        Mailer { db, smtp, from }
    }

    /// Records the message and, with SMTP configured, delivers it in the background.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<i64> {
        self.send_with(to, subject, body, None).await
    }

    /// `send` with one file attached: (its name, its bytes), kept in the outbox too.
    pub async fn send_with_attachment(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        file: (&str, &[u8]),
    ) -> Result<i64> {
        self.send_with(to, subject, body, Some(file)).await
    }

    async fn send_with(
        &self,
        to: &str,
        subject: &str,
        body: &str,
        file: Option<(&str, &[u8])>,
    ) -> Result<i64> {
        let status = if self.smtp.is_some() {
            "queued"
        } else {
            "kept"
        };
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO mail_outbox (to_addr, subject, body, status, created_at, attachment_name, attachment) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(to)
        .bind(subject)
        .bind(body)
        .bind(status)
        .bind(now_ms())
        .bind(file.map(|f| f.0))
        .bind(file.map(|f| BASE64.encode(f.1)))
        .fetch_one(&self.db.pool)
        .await?;
        if self.smtp.is_some() {
            let mailer = self.clone();
            tokio::spawn(async move { mailer.deliver(id).await });
        } else {
            tracing::info!(
                mail_id = id,
                to,
                subject,
                "mail kept in the outbox (no SMTP configured)"
            );
        }
        Ok(id)
    }

    async fn deliver(&self, id: i64) {
        let result = self.try_deliver(id).await;
        let (status, error) = match &result {
            Ok(()) => ("sent", None),
            Err(e) => ("failed", Some(e.to_string())),
        };
        if let Err(e) = &result {
            tracing::warn!(mail_id = id, error = %e, "mail delivery failed");
        }
        let sent_at = result.is_ok().then(now_ms);
        let update = sqlx::query("UPDATE mail_outbox SET status = $1, error = $2, sent_at = $3, attempts = attempts + 1 WHERE id = $4")
            .bind(status)
            .bind(error)
            .bind(sent_at)
            .bind(id)
            .execute(&self.db.pool)
            .await;
        if let Err(e) = update {
            tracing::error!(mail_id = id, error = %e, "could not record mail status");
        }
    }

    async fn try_deliver(&self, id: i64) -> anyhow::Result<()> {
        let (to, subject, body, name, attachment): Row = sqlx::query_as(
            "SELECT to_addr, subject, body, attachment_name, attachment FROM mail_outbox WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&self.db.pool)
        .await?;
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to.parse()?)
            .subject(subject);
        let message = match (name, attachment) {
            (Some(name), Some(data)) => {
                let kind = ContentType::parse("application/pdf")?;
                let file = Attachment::new(name).body(BASE64.decode(data)?, kind);
                let parts = MultiPart::mixed()
                    .singlepart(SinglePart::plain(body))
                    .singlepart(file);
                builder.multipart(parts)?
            }
            _ => builder.body(body)?,
        };
        let smtp = self
            .smtp
            .as_ref()
            .ok_or_else(|| anyhow::anyhow!("no SMTP transport"))?;
        smtp.send(message).await?;
        Ok(())
    }
}

impl From<lettre::error::Error> for Error {
    fn from(e: lettre::error::Error) -> Self {
        Error::Internal(e.into())
    }
}
