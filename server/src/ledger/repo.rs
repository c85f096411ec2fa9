//! The ledger_entries table (and ledger_daily, its per-day totals).

use super::admin::{BalanceItem, Movement};
use super::history::EntryView;
use crate::db::iso;
use crate::db::list::List;
use crate::db::Exec;
use crate::json::Money;
use crate::paging::{Page, PageQuery};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

const COLUMNS: &str = "id, created_at, kind, description, amount_micros, balance_after_micros";

fn entry(r: &AnyRow) -> sqlx::Result<EntryView> {
    Ok(EntryView {
        id: r.try_get("id")?,
        date: iso(r.try_get("created_at")?),
        kind: r.try_get("kind")?,
        description: r.try_get("description")?,
        amount: Money::micros(r.try_get("amount_micros")?),
        balance_after: Money::micros(r.try_get("balance_after_micros")?),
    })
}

/// Whether an entry carries this reference (a cause already applied).
pub async fn reference_exists<'e>(ex: impl Exec<'e>, reference: &str) -> sqlx::Result<bool> {
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM ledger_entries WHERE reference = $1")
        .bind(reference)
        .fetch_optional(ex)
        .await?;
    Ok(id.is_some())
}

/// One page of a user's entries, newest first.
pub async fn page_for(pool: &AnyPool, user_id: i64, q: PageQuery) -> sqlx::Result<Page<EntryView>> {
    crate::db::list::owned(pool, "ledger_entries", COLUMNS, user_id, q, entry).await
}

/// Up to 1000 of a user's entries after the entry `after`, oldest first.
pub async fn after<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    after: i64,
) -> sqlx::Result<Vec<EntryView>> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM ledger_entries WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT 1000"
    ))
    .bind(user_id)
    .bind(after)
    .fetch_all(ex)
    .await?
    .iter()
    .map(entry)
    .collect()
}

statements! {
    /// Records what a call cost beyond what the account had (visible to the admin).
    pub fn add_shortfall(user_id: i64, amount: i64) -> run() =
        "UPDATE users SET shortfall_micros = shortfall_micros + $1 WHERE id = $2", (amount, user_id);

    /// Marks the account warned when its balance fell under the low-balance threshold
    /// (the setting, else `default`) and it was not warned since its last deposit: the
    /// balance then, or None when no warning is due. The threshold is read inside the
    /// UPDATE: one round trip on every charged call.
    pub fn flag_low_balance(user_id: i64, default: i64) -> scalar_optional(i64) =
        "UPDATE users SET low_balance_notified = 1 WHERE id = $1 AND low_balance_notified = 0 AND balance_micros < \
         COALESCE(low_balance_micros, (SELECT CAST(value AS BIGINT) FROM settings WHERE key = 'low_balance_micros'), $2) \
         RETURNING balance_micros";

    /// After a deposit: a new low-balance warning may come once the balance falls again.
    pub fn clear_low_balance_flag(user_id: i64) -> run() =
        "UPDATE users SET low_balance_notified = 0 WHERE id = $1";
}

fn movement(r: &AnyRow, amount: &str, at: &str) -> sqlx::Result<Option<Movement>> {
    let amount: Option<i64> = r.try_get(amount)?;
    let at: Option<i64> = r.try_get(at)?;
    Ok(amount.zip(at).map(|(a, t)| Movement {
        amount: Money::micros(a.abs()),
        date: iso(t),
    }))
}

/// The last credit and debit come from correlated subqueries over the
/// (user_id, id) index: one statement per page, however many rows it has.
const BALANCE_COLUMNS: &str = "\
u.id, u.name, u.email, u.balance_micros, u.status, u.reserved_micros, u.shortfall_micros,
  (SELECT l.amount_micros FROM ledger_entries l WHERE l.user_id = u.id AND l.amount_micros > 0 ORDER BY l.id DESC LIMIT 1) AS dep_amount,
  (SELECT l.created_at FROM ledger_entries l WHERE l.user_id = u.id AND l.amount_micros > 0 ORDER BY l.id DESC LIMIT 1) AS dep_at,
  (SELECT l.amount_micros FROM ledger_entries l WHERE l.user_id = u.id AND l.amount_micros < 0 ORDER BY l.id DESC LIMIT 1) AS wd_amount,
  (SELECT l.created_at FROM ledger_entries l WHERE l.user_id = u.id AND l.amount_micros < 0 ORDER BY l.id DESC LIMIT 1) AS wd_at";

/// One page of accounts matching a LIKE `pattern` on name or email, by id, each
/// with its balance, held money, shortfall and latest credit and debit.
pub async fn balances_page(
    pool: &AnyPool,
    pattern: &str,
    q: PageQuery,
) -> sqlx::Result<Page<BalanceItem>> {
    let list = List {
        from: "FROM users u WHERE (LOWER(u.name) LIKE $1 ESCAPE '\\' OR u.email_lower LIKE $1 ESCAPE '\\')",
        columns: BALANCE_COLUMNS,
        order: "u.id",
    };
    let pattern = pattern.to_string();
    list.page(pool, |x| x.bind(pattern.clone()), q, balance_item)
        .await
}

fn balance_item(r: &AnyRow) -> sqlx::Result<BalanceItem> {
    Ok(BalanceItem {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        balance: Money::micros(r.try_get("balance_micros")?),
        last_deposit: movement(r, "dep_amount", "dep_at")?,
        last_withdrawal: movement(r, "wd_amount", "wd_at")?,
        status: r.try_get("status")?,
        held: Money::micros(r.try_get("reserved_micros")?),
        uncollected: Money::micros(r.try_get("shortfall_micros")?),
    })
}

statements! {
    /// Adds `amount` (signed) to the balance in one conditional statement: a debit
    /// matches only when the available balance (the balance less held money) covers
    /// it, so the database itself refuses an overdraft however many run at once. The
    /// balance after, or None when it matched no row.
    pub fn apply_to_balance(user_id: i64, amount: i64) -> scalar_optional(i64) =
        "UPDATE users SET balance_micros = balance_micros + $1 WHERE id = $2 \
         AND ($1 >= 0 OR balance_micros - reserved_micros + $1 >= 0) RETURNING balance_micros",
        (amount, user_id);

    /// What the account may spend: the balance less held money (None: no such user).
    pub fn available(user_id: i64) -> scalar_optional(i64) =
        "SELECT balance_micros - reserved_micros FROM users WHERE id = $1";
}

pub struct NewEntry<'a> {
    pub user_id: i64,
    pub amount_micros: i64,
    pub balance_after_micros: i64,
    pub kind: &'a str,
    pub description: &'a str,
    pub reference: Option<String>,
    pub actor_id: Option<i64>,
    pub created_at: i64,
}

statements! {
    /// Appends an entry; a reference used before is a unique violation.
    pub fn insert_entry(e: NewEntry<'_>) -> scalar_one(i64) =
        "INSERT INTO ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, reference, actor_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        (e.user_id, e.amount_micros, e.balance_after_micros, e.kind, e.description, e.reference, e.actor_id, e.created_at);

    /// Adds an entry to its day's total per kind, for analytics.
    pub fn add_to_day(day: i64, kind: &str, amount: i64) -> run() =
        "INSERT INTO ledger_daily (day, kind, amount_micros, entries) VALUES ($1, $2, $3, 1) \
         ON CONFLICT (day, kind) DO UPDATE SET amount_micros = ledger_daily.amount_micros + excluded.amount_micros, \
         entries = ledger_daily.entries + 1";

    /// Per account: id, balance, the sum of its ledger, money held, the sum of its
    /// open reservations, its count of outbound calls in progress and its outbound
    /// reservations.
    pub fn account_sums() -> all((i64, i64, i64, i64, i64, i64, i64)) =
        "SELECT u.id, u.balance_micros, \
         CAST(COALESCE((SELECT SUM(l.amount_micros) FROM ledger_entries l WHERE l.user_id = u.id), 0) AS BIGINT), \
         u.reserved_micros, \
         CAST(COALESCE((SELECT SUM(r.amount_micros) FROM call_reservations r WHERE r.user_id = u.id), 0) AS BIGINT), \
         u.live_outbound, \
         (SELECT COUNT(*) FROM call_reservations r WHERE r.user_id = u.id AND r.direction = 'outbound') \
         FROM users u";

    /// Calls and messages charged without their ledger row: what, and the cost.
    pub fn unposted_charges() -> all((String, i64)) =
        "SELECT 'call ' || c.call_id, c.cost_micros FROM calls c WHERE c.cost_micros > 0 \
         AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.reference = 'call:' || c.call_id AND l.amount_micros = -c.cost_micros) \
         UNION ALL \
         SELECT 'sms ' || CAST(m.id AS TEXT), m.cost_micros FROM sms_messages m WHERE m.cost_micros > 0 \
         AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.reference = 'sms:' || CAST(m.id AS TEXT) AND l.amount_micros = -m.cost_micros)";
}

/// The daily kind of a ledger row `l` (its call `c`, if any): core's call_day_kind.
const DAY_KIND: &str = "CASE WHEN l.kind <> 'call' THEN l.kind \
    WHEN c.direction = 'inbound' THEN 'call:inbound' ELSE 'call:outbound' END";

/// Recomputes the daily totals from the ledger itself (after backdating demo data).
pub async fn rebuild_daily(conn: &mut sqlx::AnyConnection) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM ledger_daily")
        .execute(&mut *conn)
        .await?;
    sqlx::query(&format!(
        "INSERT INTO ledger_daily (day, kind, amount_micros, entries) \
         SELECT l.created_at / 86400000, {DAY_KIND}, CAST(SUM(l.amount_micros) AS BIGINT), COUNT(*) \
         FROM ledger_entries l LEFT JOIN calls c ON l.kind = 'call' AND c.call_id = SUBSTR(l.reference, 6) \
         GROUP BY l.created_at / 86400000, {DAY_KIND}",
    ))
    .execute(&mut *conn)
    .await?;
    Ok(())
}
