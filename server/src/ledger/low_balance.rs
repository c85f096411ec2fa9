//! The low-balance warning a charge may bring (calls and messages).

use crate::error::Result;
use crate::notifications::notify;
use dialtone_core::money::format_micros;
use sqlx::AnyConnection;

/// Once the balance falls under the threshold, one notification until a deposit.
/// The threshold is read inside the UPDATE: one round trip on every charged call.
pub async fn warn_low_balance(conn: &mut AnyConnection, user_id: i64) -> Result<()> {
    let balance = super::repo::flag_low_balance(
        &mut *conn,
        user_id,
        crate::settings::DEFAULT_LOW_BALANCE_MICROS,
    )
    .await?;
    if let Some(balance) = balance {
        let message = format!(
            "Your balance is {}. Add funds to keep calling and messaging.",
            format_micros(balance)
        );
        notify(&mut *conn, user_id, "low_balance", "Low balance", &message).await?;
    }
    Ok(())
}
