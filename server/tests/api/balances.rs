//! Administrators' balance adjustments, under concurrency and audited.

use crate::common::{spawn_all, Session, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn fifty_concurrent_deductions_of_one_dollar_from_ten_leave_exactly_zero() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let credit = app.adjust(&admin, s.user_id, "credit", "10.00", "opening balance");
    let r = credit.await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    let debit = || app.adjust(&admin, s.user_id, "debit", "1.00", "load test");
    let mut ok = 0;
    for r in spawn_all((0..50).map(|_| debit())).await {
        match r.status {
            StatusCode::OK => ok += 1,
            StatusCode::BAD_REQUEST => {
                assert!(r.body["errors"]["amount"]
                    .as_str()
                    .unwrap()
                    .starts_with("Cannot deduct $1.00: the balance is only"))
            }
            other => panic!("unexpected {other}: {}", r.body),
        }
    }
    assert_eq!(ok, 10);
    assert_eq!(app.balance_of(&s).await, 0.0);
    assert_eq!(app.ledger_entries(&s, "admin_debit").await, 10);
    app.assert_invariant().await;
}

#[tokio::test]
async fn administrators_see_balances_and_adjustments_are_audited() {
    let (app, admin) = TestApp::with_admin().await;
    let ada = app.client("ada@example.com").await;
    app.client("bob@example.com").await;
    let adjust = |kind: &str, amount: &str| {
        app.post_as(
            &admin,
            &format!("/api/admin/balances/{}/adjust", ada.user_id),
            json!({ "type": kind, "amount": amount, "reason": "goodwill" }),
        )
    };
    assert_eq!(adjust("credit", "20").await.body["balance"], 20.0);
    assert_eq!(adjust("debit", "2.50").await.body["balance"], 17.5);
    let too_much = adjust("debit", "100").await;
    assert_eq!(
        too_much.body["errors"]["amount"],
        "Cannot deduct $100.00: the balance is only $17.50"
    );
    assert_eq!(
        adjust("credit", "0").await.body["errors"]["amount"],
        "Amount must be greater than 0"
    );

    let r = app
        .get_as(&admin, "/api/admin/balances?search=ADA&pageSize=10")
        .await;
    assert_eq!(r.body["total"], 1);
    let item = &r.body["items"][0];
    assert_eq!(item["balance"], 17.5);
    assert_eq!(item["lastDeposit"]["amount"], 20.0);
    assert_eq!(item["lastWithdrawal"]["amount"], 2.5);
    assert_eq!(
        app.get_as(&admin, "/api/admin/balances").await.body["total"],
        3
    );

    let tx = app
        .get_as(
            &admin,
            &format!("/api/admin/balances/{}/transactions", ada.user_id),
        )
        .await;
    assert_eq!(tx.body["total"], 2);
    assert_eq!(
        tx.body["items"][0]["description"],
        "Funds deducted by an administrator: goodwill"
    );
    let actors: Vec<(String, i64)> =
        sqlx::query_as("SELECT action, actor_id FROM audit_log ORDER BY id")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(
        actors,
        vec![
            ("balance.credit".into(), admin.user_id),
            ("balance.debit".into(), admin.user_id)
        ]
    );

    assert_eq!(
        app.get_as(&ada, "/api/admin/balances").await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(adjust_as(&app, &ada).await, StatusCode::FORBIDDEN);
    app.assert_invariant().await;
}

async fn adjust_as(app: &TestApp, who: &Session) -> StatusCode {
    app.adjust(who, who.user_id, "credit", "1000", "mine")
        .await
        .status
}
