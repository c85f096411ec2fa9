//! Auto-recharge through the Stripe provider against localstripe: a card saved by a
//! SetupIntent, charged off-session; the signed webhook replayed and the job run
//! again change nothing; a declined card and one asking for 3-D Secure.

use super::{recharges, run};
use crate::common::{exp_year, Session, TestApp};
use crate::stripe::{stripe_app, stripe_get, stripe_post, WEBHOOK_SECRET};
use dialtone_server::db::now_ms;
use serde_json::{json, Value};

/// Saves `number` as `who`'s card the way the Billing page does with Stripe.js.
async fn save_card(app: &TestApp, base: &str, who: &Session, number: &str) -> Value {
    let http = reqwest::Client::new();
    let setup = app.post_empty_as(who, "/api/payment/card/setup").await;
    assert_eq!(setup.body["provider"], "stripe", "{}", setup.body);
    let id = setup.body["setupIntentId"].as_str().unwrap().to_string();
    let year = exp_year();
    let card = [
        ("type", "card"),
        ("card[number]", number),
        ("card[exp_month]", "12"),
        ("card[exp_year]", &year),
        ("card[cvc]", "123"),
    ];
    let pm = stripe_post(&http, format!("{base}/v1/payment_methods"), &card).await;
    let pm = pm["id"].as_str().unwrap();
    let path = format!("{base}/v1/setup_intents/{id}/confirm");
    stripe_post(&http, path, &[("payment_method", pm)]).await;
    let r = app
        .post_as(
            who,
            "/api/payment/card/confirm",
            json!({ "setupIntentId": id }),
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

/// The PaymentIntents Stripe holds for `customer`.
async fn charges_of(http: &reqwest::Client, base: &str, customer: &str) -> Vec<Value> {
    let all = stripe_get(http, format!("{base}/v1/payment_intents?limit=100")).await;
    let all = all["data"]
        .as_array()
        .cloned()
        .unwrap_or_else(|| panic!("{all}"));
    all.into_iter()
        .filter(|i| i["customer"] == customer)
        .collect()
}

async fn turn_on(app: &TestApp, who: &Session) {
    let body = json!({ "enabled": true, "threshold": "10", "amount": "50", "monthlyMax": "500" });
    let r = app.put_as(who, "/api/payment/auto-recharge", body).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test]
async fn an_off_session_charge_credits_once_whatever_is_replayed() {
    let (app, base, _child) = stripe_app().await;
    let http = reqwest::Client::new();
    let ada = app.client("ada@example.com").await;
    let saved = save_card(&app, &base, &ada, "4242424242424242").await;
    assert_eq!(
        (&saved["card"]["brand"], &saved["card"]["last4"]),
        (&json!("Visa"), &json!("4242"))
    );
    // Another account cannot take Ada's SetupIntent for itself.
    let bob = app.client("bob@example.com").await;
    let setup = app.post_empty_as(&ada, "/api/payment/card/setup").await;
    let theirs = json!({ "setupIntentId": setup.body["setupIntentId"] });
    let r = app.post_as(&bob, "/api/payment/card/confirm", theirs).await;
    assert_eq!(r.status, 400);
    turn_on(&app, &ada).await;

    assert_eq!(run(&app.state, now_ms()).await, 1);
    assert_eq!(app.balance_of(&ada).await, 50.0);
    let customer: String = sqlx::query_scalar("SELECT stripe_customer_id FROM users WHERE id = $1")
        .bind(ada.user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let intents = charges_of(&http, &base, &customer).await;
    assert_eq!(intents.len(), 1);
    assert_eq!(
        (intents[0]["amount"].as_i64(), intents[0]["status"].as_str()),
        (Some(5000), Some("succeeded"))
    );

    // Stripe's event for it, delivered twice (a replay), signed as Stripe signs it.
    let event = json!({ "id": "evt_replayed", "object": "event", "type": "payment_intent.succeeded",
        "data": { "object": intents[0] } });
    let body = serde_json::to_vec(&event).unwrap();
    for _ in 0..2 {
        let t = chrono::Utc::now().timestamp();
        let signature = dialtone_server::payments::webhook::sign(WEBHOOK_SECRET, &body, t);
        let r = app
            .post("/api/payment/webhook")
            .raw("application/json", body.clone())
            .header("stripe-signature", &signature)
            .send()
            .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // The job run again, on every side of the threshold.
    for _ in 0..3 {
        assert_eq!(run(&app.state, now_ms()).await, 0);
    }
    let intents = charges_of(&http, &base, &customer).await;
    assert_eq!(intents.len(), 1, "one charge at Stripe");
    assert_eq!(app.balance_of(&ada).await, 50.0);
    assert_eq!(
        recharges(&app, ada.user_id).await,
        vec![("succeeded".into(), 50_000_000)]
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_declined_card_and_one_asking_for_3d_secure() {
    let (app, base, _child) = stripe_app().await;
    let ada = app.client("ada@example.com").await;
    save_card(&app, &base, &ada, "4000000000000341").await;
    turn_on(&app, &ada).await;
    assert_eq!(run(&app.state, now_ms()).await, 1);
    assert_eq!(
        recharges(&app, ada.user_id).await,
        vec![("failed".into(), 50_000_000)]
    );
    assert!(app
        .notice_text("Auto-recharge failed")
        .await
        .contains("declined"));
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    assert!(view.body["retryAt"].is_string(), "{}", view.body);

    let bob = app.client("bob@example.com").await;
    save_card(&app, &base, &bob, "4242424242424242").await;
    // 4000 0027 6000 3184 asks for 3-D Secure on every charge. Stripe.js completes it
    // when the card is saved; localstripe has no way to complete a SetupIntent's, so
    // the card is put in place of the saved one at Stripe directly.
    let year = exp_year();
    let card = [
        ("type", "card"),
        ("card[number]", "4000002760003184"),
        ("card[exp_month]", "12"),
        ("card[exp_year]", year.as_str()),
        ("card[cvc]", "123"),
    ];
    let pm = stripe_post(
        &reqwest::Client::new(),
        format!("{base}/v1/payment_methods"),
        &card,
    )
    .await;
    sqlx::query("UPDATE saved_cards SET payment_method_id = $1 WHERE user_id = $2")
        .bind(pm["id"].as_str().unwrap())
        .bind(bob.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    turn_on(&app, &bob).await;
    assert_eq!(run(&app.state, now_ms()).await, 1);
    let view = app.get_as(&bob, "/api/payment/auto-recharge").await;
    let secret = view.body["awaitingConfirmation"]["clientSecret"]
        .as_str()
        .unwrap();
    assert!(secret.starts_with("pi_"), "{secret}");
    assert_eq!(
        recharges(&app, bob.user_id).await,
        vec![("pending".into(), 50_000_000)]
    );
    assert_eq!(app.balance_of(&bob).await, 0.0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn closing_the_account_deletes_its_customer_at_stripe() {
    let (app, base, _child) = stripe_app().await;
    let http = reqwest::Client::new();
    let ada = app.client("ada@example.com").await;
    save_card(&app, &base, &ada, "4242424242424242").await;
    let customer: String = sqlx::query_scalar("SELECT stripe_customer_id FROM users WHERE id = $1")
        .bind(ada.user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    let url = format!("{base}/v1/customers/{customer}");
    assert_eq!(
        stripe_get(&http, url.clone()).await["email"],
        "ada@example.com"
    );

    let closed = app
        .post_as(&ada, "/api/user/close", json!({ "password": ada.password }))
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    let gone = stripe_get(&http, url).await;
    assert!(gone["error"].is_object(), "Stripe still has {gone}");
}
