//! The call path's writes planned before their turn (`hold_ahead`, `settle_ahead`).
//! On PostgreSQL they go down the pipelined connection (`telephony::batch::pipe`):
//! a call's turn only sends its write, and it is told it was kept only once the
//! batch is committed. A failed statement undoes the batch and every call in it is
//! told; a broken connection is replaced; calls that must read in their turn (a
//! package's seconds to consume) run beside pipelined ones and nothing is lost.

use crate::call_writes::{assert_settled_once, reservation, settlement};
use crate::common::{authorize, caller, completed, TestApp};
use dialtone_server::db::Backend;
use dialtone_server::voice::batch::{AheadTurn, APPLICATION_NAME};
use dialtone_server::voice::repo::bind::{Bind, PgArgs};
use dialtone_server::voice::repo::charge::{hold_ahead, settle_ahead, Ahead};
use std::time::Duration;

fn written(a: Ahead) -> bool {
    matches!(a, Ahead::Written)
}

#[tokio::test]
async fn a_write_read_ahead_is_kept_once_and_a_stale_one_writes_nothing() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let (writes, db) = (&app.state.call_writes, &app.state.db);
    let hold = |id| hold_ahead(writes, db, reservation(id, s.user_id), 0);
    assert!(written(hold("call-1").await.unwrap()));
    // Read before call-1's reservation was written: stale.
    assert!(!written(hold("call-1").await.unwrap()));
    let settle = |held, cost| settle_ahead(writes, db, settlement(s.user_id, &mine, held, cost), 0);
    // A read that found no reservation, or more than the balance pays: stale.
    assert!(!written(settle(None, 1_000).await.unwrap()));
    assert!(!written(settle(Some(1_000), 6_000_000).await.unwrap()));
    assert!(written(settle(Some(1_000), 1_000).await.unwrap()));
    assert!(!written(settle(Some(1_000), 1_000).await.unwrap()));
    assert_settled_once(&app, s.user_id).await;
}

/// A statement that fails in a pipelined batch after another call's hold was sent in
/// it: PostgreSQL undoes the whole transaction, so the other call must be told its
/// hold was not kept, and the next batch starts clean.
#[tokio::test]
async fn a_failed_write_in_a_pipelined_batch_undoes_it_and_every_call_in_it_is_told() {
    let (app, s, _) = TestApp::with_caller("ada@example.com", "1.00").await;
    if app.state.db.backend != Backend::Postgres {
        return; // SQLite's batches are not pipelined (the same case on sqlx: call_writes)
    }
    let state = app.state.clone();
    // Holds the turn while the two calls queue behind it (one thread: each runs up to
    // the batch's lock when this task yields).
    let first = state.call_writes.begin_ahead(&state.db).await.unwrap();
    assert!(matches!(first, AheadTurn::Piped(_)));
    let st = state.clone();
    let user = s.user_id;
    let hold = tokio::spawn(async move {
        hold_ahead(&st.call_writes, &st.db, reservation("call-2", user), 0)
            .await
            .map(written)
    });
    let st = state.clone();
    let failing = tokio::spawn(async move {
        let AheadTurn::Piped(turn) = st.call_writes.begin_ahead(&st.db).await.unwrap() else {
            panic!("a pipelined turn");
        };
        // Prepared fine; fails when run (a division by zero).
        let mut args = PgArgs::default();
        args.int(0).unwrap();
        turn.write("SELECT 1 / ($1 - $1)", args).await
    });
    tokio::task::yield_now().await;
    drop(first);
    let held = hold.await.unwrap();
    assert!(held.is_err(), "{held:?}");
    let failed = failing.await.unwrap();
    assert!(failed.is_err(), "{failed:?}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations WHERE call_id = 'call-2'")
            .await,
        0
    );
    let again = hold_ahead(
        &state.call_writes,
        &state.db,
        reservation("call-3", user),
        0,
    );
    assert!(written(again.await.unwrap()));
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations WHERE call_id = 'call-3'")
            .await,
        1
    );
    app.assert_invariant().await;
}

/// The pipelined connection's backend process, once there is one.
async fn pipe_backend(app: &TestApp) -> Option<i64> {
    let sql = "SELECT CAST(pid AS BIGINT) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()";
    sqlx::query_scalar(sql)
        .bind(APPLICATION_NAME)
        .fetch_optional(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_pipelined_connection_that_breaks_is_replaced() {
    let (app, s, _) = TestApp::with_caller("ada@example.com", "1.00").await;
    if app.state.db.backend != Backend::Postgres {
        return;
    }
    let (writes, db) = (&app.state.call_writes, &app.state.db);
    let hold = |id| hold_ahead(writes, db, reservation(id, s.user_id), 0);
    assert!(written(hold("call-1").await.unwrap()));
    let pid = pipe_backend(&app)
        .await
        .expect("the call path's connection");
    let kill = sqlx::query("SELECT pg_terminate_backend(CAST($1 AS INTEGER))").bind(pid);
    kill.execute(&app.state.db.pool).await.unwrap();
    while pipe_backend(&app).await == Some(pid) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The connection's task sees the end of its socket.
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(written(hold("call-2").await.unwrap()));
    let now = pipe_backend(&app).await.expect("a new connection");
    assert_ne!(now, pid);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations").await,
        2
    );
    app.assert_invariant().await;
}

/// Two customers call at once, each call authorized then ended: one's calls use its
/// package's seconds (their CDRs read in their turn, on sqlx, `several_writes`), the
/// other's are pipelined. Every call is recorded once and the books balance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_read_in_their_turn_and_pipelined_ones_run_side_by_side() {
    // Enough for twelve calls each at once: each holds up to four hours' worth.
    let (app, plain, plain_number) = TestApp::with_caller("ada@example.com", "100.00").await;
    let (packaged, packaged_number) = caller(&app, "bob@example.com", "100.00").await;
    app.fund(packaged.user_id, "25").await;
    app.without_limits(plain.user_id).await;
    app.without_limits(packaged.user_id).await;
    let r = app
        .post_empty_as(&packaged, "/api/packages/1/purchase")
        .await;
    assert_eq!(r.status, axum::http::StatusCode::CREATED, "{}", r.body);
    let app = std::sync::Arc::new(app);
    let mut calls = Vec::new();
    for i in 0..24 {
        let app = app.clone();
        let from = if i % 2 == 0 {
            &plain_number
        } else {
            &packaged_number
        }
        .clone();
        calls.push(tokio::spawn(async move {
            let id = format!("mixed-{i}");
            let a = authorize(&app, &id, "outbound", &from, "+12125550199").await;
            assert_eq!(a["allowed"], true, "{a}");
            let r = completed(&app, &id, "outbound", &from, "+12125550199", 30).await;
            assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
        }));
    }
    for call in calls {
        call.await.unwrap();
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calls").await, 24);
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations").await,
        0
    );
    let used =
        "SELECT CAST(COALESCE(SUM(package_seconds), 0) AS BIGINT) FROM calls WHERE user_id = $1";
    assert!(app.scalar_for(used, packaged.user_id).await > 0);
    assert_eq!(app.scalar_for(used, plain.user_id).await, 0);
    app.assert_invariant().await;
}
