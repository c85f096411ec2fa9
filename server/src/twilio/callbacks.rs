//! Status callbacks: the POSTs a customer's server receives as their messages move on,
//! queued in the transaction that moves them (see `crate::webhooks`).

use super::repo;
use crate::webhooks;
use sqlx::{Any, Transaction};

/// Where a message's status changes are reported, and for which account.
pub struct Callback<'a> {
    pub url: &'a str,
    pub account_sid: &'a str,
}

/// Twilio's MessageStatus values that a stored status has passed through: a message
/// delivered at once was also sent.
fn statuses(stored: &str) -> &'static [&'static str] {
    match stored {
        "sent" => &["sent"],
        "delivered" => &["sent", "delivered"],
        "failed" => &["failed"],
        _ => &[],
    }
}

/// Queues a callback for each status message `id` has reached.
pub async fn message_status(
    tx: &mut Transaction<'static, Any>,
    callback: &Callback<'_>,
    user_id: i64,
    id: i64,
) -> sqlx::Result<()> {
    let m = repo::message(&mut **tx, user_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    for status in statuses(&m.status) {
        let mut params = vec![
            ("AccountSid", callback.account_sid.to_string()),
            ("ApiVersion", super::wire::API_VERSION.to_string()),
            ("From", m.from.clone().unwrap_or_default()),
            ("MessageSid", super::sid("SM", m.id)),
            ("MessageStatus", status.to_string()),
            ("SmsSid", super::sid("SM", m.id)),
            ("SmsStatus", status.to_string()),
            ("To", m.to.clone()),
        ];
        if *status == "failed" {
            params.push(("ErrorCode", super::error::code::CARRIER_FAILED.to_string()));
        }
        webhooks::enqueue(
            &mut **tx,
            user_id,
            webhooks::MESSAGE_STATUS,
            callback.url,
            &params,
        )
        .await?;
    }
    Ok(())
}
