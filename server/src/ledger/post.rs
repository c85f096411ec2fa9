//! The one way a balance changes: a conditional UPDATE of the balance and an
//! append-only ledger row, in the caller's transaction. A debit may spend only the
//! available balance (the balance minus what calls in progress hold); one that would
//! eat into held money or overdraw matches no row, so the database itself refuses
//! it, however many run at once.

use super::repo;
use crate::db::now_ms;
use crate::settings::DAY_MS;
use sqlx::AnyConnection;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Deposit,
    NumberPurchase,
    NumberRenewal,
    PackagePurchase,
    /// A call's charge; its direction counts apart in the daily totals.
    Call {
        inbound: bool,
    },
    Sms,
    Refund,
    AdminCredit,
    AdminDebit,
    TrialCredit,
    TrialExpiry,
    IvrSubscription,
    /// A call recording stored (TwiML's Record), per started minute.
    Recording,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Deposit => "deposit",
            Kind::NumberPurchase => "number_purchase",
            Kind::NumberRenewal => "number_renewal",
            Kind::PackagePurchase => "package_purchase",
            Kind::Call { .. } => "call",
            Kind::Sms => "sms",
            Kind::Refund => "refund",
            Kind::AdminCredit => "admin_credit",
            Kind::AdminDebit => "admin_debit",
            Kind::TrialCredit => "trial_credit",
            Kind::TrialExpiry => "trial_expiry",
            Kind::IvrSubscription => "ivr_subscription",
            Kind::Recording => "recording",
        }
    }

    /// The kind the entry is totalled under per day, for analytics.
    pub fn day_kind(self) -> &'static str {
        match self {
            Kind::Call { inbound } => dialtone_core::analytics::call_day_kind(if inbound {
                "inbound"
            } else {
                "outbound"
            }),
            other => other.as_str(),
        }
    }
}

pub struct Posting<'a> {
    pub user_id: i64,
    /// Signed micro-dollars: positive credits, negative debits.
    pub amount: i64,
    pub kind: Kind,
    pub description: &'a str,
    /// The cause, unique across the ledger (e.g. "payment:pi_123"), when it could
    /// otherwise be applied twice.
    pub reference: Option<String>,
    pub actor_id: Option<i64>,
}

#[derive(Debug)]
pub enum PostError {
    /// `balance` is what was available (the balance net of held money); `cost`
    /// what the debit asked for.
    InsufficientFunds {
        balance: i64,
        cost: i64,
    },
    UnknownUser,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for PostError {
    fn from(e: sqlx::Error) -> Self {
        PostError::Db(e)
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Posted {
    pub entry_id: i64,
    pub balance_after: i64,
}

/// A charge a job makes (a renewal, a recording): paid (true) or refused for want of
/// funds (false), which the job answers by ending what it charged for. Any other
/// failure is the job's error, named by the posting's description.
pub async fn charge(conn: &mut AnyConnection, p: Posting<'_>) -> anyhow::Result<bool> {
    let what = p.description.to_string();
    match post(conn, p).await {
        Ok(_) => Ok(true),
        Err(PostError::InsufficientFunds { .. }) => Ok(false),
        Err(e) => Err(anyhow::anyhow!("{what}: {e:?}")),
    }
}

pub async fn post(conn: &mut AnyConnection, p: Posting<'_>) -> Result<Posted, PostError> {
    let now = now_ms();
    let balance_after = repo::apply_to_balance(&mut *conn, p.user_id, p.amount).await?;
    let Some(balance_after) = balance_after else {
        let balance = repo::available(&mut *conn, p.user_id).await?;
        return Err(match balance {
            Some(balance) => PostError::InsufficientFunds {
                balance,
                cost: -p.amount,
            },
            None => PostError::UnknownUser,
        });
    };
    let entry = repo::NewEntry {
        user_id: p.user_id,
        amount_micros: p.amount,
        balance_after_micros: balance_after,
        kind: p.kind.as_str(),
        description: p.description,
        reference: p.reference,
        actor_id: p.actor_id,
        created_at: now,
    };
    let entry_id = repo::insert_entry(&mut *conn, entry).await?;
    // The day's total per kind, for analytics, in the same transaction.
    repo::add_to_day(&mut *conn, now / DAY_MS, p.kind.day_kind(), p.amount).await?;
    if p.amount > 0 {
        // Money in may lift the balance back over the auto-recharge threshold: the
        // next crossing may then recharge, even if spending drops it before the job
        // looks again.
        crate::payments::recharge::rearm_after_credit(&mut *conn, p.user_id, now).await?;
    }
    Ok(Posted {
        entry_id,
        balance_after,
    })
}

/// Every broken money invariant, one line each: always empty. Per account the
/// balance equals the sum of its ledger and is never negative, the money held equals
/// the sum of its open reservations and never exceeds the balance, its count of
/// outbound calls in progress equals its outbound reservations; and nothing was
/// charged without its ledger row (a call's or a message's cost).
pub async fn invariant_violations(pool: &sqlx::AnyPool) -> Result<Vec<String>, sqlx::Error> {
    let accounts = repo::account_sums(pool).await?;
    let mut broken = Vec::new();
    for (id, balance, ledger, reserved, held, live, outbound) in accounts {
        if balance != ledger || balance < 0 {
            broken.push(format!(
                "user {id}: balance {balance} but ledger sums to {ledger}"
            ));
        }
        if reserved != held || reserved > balance || reserved < 0 {
            broken.push(format!(
                "user {id}: {reserved} reserved but open reservations hold {held} (balance {balance})"
            ));
        }
        if live != outbound {
            broken.push(format!(
                "user {id}: {live} outbound calls counted in progress but {outbound} reserved"
            ));
        }
    }
    let unposted = repo::unposted_charges(pool).await?;
    for (what, cost) in unposted {
        broken.push(format!("{what}: charged {cost} without its ledger row"));
    }
    Ok(broken)
}

pub use super::repo::rebuild_daily;
