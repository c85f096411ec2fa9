//! The call path's one-round-trip writes (telephony::repo::charge) when their read
//! no longer holds: nothing of the call may be kept.

use crate::common::{authorize, completed, TestApp};
use dialtone_server::calls::repo::NewCall;
use dialtone_server::db::Backend;
use dialtone_server::telephony::repo::charge::{settle, Settlement};

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
    let call = NewCall {
        call_id: "call-1",
        user_id: s.user_id,
        number_id: None,
        direction: "outbound",
        from: &mine,
        to: "+12125550199",
        country_id: None,
        started_at: 1,
        answered_at: Some(2),
        ended_at: 3,
        duration_seconds: 60,
        billable_seconds: 60,
        package_seconds: 0,
        cost_micros: 6_000_000,
        status: "completed",
        recording: false,
        created_at: 4,
        shortfall_micros: 0,
    };
    let settlement = Settlement {
        call,
        released: true,
        held_micros: held,
        held_package_seconds: 0,
        description: "Outbound call to +12125550199",
        reference: "call:call-1",
        ledger_day: 0,
        call_day: 0,
        answered: true,
    };
    let outcome = settle(&mut tx, state.db.backend, settlement).await;
    match state.db.backend {
        // PostgreSQL's statement fails as a whole: the caller goes the long way.
        Backend::Postgres => assert!(matches!(outcome, Ok(false)), "{outcome:?}"),
        // SQLite read in the writer's turn, so a mismatch is an error that abandons
        // the batch.
        Backend::Sqlite => assert!(outcome.is_err(), "{outcome:?}"),
    }
    drop(tx);
    let left = |sql: &'static str| app.scalar(sql);
    assert_eq!(
        left("SELECT COUNT(*) FROM call_reservations WHERE call_id = 'call-1'").await,
        1
    );
    assert_eq!(left("SELECT COUNT(*) FROM calls").await, 0);
    assert_eq!(
        left("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'call'").await,
        0
    );
    assert_eq!(
        app.scalar_for("SELECT balance_micros FROM users WHERE id = $1", s.user_id)
            .await,
        1_000_000
    );
    app.assert_invariant().await;
    // The switch's CDR still settles it, once.
    let r = completed(&app, "call-1", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    assert_eq!(left("SELECT COUNT(*) FROM calls").await, 1);
    app.assert_invariant().await;
}
