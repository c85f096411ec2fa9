//! Settling a call (its CDR) in one round trip: the reservation released, the charge
//! with its ledger row and day total, the call record and its totals, the balance
//! re-checked in the UPDATE itself (see `charge` for why one statement).

use super::{kept, piped, Ahead};
use crate::db::{Backend, Db};
use crate::voice::batch::{AheadTurn, Batcher, CallTx};
use crate::voice::calls::repo::NewCall;
use crate::voice::repo::bind::{Bind, PgArgs};
use sqlx::any::AnyArguments;
use sqlx::error::BoxDynError;
use std::sync::OnceLock;

/// `settle_read_ahead` in the call's turn (`Batcher::begin_ahead`); committed when
/// it returns `Written`.
pub async fn settle_ahead(
    batcher: &Batcher,
    db: &Db,
    s: Settlement<'_>,
    low_balance_threshold: i64,
) -> Result<Ahead, sqlx::Error> {
    match batcher.begin_ahead(db).await? {
        AheadTurn::Piped(turn) => {
            let mut args = PgArgs::default();
            settle_args(&mut args, &s).map_err(sqlx::Error::Encode)?;
            guard_args(&mut args, &s, low_balance_threshold).map_err(sqlx::Error::Encode)?;
            let sql = settle_statement(Backend::Postgres, true);
            Ok(piped(turn.write(sql, args).await?))
        }
        AheadTurn::Tx(mut tx) => {
            let settled = settle_read_ahead(&mut tx, s, low_balance_threshold).await?;
            kept(tx, settled).await
        }
    }
}

/// A call's settlement: what its CDR writes when the account can pay for it.
pub struct Settlement<'a> {
    pub call: NewCall<'a>,
    /// Whether the call had a reservation (on the same account), released here, and
    /// what it held.
    pub released: bool,
    pub held_micros: i64,
    pub held_package_seconds: i64,
    /// The ledger row's description and reference (a charge of 0 writes none).
    pub description: &'a str,
    pub reference: &'a str,
    /// Days (unix ms / DAY_MS) of the ledger row (now) and of the call (its start).
    pub ledger_day: i64,
    pub call_day: i64,
    pub answered: bool,
}

/// The statements shared by both backends' forms, after the balance UPDATE: `$src` is
/// how each row is selected ("FROM users WHERE id = $5" on SQLite, "FROM u" on
/// PostgreSQL).
const CALL_COLUMNS: &str = "call_id, user_id, number_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
    duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at, shortfall_micros, sid";

/// For a settlement computed from a read before the call's turn
/// (`Batcher::reads_ahead`): whether what that read found still holds. The call has
/// no record yet; its reservation ($29: whether the read found one) is the one the
/// read found, or there is none; the account can pay; and no low-balance warning is
/// due ($30: the threshold), which would be a second write. On SQLite the first
/// statement notes the answer in a temporary table, every write depends on the note,
/// and the last clears it; on PostgreSQL it is the statement's first CTE.
const GUARD: &str = "SELECT 1 FROM users WHERE id = $5 \
    AND NOT EXISTS (SELECT 1 FROM calls WHERE call_id = $1) \
    AND CASE WHEN $29 = 1 THEN EXISTS (SELECT 1 FROM call_reservations r WHERE r.call_id = $1 \
      AND r.user_id = $5 AND r.amount_micros = $2 AND r.package_seconds = $3) \
      ELSE NOT EXISTS (SELECT 1 FROM call_reservations r WHERE r.call_id = $1) END \
    AND balance_micros - (reserved_micros - $2) >= $4 \
    AND ($4 = 0 OR low_balance_notified <> 0 OR balance_micros - $4 >= $30)";

// The table the guard notes in on SQLite is made on every SQLite connection
// (`crate::db::NOTE_TABLE_SQLITE`).

const NOTED: &str = "EXISTS (SELECT 1 FROM temp.settle_ok)";

/// The settlement's statement for the backend, built once: it is the same for every
/// call, only its arguments differ.
fn settle_statement(backend: Backend, guarded: bool) -> &'static str {
    static BUILT: [OnceLock<String>; 4] = [const { OnceLock::new() }; 4];
    let slot = usize::from(backend == Backend::Postgres) * 2 + usize::from(guarded);
    BUILT[slot].get_or_init(|| settle_sql(backend, guarded))
}

fn settle_sql(backend: Backend, guarded: bool) -> String {
    let sqlite_src = if guarded {
        format!("FROM users WHERE id = $5 AND {NOTED}")
    } else {
        "FROM users WHERE id = $5".to_string()
    };
    let (src, cond) = match backend {
        Backend::Sqlite => (sqlite_src.as_str(), "AND"),
        Backend::Postgres => ("FROM u", "WHERE"),
    };
    let ledger = format!(
        "INSERT INTO ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, reference, actor_id, created_at) \
         SELECT $5, $10, balance_micros, 'call', $6, $7, NULL, $8 {src} {cond} $4 > 0"
    );
    let ledger_day = format!(
        "INSERT INTO ledger_daily (day, kind, amount_micros, entries) SELECT $9, CASE WHEN $12 = 'inbound' THEN 'call:inbound' ELSE 'call:outbound' END, $10, 1 {src} {cond} $4 > 0 \
         ON CONFLICT (day, kind) DO UPDATE SET amount_micros = ledger_daily.amount_micros + excluded.amount_micros, \
         entries = ledger_daily.entries + 1"
    );
    let call = format!(
        "INSERT INTO calls ({CALL_COLUMNS}) SELECT $1, $5, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $4, $22, $23, $8, 0, $24 {src}"
    );
    let totals = format!(
        "INSERT INTO call_totals (user_id, direction, status, calls, seconds, cost_micros) SELECT $5, $12, $22, 1, $19, $4 {src} {cond} 1 = 1 \
         ON CONFLICT (user_id, direction, status) DO UPDATE SET calls = call_totals.calls + 1, \
         seconds = call_totals.seconds + excluded.seconds, cost_micros = call_totals.cost_micros + excluded.cost_micros"
    );
    let day = format!(
        "INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros) SELECT $25, $26, 1, $27, $20, $4 {src} {cond} 1 = 1 \
         ON CONFLICT (day, country_id) DO UPDATE SET calls = call_daily.calls + 1, answered = call_daily.answered + excluded.answered, \
         seconds = call_daily.seconds + excluded.seconds, cost_micros = call_daily.cost_micros + excluded.cost_micros"
    );
    // The balance UPDATE releases the reservation ($2, $3: it is this account's, or 0;
    // $28: 1 when it was an outbound call's, one of the account's calls in progress)
    // and charges $4 if what is not held by other calls covers it.
    let charge = "UPDATE users SET reserved_micros = reserved_micros - $2, reserved_package_seconds = reserved_package_seconds - $3, \
         live_outbound = live_outbound - $28, balance_micros = balance_micros - $4, \
         spent_today_micros = CASE WHEN spent_day = $9 THEN spent_today_micros + $4 ELSE $4 END, spent_day = $9 \
         WHERE id = $5 AND balance_micros - (reserved_micros - $2) >= $4";
    match backend {
        Backend::Sqlite if guarded => format!(
            "INSERT INTO temp.settle_ok (ok) {GUARD}; DELETE FROM call_reservations WHERE call_id = $1 AND {NOTED}; {charge} AND {NOTED}; \
             {ledger}; {ledger_day}; {call}; {totals}; {day}; DELETE FROM temp.settle_ok"
        ),
        Backend::Sqlite => format!(
            "DELETE FROM call_reservations WHERE call_id = $1; {charge}; {ledger}; {ledger_day}; {call}; {totals}; {day}"
        ),
        // Guarded (in a batch, whose turns no other call path writes between): every
        // write hangs off the balance UPDATE, which depends on the guard; the
        // reservation the guard saw is released with it. Nothing fails: a stale read
        // selects no row.
        Backend::Postgres if guarded => format!(
            "WITH g AS ({GUARD}), u AS ({charge} AND EXISTS (SELECT 1 FROM g) RETURNING balance_micros), \
             r AS (DELETE FROM call_reservations WHERE call_id = $1 AND EXISTS (SELECT 1 FROM u)), \
             l AS ({ledger}), ld AS ({ledger_day}), c AS ({call}), t AS ({totals}), d AS ({day}) \
             SELECT 1 FROM u"
        ),
        // A reservation another CDR took meanwhile releases nothing here: that CDR's
        // call record then makes this statement fail on calls.call_id.
        Backend::Postgres => format!(
            "WITH r AS (DELETE FROM call_reservations WHERE call_id = $1 RETURNING call_id), \
             u AS ({} RETURNING balance_micros), \
             l AS ({ledger}), ld AS ({ledger_day}), c AS ({call}), t AS ({totals}), d AS ({day}) \
             SELECT 1 / COUNT(*) FROM u",
            charge
                .replace("- $2", "- (SELECT COUNT(*) FROM r) * $2")
                .replace("- $3", "- (SELECT COUNT(*) FROM r) * $3")
                .replace("- $28", "- (SELECT COUNT(*) FROM r) * $28")
        ),
    }
}

/// Settles a call in one round trip. False when the balance UPDATE matched nothing
/// (the account cannot pay, or is gone): nothing is kept then, and the caller takes
/// the long way (a shortfall).
pub async fn settle(
    tx: &mut CallTx,
    backend: Backend,
    s: Settlement<'_>,
) -> Result<bool, sqlx::Error> {
    if backend == Backend::Postgres && tx.batched() {
        // In a batch an error would undo every call of it: the guarded form, which
        // matches nothing instead, with the warning left to the caller.
        return settle_checked(tx, backend, s, Some(i64::MIN)).await;
    }
    settle_checked(tx, backend, s, None).await
}

/// `settle` for a settlement computed from a read before the call's turn, re-checked
/// in the turn (`GUARD`, with the low-balance threshold): false, with nothing
/// written, when that read no longer holds.
pub async fn settle_read_ahead(
    tx: &mut CallTx,
    s: Settlement<'_>,
    low_balance_threshold: i64,
) -> Result<bool, sqlx::Error> {
    let backend = tx.backend();
    settle_checked(tx, backend, s, Some(low_balance_threshold)).await
}

async fn settle_checked(
    tx: &mut CallTx,
    backend: Backend,
    s: Settlement<'_>,
    threshold: Option<i64>,
) -> Result<bool, sqlx::Error> {
    let sql = settle_statement(backend, threshold.is_some());
    let mut args = AnyArguments::default();
    settle_args(&mut args, &s).map_err(sqlx::Error::Encode)?;
    if let Some(threshold) = threshold {
        guard_args(&mut args, &s, threshold).map_err(sqlx::Error::Encode)?;
    }
    match (backend, tx.atomic(sqlx::query_with(sql, args)).await) {
        (Backend::Sqlite, Ok(counts)) => {
            // The reservation, the balance, the ledger row and its day (when charged),
            // the call, its totals and its day. The caller checked the balance in the
            // same SQLite transaction, so anything else means that check was wrong.
            let charged = s.call.cost_micros > 0;
            let mut expected = vec![
                u64::from(s.released),
                1,
                u64::from(charged),
                u64::from(charged),
                1,
                1,
                1,
            ];
            if threshold.is_some() {
                if counts.iter().all(|&n| n == 0) {
                    return Ok(false); // the guard found the read stale: nothing written
                }
                // The note, the writes, and the note cleared.
                expected.insert(0, 1);
                expected.push(1);
            }
            if counts != expected {
                tx.poison("a call's settlement did not match its read");
                return Err(sqlx::Error::Protocol(format!(
                    "settlement wrote {counts:?}, expected {expected:?}"
                )));
            }
            Ok(true)
        }
        // Guarded: one row when it settled, none when the read was stale.
        (Backend::Postgres, Ok(counts)) if threshold.is_some() => Ok(counts == [1]),
        (Backend::Postgres, Ok(_)) => Ok(true),
        // PostgreSQL's statement divides by the matched balance rows, so that it fails
        // as a whole when the account cannot pay.
        (Backend::Postgres, Err(sqlx::Error::Database(e)))
            if e.code().as_deref() == Some("22012") =>
        {
            Ok(false)
        }
        (_, Err(e)) => Err(e),
    }
}

fn settle_args<'q>(a: &mut impl Bind<'q>, s: &Settlement<'q>) -> Result<(), BoxDynError> {
    let c = &s.call;
    a.text(c.call_id)?;
    a.int(s.held_micros)?;
    a.int(s.held_package_seconds)?;
    a.int(c.cost_micros)?;
    a.int(c.user_id)?;
    a.text(s.description)?;
    a.text(s.reference)?;
    a.int(c.created_at)?;
    a.int(s.ledger_day)?;
    a.int(-c.cost_micros)?;
    a.opt_int(c.number_id)?;
    a.text(c.direction)?;
    a.text(c.from)?;
    a.text(c.to)?;
    a.opt_int(c.country_id)?;
    a.int(c.started_at)?;
    a.opt_int(c.answered_at)?;
    a.int(c.ended_at)?;
    a.int(c.duration_seconds)?;
    a.int(c.billable_seconds)?;
    a.int(c.package_seconds)?;
    a.text(c.status)?;
    a.int(c.recording as i64)?;
    a.string(crate::webhooks::call_sid(c.call_id))?;
    a.int(s.call_day)?;
    a.int(c.country_id.unwrap_or(0))?;
    a.int(i64::from(s.answered))?;
    // An outbound call's reservation released: one call in progress fewer (the
    // PostgreSQL form without the guard also multiplies it by the rows it deleted).
    a.int(i64::from(s.released && c.direction == "outbound"))
}

/// The guarded form's two more: whether the read found a reservation ($29), and the
/// low-balance threshold ($30).
fn guard_args<'q>(
    a: &mut impl Bind<'q>,
    s: &Settlement<'q>,
    threshold: i64,
) -> Result<(), BoxDynError> {
    a.int(i64::from(s.released))?;
    a.int(threshold)
}
