//! Webhooks: events POSTed, form-encoded and signed as Twilio signs them, to customers'
//! servers. `enqueue` queues one inside the caller's transaction, so an event that
//! happened is never lost; the sender (a background job) delivers it at least once,
//! retrying for a day; /api/developer/webhooks lists a user's recent deliveries and
//! resends one.

mod backoff;
pub mod events;
pub(crate) mod guard;
mod handlers;
mod ids;
pub mod repo;
pub(crate) mod sender;
mod sign;

pub use handlers::{get_webhooks, post_resend, router, Deliveries, Delivery, Resent};
pub use ids::{call_sid, sid, API_VERSION};
pub use sender::{deliver_due, spawn};
pub use sign::signature;

use crate::db::{now_ms, Exec};

/// The events Dialtone reports, the `event` of a delivery.
pub const MESSAGE_STATUS: &str = "message.status";
pub const MESSAGE_INBOUND: &str = "message.inbound";
pub const CALL_INBOUND: &str = "call.inbound";
pub const CALL_STATUS: &str = "call.status";

/// Queues a POST of `params` (form-encoded, in this order) to `url` for `user_id`,
/// signed with that user's auth token when it is sent. Run it on the transaction that
/// records the event: the delivery exists exactly when the event does.
pub async fn enqueue<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    event: &str,
    url: &str,
    params: &[(&str, String)],
) -> sqlx::Result<i64> {
    enqueue_as(ex, user_id, event, url, "POST", params).await
}

/// `enqueue` asked with `method`: GET sends the parameters in the URL's query (and
/// signs that URL), as Twilio asks a number's SmsUrl whose SmsMethod is GET.
pub async fn enqueue_as<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    event: &str,
    url: &str,
    method: &str,
    params: &[(&str, String)],
) -> sqlx::Result<i64> {
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(params.iter().map(|(name, value)| (*name, value.as_str())))
        .finish();
    let now = now_ms();
    repo::insert(
        ex,
        user_id,
        event,
        (url, method),
        &body,
        now,
        now + backoff::RETRY_FOR_MS,
    )
    .await
}
