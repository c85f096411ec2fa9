//! The trial's state of an account and its transitions: started at signup with a
//! credit of its own kind in the ledger, ended by time (the unused credit expires)
//! or by the first deposit (converted). The rules are core's (`dialtone_core::trial`).

use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::ledger::{self, Kind, Posting};
use crate::users::repo as users;
use dialtone_core::trial;
use sqlx::AnyConnection;

/// What the trial of one account looks like now.
pub struct TrialState {
    pub status: Option<String>,
    pub ends_at: Option<i64>,
    pub credit: i64,
}

impl TrialState {
    pub fn active(&self, now: i64) -> bool {
        trial::is_active(self.status.as_deref(), self.ends_at, now)
    }

    /// Whether the trial's restrictions bind the account now (core's rule).
    pub fn restricts(&self, now: i64) -> bool {
        trial::restricts(self.status.as_deref(), self.ends_at, self.credit, now)
    }
}

pub async fn state(conn: &mut AnyConnection, user_id: i64) -> Result<TrialState> {
    let (status, ends_at, credit) = users::trial_columns(&mut *conn, user_id).await?;
    Ok(TrialState {
        status,
        ends_at,
        credit,
    })
}

/// Whether `number` is one the user verified.
pub async fn is_verified(conn: &mut AnyConnection, user_id: i64, number: &str) -> Result<bool> {
    Ok(super::repo::is_verified(&mut *conn, user_id, number).await?)
}

/// Refuses (403, core's message) a call or message of a trial account to a number it
/// has not verified.
pub async fn check_destination(conn: &mut AnyConnection, user_id: i64, to: &str) -> Result<bool> {
    let in_trial = state(conn, user_id).await?.restricts(now_ms());
    let verified = in_trial && is_verified(conn, user_id, to).await?;
    trial::check_destination(in_trial, verified).map_err(|m| Error::Forbidden(m.into()))?;
    Ok(in_trial)
}

/// Refuses (403) purchases paid with trial credit.
pub async fn check_purchase(conn: &mut AnyConnection, user_id: i64) -> Result<()> {
    let in_trial = state(conn, user_id).await?.restricts(now_ms());
    trial::check_purchase(in_trial).map_err(|m| Error::Forbidden(m.into()))
}

/// How `user_id` pays for a number now (core's rule): money, or their one free trial
/// number; a second number in the trial is refused (403). With the trial's end.
pub async fn number_purchase(
    conn: &mut AnyConnection,
    user_id: i64,
) -> Result<(trial::NumberPurchase, Option<i64>)> {
    let st = state(conn, user_id).await?;
    let has = users::trial_number_of(&mut *conn, user_id).await?.is_some();
    let how = trial::number_purchase(st.restricts(now_ms()), has)
        .map_err(|m| Error::Forbidden(m.into()))?;
    Ok((how, st.ends_at))
}

/// Starts the trial of a new account: seven days from now, its credit not yet
/// granted (that waits for a verified number, so a throwaway signup gets nothing).
pub async fn start(conn: &mut AnyConnection, user_id: i64) -> Result<()> {
    users::start_trial(&mut *conn, user_id, trial::ends_at(now_ms())).await?;
    Ok(())
}

/// Grants the trial credit in force, as a ledger row of its own, once per account
/// and only to an active trial: on the first number verified.
pub async fn grant_credit(conn: &mut AnyConnection, user_id: i64, credit: i64) -> Result<bool> {
    if credit <= 0 {
        return Ok(false);
    }
    let granted = users::grant_trial_credit(&mut *conn, user_id, credit, now_ms()).await?;
    if granted {
        let posting = Posting {
            user_id,
            amount: credit,
            kind: Kind::TrialCredit,
            description: "Free trial credit",
            reference: Some(format!("trial:{user_id}")),
            actor_id: None,
        };
        ledger::post(conn, posting).await?;
    }
    Ok(granted)
}

/// Ends an active trial as `outcome` ('expired' or 'converted'): what is left of the
/// trial credit expires as a ledger row. Only one caller can end a trial, however
/// many instances try at once.
pub async fn end(conn: &mut AnyConnection, user_id: i64, outcome: &str) -> Result<bool> {
    if !users::end_trial(&mut *conn, user_id, outcome).await? {
        return Ok(false);
    }
    // Spent since the credit was granted: every debit and refund after its row, but
    // no deposit or admin credit (money of the user's own).
    let (granted, spent, available) = users::trial_end_figures(&mut *conn, user_id).await?;
    let unused = trial::unused_credit(granted, spent, available);
    if unused > 0 {
        let description = if outcome == "converted" {
            "Unused trial credit (the trial ended with your first deposit)"
        } else {
            "Unused trial credit expired"
        };
        let posting = Posting {
            user_id,
            amount: -unused,
            kind: Kind::TrialExpiry,
            description,
            reference: Some(format!("trial-end:{user_id}")),
            actor_id: None,
        };
        ledger::post(&mut *conn, posting).await?;
    }
    // A converting account keeps its trial number as an ordinary monthly number,
    // billed from today; an expiring one loses it with the trial (renewal job).
    if outcome == "converted" {
        crate::numbers::repo::renewals::convert_trial_number(&mut *conn, user_id, now_ms()).await?;
    }
    Ok(true)
}
