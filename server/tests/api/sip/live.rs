//! Calls in progress: the switch reports the answer, the customer and the admin see the
//! call live with its cost so far, and the admin's hang-up ends it through Kamailio.

use super::{
    answered, assert_hung_up_by_switch, calling, calls, micros, CALLEE, PER_SECOND, US_OUTBOUND,
};
use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_core::rating::rate_call;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_sees_a_live_call_and_hangs_it_up_and_it_is_billed_its_talk_time() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = calling(&app, "1.00", None).await;
    let admin = app.admin("root@example.com").await;
    let before = micros(&app, &s, "balance_micros").await;

    // The device talks until the switch hangs up (here: on the admin's word).
    let device = switch.device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1);
    let operator = async {
        let live = answered(&app, &s, &switch).await;
        assert_eq!(
            (&live["from"], &live["to"]),
            (&mine.clone().into(), &CALLEE.into())
        );
        assert!(
            live.get("customer").is_none(),
            "a client sees no customer column"
        );
        tokio::time::sleep(Duration::from_millis(1500)).await;

        let all = app.get_as(&admin, "/api/admin/calls/live").await;
        let call = all.body["items"][0].clone();
        assert_eq!(call["customer"], "ada@example.com");
        assert!(call["durationSeconds"].as_i64().unwrap() >= 1, "{call}");
        assert!(call["costSoFar"].as_f64().unwrap() > 0.0, "{call}");
        // A client cannot list everyone's calls nor hang up.
        let path = format!(
            "/api/admin/calls/live/{}/hangup",
            call["callId"].as_str().unwrap()
        );
        assert_eq!(
            app.get_as(&s, "/api/admin/calls/live").await.status,
            StatusCode::FORBIDDEN
        );
        assert_eq!(
            app.post_empty_as(&s, &path).await.status,
            StatusCode::FORBIDDEN
        );
        let hung = app.post_empty_as(&admin, &path).await;
        assert_eq!(
            hung.status,
            StatusCode::NO_CONTENT,
            "{}\n{}",
            hung.body,
            switch.log()
        );
        path
    };
    let (run, path) = tokio::join!(device, operator);
    assert_hung_up_by_switch(&run, &switch);

    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(call["status"], "completed");
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!(
        (2..=5).contains(&seconds),
        "hung up after about 2 s, billed {seconds}"
    );
    let cost = rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_eq!(before - micros(&app, &s, "balance_micros").await, cost);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    let live = app.get_as(&s, "/api/calls/live").await;
    assert_eq!(live.body["items"], serde_json::json!([]));
    let again = app.post_empty_as(&admin, &path).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND, "the call is over");
    let audit = app.get_as(&admin, "/api/admin/audit").await;
    assert!(
        audit.body.to_string().contains("call.hangup"),
        "{}",
        audit.body
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_reservation_released_without_a_cdr_shows_in_the_audit_log() {
    let app = TestApp::new().await;
    let (s, mine) = crate::common::caller(&app, "ada@example.com", "1.00").await;
    let admin = app.admin("root@example.com").await;
    crate::common::authorize(&app, "lost-call", "outbound", &mine, CALLEE).await;
    let live = app.get_as(&admin, "/api/admin/calls/live").await;
    assert_eq!(live.body["items"][0]["callId"], "lost-call");
    assert!(
        live.body["items"][0]["answeredAt"].is_null(),
        "still ringing"
    );
    let hang_up = app
        .post_empty_as(&admin, "/api/admin/calls/live/lost-call/hangup")
        .await;
    assert_eq!(
        hang_up.status,
        StatusCode::CONFLICT,
        "not answered: nothing to hang up"
    );

    let later = dialtone_server::db::now_ms() + 5 * 3600 * 1000;
    let report = dialtone_server::jobs::run_once(&app.state, later)
        .await
        .unwrap();
    assert_eq!(report.reservations_released, 1);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    let audit = app.get_as(&admin, "/api/admin/audit").await;
    let entry = audit.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "call.reservation_released")
        .cloned()
        .unwrap_or_else(|| panic!("no release in {}", audit.body));
    assert_eq!(entry["targetId"], "lost-call");
    let live = app.get_as(&admin, "/api/admin/calls/live").await;
    assert_eq!(live.body["items"], serde_json::json!([]));
}

/// A suspension ends the account's calls in progress through the switch (issue 43).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn suspending_an_account_hangs_up_its_calls_in_progress() {
    let app = TestApp::new().await;
    let (s, _, password, switch) = calling(&app, "1.00", None).await;
    let admin = app.admin("root@example.com").await;
    let device = switch.device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1);
    let operator = async {
        answered(&app, &s, &switch).await;
        let path = format!("/api/admin/users/{}/suspend", s.user_id);
        let r = app.post_empty_as(&admin, &path).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    };
    let (run, ()) = tokio::join!(device, operator);
    assert_hung_up_by_switch(&run, &switch);
    // The customer is signed out: the call's record is read as the database has it.
    for _ in 0..200 {
        if app
            .scalar("SELECT COUNT(*) FROM calls WHERE status = 'completed'")
            .await
            == 1
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM calls WHERE status = 'completed'")
            .await,
        1
    );
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
}
