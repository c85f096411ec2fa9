//! The customer's own low-balance threshold replaces the platform's.

use crate::common::{caller, completed, TestApp};
use serde_json::json;

#[tokio::test]
async fn a_customers_own_low_balance_threshold_warns_in_place_of_the_platforms() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    let shown = app.get_as(&ada, "/api/billing/alerts").await;
    assert_eq!(shown.body["lowBalanceThreshold"], serde_json::Value::Null);
    completed(&app, "lb-1", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(
        app.notices(&ada, "low_balance").await,
        0,
        "$19.98 is above the platform's"
    );

    let bad = app
        .put_as(
            &ada,
            "/api/billing/alerts",
            json!({ "lowBalanceThreshold": "0" }),
        )
        .await;
    assert_eq!(
        bad.body["errors"]["lowBalanceThreshold"],
        dialtone_core::recharge::LOW_BALANCE_MESSAGE
    );
    let r = app
        .put_as(
            &ada,
            "/api/billing/alerts",
            json!({ "lowBalanceThreshold": "25" }),
        )
        .await;
    assert_eq!(r.body["lowBalanceThreshold"], 25.0, "{}", r.body);
    completed(&app, "lb-2", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(app.notices(&ada, "low_balance").await, 1);
    completed(&app, "lb-3", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(
        app.notices(&ada, "low_balance").await,
        1,
        "once until money comes in"
    );
    // Back to the platform's: empty.
    let r = app
        .put_as(
            &ada,
            "/api/billing/alerts",
            json!({ "lowBalanceThreshold": "" }),
        )
        .await;
    assert_eq!(r.body["lowBalanceThreshold"], serde_json::Value::Null);
}

#[tokio::test]
async fn usage_triggers_are_made_and_removed_from_the_client_area() {
    let app = TestApp::new().await;
    let ada = app.client("ada@example.com").await;
    let bad = json!({ "callbackUrl": "https://hooks.example.com/u", "usageCategory": "sms", "triggerValue": "1.5" });
    let r = app.post_as(&ada, "/api/usage/triggers", bad).await;
    assert_eq!(r.status, 400);
    assert!(r.body["errors"]["triggerValue"].is_string(), "{}", r.body);
    let good = json!({ "callbackUrl": "https://hooks.example.com/u", "usageCategory": "totalprice",
        "triggerBy": "price", "triggerValue": "20.00", "recurring": "monthly", "friendlyName": "Monthly spend" });
    let r = app.post_as(&ada, "/api/usage/triggers", good).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_i64().unwrap();
    assert!(r.body["sid"].as_str().unwrap().starts_with("UT"));
    assert_eq!(r.body["currentValue"], "$0.00");
    let listed = app.get_as(&ada, "/api/usage/triggers").await;
    assert_eq!(listed.body["items"][0]["friendlyName"], "Monthly spend");
    let bob = app.client("bob@example.com").await;
    assert_eq!(
        app.delete_as(&bob, &format!("/api/usage/triggers/{id}"))
            .await
            .status,
        404
    );
    assert_eq!(
        app.delete_as(&ada, &format!("/api/usage/triggers/{id}"))
            .await
            .status,
        204
    );
    assert_eq!(
        app.get_as(&ada, "/api/usage/triggers").await.body["items"],
        json!([])
    );
}
