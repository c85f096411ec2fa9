//! The monthly IVR subscription of each flow in use, on the numbers' cycle: the first
//! month charged when a number is first routed to the flow, the notice the platform's
//! renewal_notice_days before (mailed like numbers' notices), the renewal through the
//! ledger once per period, and the end when no number routes to the flow any more or
//! the balance does not cover it (calls then ring as if the flow were not there, until
//! a number is routed to it again and the month paid).

use super::repo::billing::{self, Due};
use crate::error::Result;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::renewals::{renew_in_batches, send_renewal_notices, Notice};
use crate::packages::allowance::{self, Place};
use crate::settings::add_months;
use crate::state::AppState;
use dialtone_core::ivr::plan;
use dialtone_core::money::format_micros;
use sqlx::AnyConnection;

/// Charges the first month of `flow_id` unless its subscription is already paid; in
/// the caller's transaction, so routing the number and paying stand or fall together.
pub async fn ensure_paid(
    conn: &mut AnyConnection,
    flow_id: i64,
    owner: i64,
    name: &str,
    now: i64,
) -> Result<()> {
    if billing::active(&mut *conn, flow_id).await?.is_some() {
        return Ok(());
    }
    let monthly = plan::MONTHLY_MICROS;
    billing::start(&mut *conn, flow_id, owner, monthly, now, add_months(now, 1)).await?;
    if allowance::include(&mut *conn, owner, Place::Flow(flow_id), now).await? {
        // A place in the owner's plan pays its months.
        return Ok(());
    }
    let description = format!("IVR flow {name}: first month");
    let posting = Posting {
        user_id: owner,
        amount: -monthly,
        kind: Kind::IvrSubscription,
        description: &description,
        reference: Some(format!("ivr:{flow_id}:{now}")),
        actor_id: None,
    };
    match ledger::post(&mut *conn, posting).await {
        Ok(_) => {}
        Err(PostError::InsufficientFunds { balance, .. }) => {
            return Err(crate::numbers::shop::insufficient(monthly, balance));
        }
        Err(e) => return Err(e.into()),
    }
    Ok(())
}

/// Notices of flows in use renewing within the notice period, once per period.
pub async fn send_notices(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let notice = Notice {
        title: "IVR flow renews soon",
        subject: "Your Dialtone IVR flow renews soon",
        keep: "keep it answering calls",
    };
    let renewing = |d: &Due| {
        (
            d.owner,
            format!("The IVR flow {}", d.name),
            d.renews_at,
            d.monthly,
        )
    };
    send_renewal_notices(state, now, &billing::RENEWALS, &notice, renewing).await
}

/// Renews or ends every subscription due, in batches. Returns (renewed, ended).
pub async fn renew_due(state: &AppState, now: i64) -> anyhow::Result<(u64, u64)> {
    renew_in_batches(state, now, &billing::RENEWALS, renew_one).await
}

/// One subscription due: renewed (true) or ended (false).
async fn renew_one(conn: &mut AnyConnection, d: &Due, now: i64) -> anyhow::Result<bool> {
    let numbers = super::repo::numbers_of_flow(&mut *conn, d.flow_id, d.owner).await?;
    if numbers.is_empty() {
        // No longer in use: nothing to charge; routing a number to it starts it again.
        billing::end(&mut *conn, d.flow_id, now).await?;
        return Ok(false);
    }
    let place = Place::Flow(d.flow_id);
    if d.included && allowance::still_included(&mut *conn, d.owner, place, now).await? {
        // Its plan pays this month.
        billing::renewed(&mut *conn, d.flow_id, add_months(d.renews_at, 1), now).await?;
        return Ok(true);
    }
    let description = format!("Monthly renewal of IVR flow {}", d.name);
    let posting = Posting {
        user_id: d.owner,
        amount: -d.monthly,
        kind: Kind::IvrSubscription,
        description: &description,
        reference: Some(format!("ivr-renewal:{}:{}", d.flow_id, d.renews_at)),
        actor_id: None,
    };
    if ledger::charge(&mut *conn, posting).await? {
        billing::renewed(&mut *conn, d.flow_id, add_months(d.renews_at, 1), now).await?;
        return Ok(true);
    }
    billing::end(&mut *conn, d.flow_id, now).await?;
    let message = format!(
        "The IVR flow {} could not renew: the balance did not cover {}. {} ring as if it were not there; add funds and choose the flow again in the number's route.",
        d.name,
        format_micros(d.monthly),
        numbers.join(", ")
    );
    notify(&mut *conn, d.owner, "ivr_ended", "IVR flow ended", &message).await?;
    Ok(false)
}
