//! The payments table (card deposits) and webhook_events (the provider's events seen).

use super::deposits::Deposit;
use crate::db::iso;
use crate::db::{one_row, Exec};
use crate::json::Money;
use crate::paging::{Page, PageQuery};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

const COLUMNS: &str = "id, amount_micros, status, provider, failure_message, created_at";

fn deposit(r: &AnyRow) -> sqlx::Result<Deposit> {
    Ok(Deposit {
        id: r.try_get("id")?,
        amount: Money::micros(r.try_get("amount_micros")?),
        status: r.try_get("status")?,
        provider: r.try_get("provider")?,
        failure_message: r.try_get("failure_message")?,
        created_at: iso(r.try_get("created_at")?),
    })
}

statements! {
    /// A new payment, `creating` until the provider has its intent.
    pub fn insert(user_id: i64, provider: &str, amount_micros: i64, now: i64) -> scalar_one(i64) =
        "INSERT INTO payments (user_id, provider, amount_micros, status, created_at, updated_at) \
         VALUES ($1, $2, $3, 'creating', $4, $4) RETURNING id";

    /// The provider's intent exists: the payment is `pending`.
    pub fn set_intent(id: i64, intent_id: &str, client_secret: &str, now: i64) -> run() =
        "UPDATE payments SET intent_id = $1, client_secret = $2, status = 'pending', updated_at = $3 WHERE id = $4",
        (intent_id, client_secret, now, id);

    /// Marks a payment failed, unconditionally.
    pub fn fail(id: i64, message: &str, now: i64) -> run() =
        "UPDATE payments SET status = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3",
        (message, now, id);
}

/// Marks a payment failed unless it succeeded; whether it changed.
pub async fn fail_unless_succeeded<'e>(
    ex: impl Exec<'e>,
    id: i64,
    message: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE payments SET status = 'failed', failure_message = $1, updated_at = $2 WHERE id = $3 AND status <> 'succeeded'")
        .bind(message)
        .bind(now)
        .bind(id)
        .execute(ex)
        .await?;
    Ok(one_row(done))
}

/// A payment turns succeeded once: whether this call made it so (only that
/// transition may credit the balance).
pub async fn succeed<'e>(ex: impl Exec<'e>, id: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE payments SET status = 'succeeded', failure_message = NULL, updated_at = $1 WHERE id = $2 AND status <> 'succeeded'",
    )
    .bind(now)
    .bind(id)
    .execute(ex)
    .await?;
    Ok(one_row(done))
}

/// One page of a user's deposits, newest first.
pub async fn page_for(pool: &AnyPool, user_id: i64, q: PageQuery) -> sqlx::Result<Page<Deposit>> {
    crate::db::list::owned(pool, "payments", COLUMNS, user_id, q, deposit).await
}

/// A user's deposit by its client secret.
pub async fn find_by_secret<'e>(
    ex: impl Exec<'e>,
    client_secret: &str,
    user_id: i64,
) -> sqlx::Result<Option<Deposit>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM payments WHERE client_secret = $1 AND user_id = $2"
    ))
    .bind(client_secret)
    .bind(user_id)
    .fetch_optional(ex)
    .await?
    .as_ref()
    .map(deposit)
    .transpose()
}

/// What confirming a payment needs.
#[derive(sqlx::FromRow)]
pub struct Payable {
    pub id: i64,
    pub user_id: i64,
    pub intent_id: String,
    pub amount_micros: i64,
    pub status: String,
    pub provider: String,
}

/// A payment the provider reports on.
#[derive(sqlx::FromRow)]
pub struct Paid {
    pub id: i64,
    pub user_id: i64,
    pub amount_micros: i64,
    /// `deposit` (the customer paid on the page) or `auto_recharge` (the saved card).
    pub purpose: String,
}

statements! {
    /// The payment with this client secret (whoever's it is).
    pub fn find_payable(client_secret: &str) -> optional(Payable) =
        "SELECT id, user_id, intent_id, amount_micros, status, provider FROM payments WHERE client_secret = $1";

    /// The payment of a provider's intent.
    pub fn find_by_intent(intent_id: &str) -> optional(Paid) =
        "SELECT id, user_id, amount_micros, purpose FROM payments WHERE intent_id = $1";
}

/// Records a provider's event once: whether it is new.
pub async fn first_sight_of_event<'e>(
    ex: impl Exec<'e>,
    event_id: &str,
    event_type: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO webhook_events (event_id, event_type, received_at) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(event_type)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(one_row(done))
}

/// Deposits started before `started_before` and never paid are marked failed.
pub async fn abandon_unpaid<'e>(
    ex: impl Exec<'e>,
    now: i64,
    started_before: i64,
) -> sqlx::Result<u64> {
    Ok(sqlx::query(
        "UPDATE payments SET status = 'failed', failure_message = 'Not paid within 24 hours', updated_at = $1 \
         WHERE status IN ('creating', 'pending') AND created_at <= $2",
    )
    .bind(now)
    .bind(started_before)
    .execute(ex)
    .await?
    .rows_affected())
}
