//! Fraud detection (issue 43): a hijacked device's burst of short calls to one
//! high-cost range in a country the account never called raises alerts within one run
//! of the jobs; the customer is told; an administrator suspends the account from the
//! alert, which closes its alerts and is audited. An alert moves no money.

use crate::common::{authorize, caller, cdr, send_cdr, Session, TestApp};
use crate::geo_permissions::sell_somalia;
use axum::http::StatusCode;
use serde_json::Value;

/// Two days ago, a week's habit: ten answered two-minute US calls at 4 cents each.
async fn history(app: &TestApp, s: &Session, from: &str) {
    let then = dialtone_server::db::now_ms() - 2 * 24 * 3600 * 1000;
    for i in 0..10 {
        sqlx::query(
            "INSERT INTO calls (call_id, user_id, direction, from_number, to_number, started_at, answered_at, \
             ended_at, duration_seconds, billable_seconds, package_seconds, cost_micros, status, created_at) \
             VALUES ($1, $2, 'outbound', $3, '+12125550123', $4, $4, $5, 120, 120, 0, 40000, 'completed', $5)",
        )
        .bind(format!("habit-{i}"))
        .bind(s.user_id)
        .bind(from)
        .bind(then + i * 60_000)
        .bind(then + i * 60_000 + 120_000)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
}

async fn alerts(app: &TestApp, admin: &Session) -> Vec<Value> {
    let r = app.get_as(admin, "/api/admin/fraud/alerts").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["alerts"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_irsf_burst_raises_alerts_within_one_run_and_the_admin_suspends_from_them() {
    let app = TestApp::new().await;
    sell_somalia(&app).await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    sqlx::query("UPDATE users SET voice_countries = 'SO US' WHERE id = $1")
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    history(&app, &s, &mine).await;
    // Limits raised for this account: detection is the guard under test.
    app.without_limits(s.user_id).await;
    let admin = app.admin("root@example.com").await;
    let quiet = dialtone_server::jobs::run_once(&app.state, dialtone_server::db::now_ms()).await;
    assert_eq!(
        quiet.unwrap().fraud_alerts,
        0,
        "a habit alone raises nothing"
    );
    for i in 0..12 {
        let (id, to) = (format!("irsf-{i}"), format!("+2526123456{i:02}"));
        let a = authorize(&app, &id, "outbound", &mine, &to).await;
        assert_eq!(a["allowed"], true, "{a}");
        let mut record = cdr(&id, "outbound", &mine, &to, 9, "completed");
        let at = |s: i64| (chrono::Utc::now() + chrono::Duration::seconds(s)).to_rfc3339();
        (record["startedAt"], record["answeredAt"], record["endedAt"]) =
            (at(-10).into(), at(-9).into(), at(0).into());
        let r = send_cdr(&app, record).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let balance = app.balance_of(&s).await;
    let report = dialtone_server::jobs::run_once(&app.state, dialtone_server::db::now_ms()).await;
    assert_eq!(report.unwrap().fraud_alerts, 2);
    let open = alerts(&app, &admin).await;
    let kinds: Vec<&str> = open.iter().map(|a| a["kind"].as_str().unwrap()).collect();
    assert!(
        kinds.contains(&"short_call_burst") && kinds.contains(&"new_countries"),
        "{open:?}"
    );
    let burst = open
        .iter()
        .find(|a| a["kind"] == "short_call_burst")
        .unwrap();
    assert_eq!(
        burst["evidence"],
        "12 calls in the last hour to numbers starting +25261234, 12 answered, averaging 9 s."
    );
    // Once per alert: the next run opens nothing more.
    let again = dialtone_server::jobs::run_once(&app.state, dialtone_server::db::now_ms()).await;
    assert_eq!(again.unwrap().fraud_alerts, 0);
    assert_eq!(app.notices(&s, "security").await, 2, "the customer is told");
    assert_eq!(app.balance_of(&s).await, balance, "an alert moves no money");
    // A client cannot read or answer alerts.
    assert_eq!(
        app.get_as(&s, "/api/admin/fraud/alerts").await.status,
        StatusCode::FORBIDDEN
    );
    let id = burst["id"].as_i64().unwrap();
    let r = app
        .post_empty_as(&admin, &format!("/api/admin/fraud/alerts/{id}/suspend"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        (r.body["status"].clone(), r.body["accountStatus"].clone()),
        ("suspended".into(), "suspended".into())
    );
    let after = alerts(&app, &admin).await;
    assert!(
        after.iter().all(|a| a["status"] == "suspended"),
        "{after:?}"
    );
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action IN ('fraud.suspend', 'user.suspend')")
        .await;
    assert_eq!(audited, 2);
    let refused = authorize(&app, "after", "outbound", &mine, "+12125550123").await;
    assert_eq!(refused["reason"], "account_suspended");
    let twice = app
        .post_empty_as(&admin, &format!("/api/admin/fraud/alerts/{id}/dismiss"))
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT);
}
