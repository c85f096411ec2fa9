//! The call path's one-round-trip writes (telephony::repo::charge) when their read
//! no longer holds: nothing of the call may be kept. A call reads before its turn in
//! the batch (`Batcher::reads_ahead`) and its write re-checks that read: a write
//! whose read no longer holds writes nothing and leaves the batch alone, on both
//! databases.

use crate::common::{authorize, completed, TestApp};
use dialtone_server::db::Backend;
use dialtone_server::voice::calls::repo::NewCall;
use dialtone_server::voice::repo::charge::{
    hold_and_reserve, settle, settle_read_ahead, Settlement,
};
use dialtone_server::voice::repo::{HoldLimits, Reservation};

/// Call call-1's settlement at `cost`, as read: `held` is the reservation it found.
pub fn settlement<'a>(user_id: i64, from: &'a str, held: Option<i64>, cost: i64) -> Settlement<'a> {
    Settlement {
        call: NewCall {
            call_id: "call-1",
            user_id,
            number_id: None,
            direction: "outbound",
            from,
            to: "+12125550199",
            country_id: None,
            started_at: 1,
            answered_at: Some(2),
            ended_at: 3,
            duration_seconds: 60,
            billable_seconds: 60,
            package_seconds: 0,
            cost_micros: cost,
            status: "completed",
            recording: false,
            created_at: 4,
            shortfall_micros: 0,
        },
        released: held.is_some(),
        held_micros: held.unwrap_or(0),
        held_package_seconds: 0,
        description: "Outbound call to +12125550199",
        reference: "call:call-1",
        ledger_day: 0,
        call_day: 0,
        answered: true,
    }
}

/// Nothing of call-1 was kept: its reservation still holds, and it has no record and
/// no charge; the books balance.
async fn assert_nothing_kept(app: &TestApp, user_id: i64) {
    let count = |sql: &'static str| app.scalar(sql);
    assert_eq!(
        count("SELECT COUNT(*) FROM call_reservations WHERE call_id = 'call-1'").await,
        1
    );
    assert_eq!(count("SELECT COUNT(*) FROM calls").await, 0);
    assert_eq!(
        count("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'call'").await,
        0
    );
    assert_eq!(balance(app, user_id).await, 1_000_000);
    app.assert_invariant().await;
}

/// Call-1 settled once at $0.001: no reservation left, one record, one charge; the
/// books balance.
pub async fn assert_settled_once(app: &TestApp, user_id: i64) {
    let count = |sql: &'static str| app.scalar(sql);
    assert_eq!(count("SELECT COUNT(*) FROM call_reservations").await, 0);
    assert_eq!(count("SELECT COUNT(*) FROM calls").await, 1);
    assert_eq!(
        count("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'call'").await,
        1
    );
    assert_eq!(balance(app, user_id).await, 999_000);
    app.assert_invariant().await;
}

async fn balance(app: &TestApp, user_id: i64) -> i64 {
    app.scalar_for("SELECT balance_micros FROM users WHERE id = $1", user_id)
        .await
}

#[tokio::test]
async fn a_settlement_the_balance_cannot_pay_writes_nothing() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let a = authorize(&app, "call-1", "outbound", &mine, "+12125550199").await;
    assert_eq!(a["allowed"], true);
    let held = app
        .scalar("SELECT amount_micros FROM call_reservations WHERE call_id = 'call-1'")
        .await;
    let state = &app.state;
    let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
    // As if its read had seen $5 more than the account has.
    let settlement = settlement(s.user_id, &mine, Some(held), 6_000_000);
    let outcome = settle(&mut tx, state.db.backend, settlement).await;
    match state.db.backend {
        // PostgreSQL's statement matches nothing in a batch (an error would undo the
        // batch's other calls): the caller goes the long way.
        Backend::Postgres => assert!(matches!(outcome, Ok(false)), "{outcome:?}"),
        // SQLite read in the writer's turn, so a mismatch is an error that abandons
        // the batch.
        Backend::Sqlite => assert!(outcome.is_err(), "{outcome:?}"),
    }
    drop(tx);
    assert_nothing_kept(&app, s.user_id).await;
    // The switch's CDR still settles it, once.
    let r = completed(&app, "call-1", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calls").await, 1);
    app.assert_invariant().await;
}

/// $0.001 held for call `id` of `user_id`.
pub fn reservation(id: &'static str, user_id: i64) -> Reservation<'static> {
    Reservation {
        call_id: id,
        user_id,
        amount_micros: 1_000,
        package_seconds: 0,
        created_at: 1,
        expires_at: 2,
        direction: "outbound",
        from: "+14155550100",
        to: "+12125550199",
        rate_micros: 1_000,
        increments: Default::default(),
        limits: HoldLimits::of(&Default::default(), true),
    }
}

/// A caller with $1.00 and call-1 authorized, whose calls read before their turn.
async fn authorized_in_a_batch() -> (TestApp, crate::common::Session, String) {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    assert!(app.state.call_writes.reads_ahead());
    let a = authorize(&app, "call-1", "outbound", &mine, "+12125550199").await;
    assert_eq!(a["allowed"], true);
    (app, s, mine)
}

#[tokio::test]
async fn a_settlement_from_a_stale_read_writes_nothing() {
    let (app, s, mine) = authorized_in_a_batch().await;
    let held = app
        .scalar("SELECT amount_micros FROM call_reservations WHERE call_id = 'call-1'")
        .await;
    let state = &app.state;
    // Reads that no longer hold: another reservation than the one there, none at all,
    // more than the balance pays, and a low-balance warning due ($0.99 left, under
    // a $1.00 threshold).
    let stale = [
        (Some(held + 1), 1_000, 0),
        (None, 1_000, 0),
        (Some(held), 6_000_000, 0),
        (Some(held), 10_000, 1_000_000),
    ];
    for (seen, cost, threshold) in stale {
        let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
        let s = settlement(s.user_id, &mine, seen, cost);
        let wrote = settle_read_ahead(&mut tx, s, threshold).await.unwrap();
        assert!(!wrote, "{seen:?} {cost} {threshold}");
        // The batch is whole: this turn still commits.
        tx.commit().await.unwrap();
    }
    assert_nothing_kept(&app, s.user_id).await;

    // The read that holds settles the call once; read again afterwards, it is stale.
    for expected in [true, false] {
        let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
        let s = settlement(s.user_id, &mine, Some(held), 1_000);
        assert_eq!(settle_read_ahead(&mut tx, s, 0).await.unwrap(), expected);
        tx.commit().await.unwrap();
    }
    assert_settled_once(&app, s.user_id).await;
}

#[tokio::test]
async fn a_hold_for_a_call_with_a_reservation_or_a_record_holds_nothing() {
    let (app, s, mine) = authorized_in_a_batch().await;
    let state = &app.state;
    let reserved = || app.scalar_for("SELECT reserved_micros FROM users WHERE id = $1", s.user_id);
    let before = reserved().await;
    let hold = |id: &'static str| reservation(id, s.user_id);
    // As if read before call-1's reservation (then its record) was written.
    let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
    let held = hold_and_reserve(&mut tx, state.db.backend, hold("call-1"), 0).await;
    assert!(!held.unwrap());
    tx.commit().await.unwrap();
    let r = completed(&app, "call-1", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    let after_cdr = reserved().await;
    let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
    let held = hold_and_reserve(&mut tx, state.db.backend, hold("call-1"), 0).await;
    assert!(!held.unwrap());
    tx.commit().await.unwrap();
    assert_eq!(reserved().await, after_cdr);
    assert!(after_cdr < before);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations").await,
        0
    );
    // A call of its own still holds.
    let mut tx = state.call_writes.begin_call(&state.db).await.unwrap();
    let held = hold_and_reserve(&mut tx, state.db.backend, hold("call-2"), 0).await;
    assert!(held.unwrap());
    tx.commit().await.unwrap();
    app.assert_invariant().await;
}

/// A turn whose statement fails outside any savepoint after another call's write in the
/// same batch. PostgreSQL then undoes the whole transaction (and would answer its
/// COMMIT with a ROLLBACK, not an error): the batch must tell the other call that its
/// write was not kept. SQLite undoes only the failed statement: the other call's write
/// is kept.
#[tokio::test]
async fn a_turn_that_fails_after_another_calls_write_tells_that_call_the_truth() {
    let (app, s, _mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let state = app.state.clone();
    let mut first = state.call_writes.begin_call(&state.db).await.unwrap();
    // The second call queues behind the first (the test's runtime has one thread: the
    // task runs up to the batch's lock when this one yields).
    let queued = state.clone();
    let second = tokio::spawn(async move {
        let mut tx = queued.call_writes.begin_call(&queued.db).await.unwrap();
        let failed = sqlx::Executor::execute(&mut *tx, "SELECT * FROM no_such_table").await;
        assert!(failed.is_err());
        // Dropped without a commit, as a call path error drops it.
    });
    tokio::task::yield_now().await;
    let backend = state.db.backend;
    let held = hold_and_reserve(&mut first, backend, reservation("call-2", s.user_id), 0).await;
    assert!(held.unwrap());
    let committed = first.commit().await;
    second.await.unwrap();
    let kept = app
        .scalar("SELECT COUNT(*) FROM call_reservations WHERE call_id = 'call-2'")
        .await;
    match backend {
        Backend::Postgres => {
            assert!(committed.is_err(), "{committed:?}");
            assert_eq!(kept, 0);
        }
        Backend::Sqlite => {
            assert!(committed.is_ok(), "{committed:?}");
            assert_eq!(kept, 1);
        }
    }
    app.assert_invariant().await;
}
