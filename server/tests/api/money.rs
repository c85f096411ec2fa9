use crate::common::{card, exp_year, Resp, Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::payments::{provider::webhook_secret, webhook::sign};
use serde_json::{json, Value};

async fn start_deposit(app: &TestApp, s: &Session, amount: Value) -> String {
    let r = app.deposit(s, amount).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["clientSecret"].as_str().unwrap().to_string()
}

async fn pay(app: &TestApp, s: &Session, secret: &str, number: &str) -> Resp {
    app.post_as(&s, "/api/payment/sandbox/confirm", card(secret, number))
        .await
}

#[tokio::test]
async fn deposit_amounts_follow_the_rules_of_section_5() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    for (amount, message) in [
        (json!(0), "Amount must be greater than 0"),
        (json!(0.5), "Minimum deposit is $1.00"),
        (json!("10.005"), "Amount can have at most 2 decimal places"),
        (json!(10000.01), "Maximum deposit is $10000.00"),
        (json!("abc"), "Amount must be a number"),
        (json!(null), "Amount is required"),
    ] {
        let r = app.deposit(&s, amount.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{amount}");
        assert_eq!(r.body["errors"]["amount"], message, "{amount}");
    }
    assert_eq!(
        app.post_json("/api/payment/stripe", json!({ "amount": 5 }))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn a_sandbox_card_payment_credits_the_balance_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let secret = start_deposit(&app, &s, json!(25)).await;
    assert!(secret.contains("_secret_"));
    let r = pay(&app, &s, &secret, "4242 4242 4242 4242").await;
    assert_eq!(
        (r.status, r.body["status"].as_str()),
        (StatusCode::OK, Some("succeeded"))
    );
    assert_eq!(app.balance_of(&s).await, 25.0);
    let again = pay(&app, &s, &secret, "4242 4242 4242 4242").await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(app.balance_of(&s).await, 25.0);

    let deposits = app.get_as(&s, "/api/payment/deposits").await;
    assert_eq!(deposits.body["items"][0]["status"], "succeeded");
    assert_eq!(deposits.body["items"][0]["amount"], 25.0);
    let ledger = app.get_as(&s, "/api/ledger").await;
    assert_eq!(ledger.body["total"], 1);
    assert_eq!(ledger.body["items"][0]["kind"], "deposit");
    assert_eq!(ledger.body["items"][0]["balanceAfter"], 25.0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn declined_cards_leave_the_balance_unchanged_and_a_retry_can_succeed() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let secret = start_deposit(&app, &s, json!("12.34")).await;
    let declined = pay(&app, &s, &secret, "4000 0000 0000 0002").await;
    assert_eq!(
        declined.body,
        json!({ "status": "failed", "message": "Your card was declined." })
    );
    let broke = pay(&app, &s, &secret, "4000000000009995").await;
    assert_eq!(broke.body["message"], "Your card has insufficient funds.");
    assert_eq!(app.balance_of(&s).await, 0.0);
    let status = app
        .get_as(&s, &format!("/api/payment/intent/{secret}"))
        .await;
    assert_eq!(status.body["payment"]["status"], "failed");
    assert_eq!(
        status.body["payment"]["failureMessage"],
        "Your card has insufficient funds."
    );

    assert_eq!(
        pay(&app, &s, &secret, "4242424242424242").await.body["status"],
        "succeeded"
    );
    assert_eq!(app.balance_of(&s).await, 12.34);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_bad_card_form_is_refused_and_another_users_payment_is_not_found() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let secret = start_deposit(&app, &ada, json!(5)).await;
    let bad = json!({ "clientSecret": secret, "cardNumber": "4242424242424241", "expMonth": "13", "expYear": exp_year(), "cvc": "1" });
    let r = app.post_as(&ada, "/api/payment/sandbox/confirm", bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["cardNumber"],
        "Your card number is invalid"
    );
    assert_eq!(
        pay(&app, &bob, &secret, "4242424242424242").await.status,
        StatusCode::NOT_FOUND
    );
    let intent = format!("/api/payment/intent/{secret}");
    assert_eq!(
        app.get_as(&bob, &intent).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(app.balance_of(&ada).await, 0.0);
}

/// A client whose $40 deposit waits for its webhook: (app, client, the payment
/// intent's id, the key the webhook is signed with).
async fn awaiting_webhook() -> (TestApp, Session, String, String) {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let secret = start_deposit(&app, &s, json!(40)).await;
    let intent = sqlx::query_scalar("SELECT intent_id FROM payments WHERE client_secret = $1")
        .bind(&secret)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let key = webhook_secret(&app.state.config);
    (app, s, intent, key)
}

fn event(id: &str, intent: &str, cents: i64) -> Vec<u8> {
    json!({ "id": id, "type": "payment_intent.succeeded", "data": { "object": { "id": intent, "amount": cents, "amount_received": cents } } })
        .to_string()
        .into_bytes()
}

async fn deliver(app: &TestApp, body: Vec<u8>, signature: &str) -> Resp {
    app.post("/api/payment/webhook")
        .header("stripe-signature", signature)
        .raw("application/json", body)
        .send()
        .await
}

#[tokio::test]
async fn the_same_webhook_delivered_five_times_credits_once() {
    let (app, s, intent, key) = awaiting_webhook().await;
    let now = chrono::Utc::now().timestamp();
    for _ in 0..5 {
        let body = event("evt_same", &intent, 4000);
        let r = deliver(&app, body.clone(), &sign(&key, &body, now)).await;
        assert_eq!(r.status, StatusCode::OK);
    }
    // Stripe may also send a second event for the same intent: still one credit.
    let body = event("evt_other", &intent, 4000);
    deliver(&app, body.clone(), &sign(&key, &body, now)).await;
    assert_eq!(app.balance_of(&s).await, 40.0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_tampered_or_stale_webhook_credits_nothing() {
    let (app, s, intent, key) = awaiting_webhook().await;
    let now = chrono::Utc::now().timestamp();

    let signed = sign(&key, &event("evt_1", &intent, 4000), now);
    let tampered = event("evt_1", &intent, 400000);
    assert_eq!(
        deliver(&app, tampered, &signed).await.status,
        StatusCode::BAD_REQUEST
    );
    let body = event("evt_2", &intent, 4000);
    assert_eq!(
        deliver(&app, body.clone(), &sign(&key, &body, now - 301))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        deliver(&app, body.clone(), &sign("whsec_wrong", &body, now))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        deliver(&app, body, "").await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(app.balance_of(&s).await, 0.0);
}

#[tokio::test]
async fn a_client_reads_and_exports_only_their_own_ledger() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let secret = start_deposit(&app, &ada, json!(30)).await;
    pay(&app, &ada, &secret, "4242424242424242").await;
    assert_eq!(app.get_as(&bob, "/api/ledger").await.body["total"], 0);
    let csv = app.get_as(&ada, "/api/ledger/export").await;
    assert_eq!(csv.headers["content-type"], "text/csv; charset=utf-8");
    let lines: Vec<&str> = csv.text.lines().collect();
    assert_eq!(lines[0], "date,kind,description,amount,balance");
    assert!(
        lines[1].ends_with(",deposit,\"Deposit by card\",30,30"),
        "{}",
        lines[1]
    );
    assert_eq!(
        app.get_as(&bob, "/api/ledger/export")
            .await
            .text
            .lines()
            .count(),
        1
    );
}
