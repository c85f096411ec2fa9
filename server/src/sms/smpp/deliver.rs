//! What the SMSC delivers to us: receipts for our messages and messages to our
//! customers' numbers. Each is applied in one transaction before the deliver_sm is
//! acknowledged, so a crash before the ack makes the SMSC send it again (and a
//! receipt applied twice changes nothing the second time).
//!
//! Refund policy: a message the carrier refuses at submit is refunded (see
//! `sender::fail`); a message the carrier accepted and later reports undelivered is
//! not, because the carrier bills us for it too (Twilio and other providers do the
//! same). The pricing FAQ states this.

use super::{reconcile, repo};
use crate::db::now_ms;
use crate::state::AppState;

/// A delivery receipt's text (SMPP 3.4 Appendix B, which carriers follow loosely):
/// the message id, and its final state and error code.
pub struct Receipt {
    pub id: String,
    pub stat: String,
    pub err: Option<String>,
    /// The `text:` field, the first characters of the message, last in the text.
    pub text: Option<String>,
}

pub fn parse_receipt(text: &str) -> Option<Receipt> {
    let field = |name: &str| {
        let start = text.find(&format!("{name}:"))? + name.len() + 1;
        let value = text[start..].split_whitespace().next().unwrap_or("");
        Some(value.to_string())
    };
    Some(Receipt {
        id: field("id")?,
        stat: field("stat")?.to_ascii_uppercase(),
        err: field("err").filter(|e| !e.is_empty() && e.chars().any(|c| c != '0')),
        text: text
            .find("text:")
            .map(|start| text[start + 5..].to_string()),
    })
}

/// A receipt as the link received it.
pub struct Delivered<'a> {
    pub text: &'a str,
    /// The receipted_message_id TLV, preferred to the id in the text.
    pub receipted_id: Option<&'a str>,
    /// The receipt's source: the handset the message went to, in E.164.
    pub handset: &'a str,
    /// The receipt's destination: our address the message came from.
    pub sender: &'a str,
}

/// Applies a receipt. One whose message id we never recorded may be for a part whose
/// submit_sm_resp was lost (`reconcile`); otherwise it is logged and acknowledged.
pub async fn receipt(state: &AppState, d: Delivered<'_>) -> anyhow::Result<()> {
    let Some(r) = parse_receipt(d.text) else {
        tracing::warn!(text = d.text, "an SMPP receipt without id or stat; ignored");
        return Ok(());
    };
    let smsc_id = d.receipted_id.filter(|i| !i.is_empty()).unwrap_or(&r.id);
    // ENROUTE, ACCEPTD and the like are not final: they only reconcile.
    let delivered = match r.stat.as_str() {
        "DELIVRD" => Some(true),
        "UNDELIV" | "EXPIRED" | "REJECTD" | "DELETED" | "UNKNOWN" => Some(false),
        _ => None,
    };
    let mut tx = state.db.begin_write().await?;
    let found = match repo::by_smsc_id(&mut *tx, smsc_id).await? {
        Some((id, user_id, callback)) => {
            // The receipt overtook the sender's `sent` (every part recorded, the
            // message not yet marked): it completes the message itself.
            if repo::complete_if_submitted(&mut *tx, id, now_ms()).await? {
                reconcile::status_callback(&mut tx, id, user_id, callback.as_deref(), "sent")
                    .await?;
            }
            Some((id, user_id, callback))
        }
        None => {
            let evidence = reconcile::Evidence {
                smsc_id,
                handset: d.handset,
                sender: d.sender,
                text: r.text.as_deref(),
            };
            reconcile::adopt(&mut tx, &evidence).await?
        }
    };
    let Some((id, user_id, callback)) = found else {
        tracing::warn!(smsc_id, "a receipt for no message of ours; acknowledged");
        return Ok(());
    };
    let Some(delivered) = delivered else {
        tx.commit().await?;
        return Ok(());
    };
    let error = (!delivered).then(|| match &r.err {
        Some(err) => format!(
            "The carrier could not deliver the message ({}, error {err})",
            r.stat
        ),
        None => format!("The carrier could not deliver the message ({})", r.stat),
    });
    let changed = repo::apply_receipt(&mut *tx, id, delivered, error.as_deref(), now_ms()).await?;
    if changed {
        let status = if delivered {
            "delivered"
        } else {
            "undelivered"
        };
        reconcile::status_callback(&mut tx, id, user_id, callback.as_deref(), status).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Stores a message to one of our numbers, tells its owner, and queues the number's
/// SmsUrl webhook (asked with its SmsMethod). A message to a number nobody holds is logged and acknowledged.
pub async fn inbound(state: &AppState, from: &str, to: &str, body: &str) -> anyhow::Result<()> {
    let mut tx = state.db.begin_write().await?;
    inbound_in(&mut tx, from, to, body).await?;
    tx.commit().await?;
    Ok(())
}

/// `inbound` within `tx` (the caller commits); addresses as the SMSC wrote them.
pub async fn inbound_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    from: &str,
    to: &str,
    body: &str,
) -> anyhow::Result<()> {
    let (to, from) = (super::to_e164(to), super::to_e164(from));
    let Some((user_id, number_id, sms_url, sms_method)) =
        repo::active_number(&mut **tx, &to).await?
    else {
        tracing::warn!(
            to,
            from,
            "an inbound SMS to a number nobody holds; acknowledged"
        );
        return Ok(());
    };
    let segments = dialtone_core::sms::analyze(body).segments.max(1) as i64;
    let message = repo::Inbound {
        user_id,
        number_id,
        from: &from,
        to: &to,
        body,
        segments,
        now: now_ms(),
    };
    let id = repo::insert_inbound(&mut **tx, message).await?;
    crate::notifications::notify(
        &mut **tx,
        user_id,
        "sms_inbound",
        "New message",
        &format!("{from} texted {to}: {body}"),
    )
    .await?;
    if let Some(url) = sms_url.filter(|u| !u.is_empty()) {
        let account = crate::credentials::repo::account_of(&mut **tx, user_id).await?;
        // Inbound rows have ids of their own: lifted past any outbound message's.
        let sid = crate::webhooks::sid("SM", id + (1 << 60));
        let params = [
            ("MessageSid", sid.clone()),
            ("SmsSid", sid.clone()),
            ("SmsMessageSid", sid),
            (
                "AccountSid",
                account.map(|a| a.account_sid).unwrap_or_default(),
            ),
            ("From", from.clone()),
            ("To", to.clone()),
            ("Body", body.to_string()),
            ("NumMedia", "0".to_string()),
            ("NumSegments", segments.to_string()),
            ("ApiVersion", crate::webhooks::API_VERSION.to_string()),
        ];
        crate::webhooks::enqueue_as(
            &mut **tx,
            user_id,
            crate::webhooks::MESSAGE_INBOUND,
            &url,
            &sms_method,
            &params,
        )
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::parse_receipt;

    #[test]
    fn a_receipt_gives_its_id_state_and_error() {
        let r = parse_receipt("id:smsc-7 sub:001 dlvrd:000 submit date:2511251000 done date:2511251000 stat:UNDELIV err:034 text:").unwrap();
        assert_eq!((r.id.as_str(), r.stat.as_str()), ("smsc-7", "UNDELIV"));
        assert_eq!(r.err.as_deref(), Some("034"));
        let ok = parse_receipt("id:9 stat:DELIVRD err:000").unwrap();
        assert_eq!(ok.err, None);
        let texted = parse_receipt("id:1 stat:DELIVRD err:000 text:Hello there").unwrap();
        assert_eq!(texted.text.as_deref(), Some("Hello there"));
        assert!(parse_receipt("hello").is_none());
    }
}
