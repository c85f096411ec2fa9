//! Leaving cleanly (issue 46): POST /api/user/close. With the password, in one
//! transaction: numbers go back to the inventory, packages and IVR flows end, API keys,
//! SIP devices, the saved card (and the customer at Stripe), auto-recharge and usage
//! triggers go, sessions end, and the account's personal data is blanked. The balance stays for 90 days as the refund
//! policy says (the customer asks for it back); the ledger, calls' and messages'
//! records and issued documents stay for their legal retention.

use super::repo::closing;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::openapi::responses::{Conflict, Invalid, SignedIn, Throttled};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Deserialize, ToSchema)]
pub struct CloseRequest {
    /// The account's password.
    #[serde(default)]
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct Closed {
    /// What happens now, in words (the balance kept, how to ask for it back).
    pub message: String,
}

async fn end_services(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    user_id: i64,
    now: i64,
) -> Result<()> {
    closing::drop_ivr_routes(&mut **tx, user_id).await?;
    for number in closing::owned_numbers(&mut **tx, user_id).await? {
        crate::voice::devices::repo::set_route(tx, number, &[]).await?;
        crate::voice::devices::repo::set_forward(tx, number, user_id, None).await?;
        crate::numbers::repo::release(&mut **tx, number, now).await?;
    }
    closing::end_packages(&mut **tx, user_id).await?;
    closing::delete_flows(&mut **tx, user_id, now).await?;
    closing::end_ivr_subscriptions(&mut **tx, user_id, now).await?;
    crate::credentials::repo::revoke_all(&mut **tx, user_id, now).await?;
    crate::voice::devices::repo::delete_all_for(tx, user_id).await?;
    Ok(())
}

async fn forget(tx: &mut sqlx::Transaction<'static, sqlx::Any>, user_id: i64) -> Result<()> {
    let conn = &mut **tx;
    closing::delete_card(&mut *conn, user_id).await?;
    closing::delete_auto_recharge(&mut *conn, user_id).await?;
    closing::delete_triggers(&mut *conn, user_id).await?;
    closing::delete_profile(&mut *conn, user_id).await?;
    closing::delete_voicemails(&mut *conn, user_id).await?;
    closing::delete_recordings(&mut *conn, user_id).await?;
    closing::delete_notifications(&mut *conn, user_id).await?;
    closing::delete_refresh_tokens(&mut *conn, user_id).await?;
    closing::delete_recovery_codes(&mut *conn, user_id).await?;
    closing::blank_messages(&mut *conn, user_id).await?;
    Ok(())
}

/// Closes the signed-in account for good.
#[utoipa::path(post, path = "/user/close", tag = "account", request_body = CloseRequest,
    responses((status = 200, description = "Closed", body = Closed), Invalid, SignedIn, Conflict, Throttled))]
pub async fn post_close(
    With(state, auth): With<AuthUser>,
    Json(req): Json<CloseRequest>,
) -> Result<axum::Json<Closed>> {
    let user = auth.user;
    if user.role == "admin" {
        return Err(Error::bad_request(
            "An administrator's account is closed by another administrator",
        ));
    }
    super::check_password(&state, &user, &req.password, "password").await?;
    let now = now_ms();
    let scrambled = crate::auth::password::hash(&crate::auth::tokens::random_token()).await?;
    let customer = crate::payments::cards::repo::customer_of(&state.db.pool, user.id)
        .await?
        .flatten();
    let mut tx = state.db.begin_write().await?;
    if closing::held(&mut *tx, user.id).await? > 0 {
        return Err(Error::Conflict(
            "A call is in progress. Hang up, then close the account.".into(),
        ));
    }
    end_services(&mut tx, user.id, now).await?;
    forget(&mut tx, user.id).await?;
    let email = format!("closed-{}@closed.invalid", user.id);
    closing::anonymise(&mut *tx, user.id, &email, &scrambled, now).await?;
    let entry = crate::audit::Entry::by(user.id, "account.closed", "user", user.id, None, None);
    crate::audit::commit(tx, entry).await?;
    crate::payments::cards::forget_customer(&state, customer).await;
    let balance = crate::users::repo::balance(&state.db.pool, user.id).await?;
    let message = closed_message(balance);
    let body = format!("Hello {},\n\n{message}\n\nDialtone", user.name);
    state
        .mailer
        .send(&user.email, "Your Dialtone account is closed", &body)
        .await?;
    tracing::info!(user_id = user.id, "account closed");
    Ok(axum::Json(Closed { message }))
}

fn closed_message(balance: i64) -> String {
    let shown = dialtone_core::money::format_micros(balance);
    match balance > 0 {
        true => format!(
            "Your account is closed. Your balance of {shown} is kept for 90 days: ask us for it \
             back through the contact form or support@dialtone.test, as the refund policy says."
        ),
        false => "Your account is closed.".to_string(),
    }
}
