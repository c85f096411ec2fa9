//! The events a customer's server receives, in Twilio's parameters: a message's status
//! changes, an inbound call ringing, a call ended. Each is queued in the transaction
//! that records what happened (`enqueue`); the Twilio-compatible API only reads them.

use super::ids::{call_sid, sid, API_VERSION};
use super::repo;
use crate::webhooks;
use sqlx::{Any, Transaction};

/// Twilio's error code of a message the carrier refused or lost.
pub const CARRIER_FAILED: u32 = 30008;

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
        "undelivered" => &["sent", "undelivered"],
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
    let (_, _, status) = repo::message_parties(&mut **tx, user_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    message_status_of(tx, callback, user_id, id, statuses(&status)).await
}

/// Queues a callback for each of `statuses` (a receipt reports only the new one).
pub async fn message_status_of(
    tx: &mut Transaction<'static, Any>,
    callback: &Callback<'_>,
    user_id: i64,
    id: i64,
    statuses: &[&str],
) -> sqlx::Result<()> {
    let (from, to, _) = repo::message_parties(&mut **tx, user_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    for status in statuses {
        let mut params = vec![
            ("AccountSid", callback.account_sid.to_string()),
            ("ApiVersion", API_VERSION.to_string()),
            ("From", from.clone().unwrap_or_default()),
            ("MessageSid", sid("SM", id)),
            ("MessageStatus", status.to_string()),
            ("SmsSid", sid("SM", id)),
            ("SmsStatus", status.to_string()),
            ("To", to.clone()),
        ];
        if *status == "failed" || *status == "undelivered" {
            params.push(("ErrorCode", CARRIER_FAILED.to_string()));
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

/// A call to or from one of a customer's numbers, as its webhooks describe it.
pub struct CallEvent<'a> {
    pub number_id: i64,
    pub user_id: i64,
    pub sip_call_id: &'a str,
    pub direction: &'a str,
    pub from: &'a str,
    pub to: &'a str,
}

fn call_params(account_sid: &str, e: &CallEvent<'_>, status: &str) -> Vec<(&'static str, String)> {
    let direction = if e.direction == "inbound" {
        "inbound"
    } else {
        "outbound-dial"
    };
    vec![
        ("AccountSid", account_sid.to_string()),
        ("ApiVersion", API_VERSION.to_string()),
        ("CallSid", call_sid(e.sip_call_id)),
        ("CallStatus", status.to_string()),
        ("Called", e.to.to_string()),
        ("Caller", e.from.to_string()),
        ("Direction", direction.to_string()),
        ("From", e.from.to_string()),
        ("To", e.to.to_string()),
    ]
}

/// An inbound call is ringing: POSTed to the number's VoiceUrl, if it has one. Queued
/// in the switch's authorize transaction, before the call is connected.
pub async fn call_ringing(conn: &mut sqlx::AnyConnection, e: &CallEvent<'_>) -> sqlx::Result<()> {
    let Some((Some(url), _, account_sid)) = repo::call_hooks(&mut *conn, e.number_id).await? else {
        return Ok(());
    };
    ringing_to(conn, &url, &account_sid, e).await
}

/// `call_ringing` when the caller read the number's VoiceUrl and account already.
pub async fn ringing_to(
    conn: &mut sqlx::AnyConnection,
    url: &str,
    account_sid: &str,
    e: &CallEvent<'_>,
) -> sqlx::Result<()> {
    let params = call_params(account_sid, e, "ringing");
    webhooks::enqueue(&mut *conn, e.user_id, webhooks::CALL_INBOUND, url, &params).await?;
    Ok(())
}

/// A call has ended (`status`: completed, failed, no-answer): POSTed to the number's
/// StatusCallback, if it has one, in the transaction that records the call.
pub async fn call_ended(
    conn: &mut sqlx::AnyConnection,
    e: &CallEvent<'_>,
    status: &str,
    seconds: i64,
) -> sqlx::Result<()> {
    let Some((_, Some(url), account_sid)) = repo::call_hooks(&mut *conn, e.number_id).await? else {
        return Ok(());
    };
    ended_to(conn, &url, &account_sid, e, status, seconds).await
}

/// `call_ended` when the caller read the number's StatusCallback and account already.
pub async fn ended_to(
    conn: &mut sqlx::AnyConnection,
    url: &str,
    account_sid: &str,
    e: &CallEvent<'_>,
    status: &str,
    seconds: i64,
) -> sqlx::Result<()> {
    let mut params = call_params(account_sid, e, status);
    params.push(("CallDuration", seconds.to_string()));
    params.push(("Duration", ((seconds + 59) / 60).to_string()));
    webhooks::enqueue(&mut *conn, e.user_id, webhooks::CALL_STATUS, url, &params).await?;
    Ok(())
}
