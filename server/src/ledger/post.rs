//! The one way a balance changes: a conditional UPDATE of the balance and an
//! append-only ledger row, in the caller's transaction. A debit that would overdraw
//! matches no row, so the database itself refuses it, however many run at once.

use crate::db::now_ms;
use crate::settings::DAY_MS;
use sqlx::AnyConnection;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Deposit,
    NumberPurchase,
    NumberRenewal,
    PackagePurchase,
    Call,
    Sms,
    Refund,
    AdminCredit,
    AdminDebit,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Deposit => "deposit",
            Kind::NumberPurchase => "number_purchase",
            Kind::NumberRenewal => "number_renewal",
            Kind::PackagePurchase => "package_purchase",
            Kind::Call => "call",
            Kind::Sms => "sms",
            Kind::Refund => "refund",
            Kind::AdminCredit => "admin_credit",
            Kind::AdminDebit => "admin_debit",
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
    InsufficientFunds { balance: i64 },
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

pub async fn post(conn: &mut AnyConnection, p: Posting<'_>) -> Result<Posted, PostError> {
    let now = now_ms();
    let balance_after: Option<i64> = sqlx::query_scalar(
        "UPDATE users SET balance_micros = balance_micros + $1 WHERE id = $2 AND balance_micros + $1 >= 0 RETURNING balance_micros",
    )
    .bind(p.amount)
    .bind(p.user_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(balance_after) = balance_after else {
        let balance: Option<i64> =
            sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
                .bind(p.user_id)
                .fetch_optional(&mut *conn)
                .await?;
        return Err(match balance {
            Some(balance) => PostError::InsufficientFunds { balance },
            None => PostError::UnknownUser,
        });
    };
    let entry_id: i64 = sqlx::query_scalar(
        "INSERT INTO ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, reference, actor_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(p.user_id)
    .bind(p.amount)
    .bind(balance_after)
    .bind(p.kind.as_str())
    .bind(p.description)
    .bind(p.reference)
    .bind(p.actor_id)
    .bind(now)
    .fetch_one(&mut *conn)
    .await?;
    // The day's total per kind, for analytics, in the same transaction.
    sqlx::query(
        "INSERT INTO ledger_daily (day, kind, amount_micros, entries) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (day, kind) DO UPDATE SET amount_micros = ledger_daily.amount_micros + excluded.amount_micros, \
         entries = ledger_daily.entries + 1",
    )
    .bind(now / DAY_MS)
    .bind(p.kind.as_str())
    .bind(p.amount)
    .execute(&mut *conn)
    .await?;
    Ok(Posted {
        entry_id,
        balance_after,
    })
}

/// Accounts whose balance differs from the sum of their ledger: always empty.
pub async fn invariant_violations(
    pool: &sqlx::AnyPool,
) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT u.id, u.balance_micros, CAST(COALESCE(SUM(l.amount_micros), 0) AS BIGINT) AS ledger \
         FROM users u LEFT JOIN ledger_entries l ON l.user_id = u.id \
         GROUP BY u.id, u.balance_micros \
         HAVING u.balance_micros <> CAST(COALESCE(SUM(l.amount_micros), 0) AS BIGINT) OR u.balance_micros < 0",
    )
    .fetch_all(pool)
    .await
}

/// Recomputes the daily totals from the ledger itself (after backdating demo data).
pub async fn rebuild_daily(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM ledger_daily")
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO ledger_daily (day, kind, amount_micros, entries) \
         SELECT created_at / 86400000, kind, CAST(SUM(amount_micros) AS BIGINT), COUNT(*) FROM ledger_entries GROUP BY created_at / 86400000, kind",
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}
