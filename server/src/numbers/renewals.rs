//! Numbers: the notice before renewal, the monthly renewal, expiry for want of
//! funds, and the return to inventory after the grace period.

use crate::db::claim::Renewals;
use crate::ledger::{self, Kind, Posting};
use crate::notifications::notify;
use crate::numbers::repo::renewals::{self, Due};
use crate::packages::allowance::{self, Place};
use crate::settings::{self, add_months, DAY_MS};
use crate::state::AppState;
use dialtone_core::money::format_micros;
use sqlx::AnyConnection;

/// The notice N days before renewal, once per period: claiming it sets
/// notice_sent_for to the renewal date in the same statement that finds it.
pub async fn send_notices(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let notice = Notice {
        title: "Number renews soon",
        subject: "Your Dialtone number renews soon",
        keep: "keep it",
    };
    let renewing = |n: &Due| (n.owner, n.number.clone(), n.renews_at, n.monthly);
    send_renewal_notices(state, now, &renewals::RENEWALS, &notice, renewing).await
}

/// What the notices of one kind of subscription say: "{what} renews on {date} for
/// {amount}. Keep your balance topped up to {keep}."
pub struct Notice {
    pub title: &'static str,
    pub subject: &'static str,
    pub keep: &'static str,
}

/// A subscription as its notice names it: (owner, what renews, renews_at, monthly
/// micros).
pub type Renewing = (i64, String, i64, i64);

/// Renewal notices are sent for what renews before this moment: the platform's
/// renewal_notice_days from `now`.
async fn notice_until(state: &AppState, now: i64) -> anyhow::Result<i64> {
    let s = settings::load(&state.db.pool).await?;
    Ok(now + s.renewal_notice_days * DAY_MS)
}

/// A renewal date as the notices write it: "December 1, 2026".
pub fn renewal_date(ms: i64) -> impl std::fmt::Display {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%B %-d, %Y")
}

/// Sends the renewal notices `due` claims for what renews within the notice period
/// (from `now` to `notice_until`), `notice` giving each its owner and message: each
/// a notification titled `title`, committed with the claim, then mailed as `subject`
/// to the owners who asked for e-mail notifications (numbers' and IVR flows' notices
/// alike). Returns how many were sent.
pub async fn send_renewal_notices<D>(
    state: &AppState,
    now: i64,
    due: &Renewals<'_>,
    notice: &Notice,
    renewing: impl Fn(&D) -> Renewing,
) -> anyhow::Result<u64>
where
    D: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let until = notice_until(state, now).await?;
    let mut tx = state.db.begin_write().await?;
    let notices: Vec<(i64, String)> = due
        .notices::<D>(&mut tx, now, until)
        .await?
        .iter()
        .map(|d| {
            let (owner, what, renews_at, monthly) = renewing(d);
            let (date, amount) = (renewal_date(renews_at), format_micros(monthly));
            let keep = notice.keep;
            let text = format!(
                "{what} renews on {date} for {amount}. Keep your balance topped up to {keep}."
            );
            (owner, text)
        })
        .collect();
    for (owner, message) in &notices {
        notify(&mut *tx, *owner, "renewal_notice", notice.title, message).await?;
    }
    tx.commit().await?;
    for (owner, message) in &notices {
        crate::notifications::mail_if_opted_in(state, *owner, notice.subject, message).await?;
    }
    Ok(notices.len() as u64)
}

/// Renews every number due, in batches. Returns (renewed, expired or released).
pub async fn renew_due(state: &AppState, now: i64) -> anyhow::Result<(u64, u64)> {
    renew_in_batches(state, now, &renewals::RENEWALS, renew_one).await
}

/// Claims what `cycle` has due in batches of 50, each claimed and settled in one write
/// transaction (on PostgreSQL another instance takes other rows), until none is left;
/// `renew` settles one: renewed (true) or ended (false). Returns (renewed, ended).
/// Numbers and IVR flows renew alike.
pub async fn renew_in_batches<D>(
    state: &AppState,
    now: i64,
    cycle: &Renewals<'_>,
    renew: impl AsyncFn(&mut AnyConnection, &D, i64) -> anyhow::Result<bool>,
) -> anyhow::Result<(u64, u64)>
where
    D: for<'r> sqlx::FromRow<'r, sqlx::any::AnyRow> + Send + Unpin,
{
    let (mut renewed, mut ended) = (0, 0);
    loop {
        let mut tx = state.db.begin_write().await?;
        let due: Vec<D> = cycle.batch(&mut tx, state.db.backend, now, 50).await?;
        if due.is_empty() {
            return Ok((renewed, ended));
        }
        for d in &due {
            if renew(&mut *tx, d, now).await? {
                renewed += 1;
            } else {
                ended += 1;
            }
        }
        tx.commit().await?;
    }
}

/// One number due: renewed (true), or ended (false) as its owner asked or for want
/// of funds.
async fn renew_one(conn: &mut AnyConnection, n: &Due, now: i64) -> anyhow::Result<bool> {
    let (id, owner, number, renews_at, monthly) =
        (n.id, n.owner, &n.number, n.renews_at, n.monthly);
    if !n.auto_renew {
        // Cancelled by its owner, or a trial number whose trial ended unconverted: it
        // ends at expiry and goes back on sale.
        crate::numbers::repo::release(&mut *conn, id, now).await?;
        let message = match n.trial_until {
            Some(_) => format!(
                "{number}, your free trial number, was released when your trial ended. Add funds to buy a number of your own."
            ),
            None => format!("{number} has ended as you asked."),
        };
        notify(
            &mut *conn,
            owner,
            "number_expired",
            "Number ended",
            &message,
        )
        .await?;
        return Ok(false);
    }
    if n.included && allowance::still_included(&mut *conn, owner, Place::Number(id), now).await? {
        // Its plan pays this month.
        renewals::renewed(&mut *conn, id, add_months(renews_at, 1), now).await?;
        return Ok(true);
    }
    let description = format!("Monthly renewal of {number}");
    // One charge per number and period, whatever runs this and however often.
    let posting = Posting {
        user_id: owner,
        amount: -monthly,
        kind: Kind::NumberRenewal,
        description: &description,
        reference: Some(format!("renewal:{id}:{renews_at}")),
        actor_id: None,
    };
    if ledger::charge(&mut *conn, posting).await? {
        renewals::renewed(&mut *conn, id, add_months(renews_at, 1), now).await?;
        return Ok(true);
    }
    renewals::expire(&mut *conn, id, now).await?;
    let message = format!(
        "{number} could not renew: the balance did not cover {}. Add funds and renew it within the grace period to keep it.",
        format_micros(monthly)
    );
    notify(
        &mut *conn,
        owner,
        "number_expired",
        "Number expired",
        &message,
    )
    .await?;
    Ok(false)
}

/// Expired numbers not renewed within the grace period go back on sale.
pub async fn release_after_grace(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let grace = settings::load(&state.db.pool).await?.grace_period_days;
    Ok(renewals::release_expired(&state.db.pool, now, now - grace * DAY_MS).await?)
}
