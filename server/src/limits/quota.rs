//! Core's quotas (`dialtone_core::quota`) for one account: what it may keep of flows,
//! keys, devices, recordings and voicemails, fewer while its trial is active.

use crate::db::now_ms;
use crate::error::Result;
use dialtone_core::quota::{self, Kept};
use sqlx::AnyConnection;

/// Whether `owner`, keeping `have` of `kept`, may keep one more: the inner error is
/// core's refusal, naming the limit and how to raise it. Ask under the owner's lock
/// (`users::repo::lock`) where creations may race.
pub async fn check(
    conn: &mut AnyConnection,
    owner: i64,
    kept: Kept,
    have: i64,
) -> Result<std::result::Result<(), String>> {
    let in_trial = crate::trial::account::state(conn, owner)
        .await?
        .active(now_ms());
    Ok(quota::check(kept, in_trial, have))
}

/// A recording or voicemail that came while its owner kept as many as the quota
/// allows was not stored: the owner is told what was lost and why (a notification,
/// and an e-mail where they take them).
pub async fn not_kept(
    state: &crate::state::AppState,
    owner: i64,
    what: &str,
    refusal: &str,
) -> anyhow::Result<()> {
    let message = format!("{what} was not kept. {refusal}");
    crate::notifications::notify(&state.db.pool, owner, "quota", "Not kept", &message).await?;
    let subject = "Something was not kept on Dialtone";
    crate::notifications::mail_if_opted_in(state, owner, subject, &message).await
}
