//! The call path's writes, each one round trip: holding a call's money with its
//! reservation (authorize), and settling a call (its CDR): the reservation released,
//! the charge with its ledger row and day total, the call record and its totals.
//!
//! A round trip per table made the call path spend its time switching threads (SQLite:
//! each statement is a hop to sqlx's connection thread) or waiting on the network with
//! the customer's balance row locked (PostgreSQL). SQLite runs the statements as one
//! multi-statement query, inside the call's savepoint; PostgreSQL as one statement of
//! data-modifying CTEs, each write hanging off the balance UPDATE so that nothing is
//! written when it matches no row. Both re-check the balance in the UPDATE itself.

use crate::db::{Backend, Db};
use sqlx::any::AnyArguments;
use sqlx::error::BoxDynError;

use super::bind::{Bind, PgArgs};
use crate::voice::batch::{AheadTurn, Batcher, CallTx};

use super::Reservation;

mod settle;

pub use settle::{settle, settle_ahead, settle_read_ahead, Settlement};

/// A call may have read before its turn (`Batcher::reads_ahead`), so the UPDATE also
/// re-checks that the call has neither a reservation nor a record yet, and the
/// account's limits that other calls' writes change ($14-$16: outbound calls at once,
/// in this second, and the day's spending with what calls in progress hold). An
/// outbound call ($17) counts itself in its second and among the account's calls in
/// progress (`users.live_outbound`, taken off again when its reservation is released).
const HOLD_SQLITE: &str = "UPDATE users SET reserved_micros = reserved_micros + $1, reserved_package_seconds = reserved_package_seconds + $2, \
    cps_count = CASE WHEN $17 = 0 THEN cps_count WHEN cps_window = $6 / 1000 THEN cps_count + 1 ELSE 1 END, \
    cps_window = CASE WHEN $17 = 0 THEN cps_window ELSE $6 / 1000 END, live_outbound = live_outbound + $17 \
    WHERE id = $3 AND balance_micros - reserved_micros >= $1 AND ($2 = 0 OR reserved_package_seconds + $2 <= $4) \
    AND NOT EXISTS (SELECT 1 FROM call_reservations WHERE call_id = $5) AND NOT EXISTS (SELECT 1 FROM calls WHERE call_id = $5) \
    AND ($14 < 0 OR live_outbound < $14) \
    AND ($15 < 0 OR cps_window <> $6 / 1000 OR cps_count < $15) \
    AND ($16 < 0 OR (CASE WHEN spent_day = $6 / 86400000 THEN spent_today_micros ELSE 0 END) + reserved_micros + $1 <= $16); \
    INSERT INTO call_reservations (call_id, user_id, amount_micros, package_seconds, created_at, expires_at, \
    direction, from_number, to_number, rate_micros, first_increment, next_increment) \
    SELECT $5, $3, $1, $2, $6, $7, $8, $9, $10, $11, $12, $13 WHERE changes() = 1";

/// The same re-checks on PostgreSQL, where the call may also have read before its
/// turn in the batch.
const HOLD_POSTGRES: &str = "WITH h AS (UPDATE users SET reserved_micros = reserved_micros + $1, reserved_package_seconds = reserved_package_seconds + $2, \
    cps_count = CASE WHEN $17 = 0 THEN cps_count WHEN cps_window = $6 / 1000 THEN cps_count + 1 ELSE 1 END, \
    cps_window = CASE WHEN $17 = 0 THEN cps_window ELSE $6 / 1000 END, live_outbound = live_outbound + $17 \
    WHERE id = $3 AND balance_micros - reserved_micros >= $1 AND ($2 = 0 OR reserved_package_seconds + $2 <= $4) \
    AND NOT EXISTS (SELECT 1 FROM call_reservations WHERE call_id = $5) AND NOT EXISTS (SELECT 1 FROM calls WHERE call_id = $5) \
    AND ($14 < 0 OR live_outbound < $14) \
    AND ($15 < 0 OR cps_window <> $6 / 1000 OR cps_count < $15) \
    AND ($16 < 0 OR (CASE WHEN spent_day = $6 / 86400000 THEN spent_today_micros ELSE 0 END) + reserved_micros + $1 <= $16) RETURNING id) \
    INSERT INTO call_reservations (call_id, user_id, amount_micros, package_seconds, created_at, expires_at, \
    direction, from_number, to_number, rate_micros, first_increment, next_increment) \
    SELECT $5, $3, $1, $2, $6, $7, $8, $9, $10, $11, $12, $13 FROM h";

/// Holds the reservation's money and package seconds on the account (re-checked in the
/// same statement: a call authorized meanwhile elsewhere makes it match nothing instead
/// of overspending) and records the reservation, in one round trip. Whether it held.
pub async fn hold_and_reserve(
    tx: &mut CallTx,
    backend: Backend,
    r: Reservation<'_>,
    package_total: i64,
) -> Result<bool, sqlx::Error> {
    let sql = match backend {
        Backend::Sqlite => HOLD_SQLITE,
        Backend::Postgres => HOLD_POSTGRES,
    };
    let mut args = AnyArguments::default();
    hold_args(&mut args, &r, package_total).map_err(sqlx::Error::Encode)?;
    let counts = tx.atomic(sqlx::query_with(sql, args)).await?;
    // The reservation's INSERT is the last statement: it inserted a row or none.
    Ok(counts.last() == Some(&1))
}

fn hold_args<'q>(
    a: &mut impl Bind<'q>,
    r: &Reservation<'q>,
    package_total: i64,
) -> Result<(), BoxDynError> {
    a.int(r.amount_micros)?;
    a.int(r.package_seconds)?;
    a.int(r.user_id)?;
    a.int(package_total)?;
    a.text(r.call_id)?;
    a.int(r.created_at)?;
    a.int(r.expires_at)?;
    a.text(r.direction)?;
    a.text(r.from)?;
    a.text(r.to)?;
    a.int(r.rate_micros)?;
    a.int(r.increments.first)?;
    a.int(r.increments.next)?;
    a.int(r.limits.live_calls)?;
    a.int(r.limits.calls_per_second)?;
    a.int(r.limits.daily_spend)?;
    a.int(i64::from(r.direction == "outbound"))
}

/// What a write planned before the call's turn (`Batcher::reads_ahead`) did.
pub enum Ahead {
    Written,
    /// Nothing: the read no longer held. The call reads again in a turn: this one,
    /// when it is given back, or its next.
    Stale(Option<CallTx>),
}

/// `hold_and_reserve` for a hold planned before the call's turn, in that turn
/// (`Batcher::begin_ahead`); committed when it returns `Written`.
pub async fn hold_ahead(
    batcher: &Batcher,
    db: &Db,
    r: Reservation<'_>,
    package_total: i64,
) -> Result<Ahead, sqlx::Error> {
    match batcher.begin_ahead(db).await? {
        AheadTurn::Piped(turn) => {
            let mut args = PgArgs::default();
            hold_args(&mut args, &r, package_total).map_err(sqlx::Error::Encode)?;
            Ok(piped(turn.write(HOLD_POSTGRES, args).await?))
        }
        AheadTurn::Tx(mut tx) => {
            let held = hold_and_reserve(&mut tx, db.backend, r, package_total).await?;
            kept(tx, held).await
        }
    }
}

/// A pipelined write's outcome by the rows it changed (one, or none when stale).
pub(super) fn piped(rows: u64) -> Ahead {
    match rows {
        1 => Ahead::Written,
        _ => Ahead::Stale(None),
    }
}

/// A turn's outcome: committed when it wrote, else given back to read again in.
pub(super) async fn kept(tx: CallTx, wrote: bool) -> Result<Ahead, sqlx::Error> {
    if !wrote {
        return Ok(Ahead::Stale(Some(tx)));
    }
    tx.commit().await?;
    Ok(Ahead::Written)
}
