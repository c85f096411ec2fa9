use crate::common::{serve, Session, TestApp};
use axum::http::StatusCode;
use axum::routing::post;
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

#[tokio::test]
async fn a_quote_counts_segments_at_the_destinations_rate() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app
        .post_as(
            &s,
            "/api/sms/quote",
            json!({ "to": "+447700900123", "message": "x".repeat(161) }),
        )
        .await;
    assert_eq!(
        r.body,
        json!({ "segments": 2, "encoding": "GSM-7", "characters": 161, "rate": 0.04, "cost": 0.08, "country": "United Kingdom" })
    );
    let bad = app
        .post_as(&s, "/api/sms/quote", json!({ "to": "0770", "message": "" }))
        .await;
    assert_eq!(
        bad.body["errors"]["to"],
        "Enter the number in international format, e.g. +14155550123"
    );
    assert_eq!(bad.body["errors"]["message"], "Message is required");
}

#[tokio::test]
async fn sending_debits_the_quote_and_lists_the_message_as_delivered() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let poor = app.send_sms(&s, "+14155550123", "Hi").await;
    assert_eq!(poor.status, StatusCode::PAYMENT_REQUIRED);
    app.fund(s.user_id, "1").await;
    let r = app
        .send_sms(&s, "+1 415 555 0123", "Hello from Dialtone")
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(
        (
            r.body["message"]["status"].as_str(),
            r.body["balance"].clone()
        ),
        (Some("delivered"), json!(0.99))
    );
    let list = app.get_as(&s, "/api/sms").await.body;
    assert_eq!(
        (list["total"].as_i64(), list["items"][0]["to"].as_str()),
        (Some(1), Some("+14155550123"))
    );
    let dash = app.get_as(&s, "/api/dashboard").await.body;
    assert_eq!(dash["smsThisMonth"], 1);
    assert_eq!(dash["recentActivity"][0]["type"], "sms");
    app.assert_invariant().await;
}

async fn carrier(status: StatusCode) -> (String, Arc<Mutex<Vec<Value>>>) {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let router = axum::Router::new().route(
        "/messages",
        post(move |body: axum::Json<Value>| {
            let log = log.clone();
            async move {
                log.lock().unwrap().push(body.0);
                (status, axum::Json(json!({ "id": "carrier-42" })))
            }
        }),
    );
    let url = format!("{}/messages", serve(router).await);
    (url, seen)
}

/// An app sending SMS through a carrier that answers `status` (with `token`, if
/// given, as the carrier's credential), and a client with $1: what each test needs.
async fn through_carrier(
    status: StatusCode,
    token: Option<&str>,
) -> (TestApp, Session, Arc<Mutex<Vec<Value>>>) {
    let (url, seen) = carrier(status).await;
    let app = TestApp::with(|c| {
        c.sms_provider = "http".into();
        c.sms_http_url = Some(url);
        if let Some(token) = token {
            c.sms_http_token = Some(token.into());
        }
    })
    .await;
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "1").await;
    (app, s, seen)
}

#[tokio::test]
async fn a_failing_carrier_leaves_the_balance_unchanged() {
    let (app, s, seen) = through_carrier(StatusCode::SERVICE_UNAVAILABLE, None).await;
    let r = app.send_sms(&s, "+14155550123", "Hi").await;
    assert_eq!(r.status, StatusCode::BAD_GATEWAY);
    assert!(r.message().ends_with("You were not charged."));
    assert_eq!(
        seen.lock().unwrap().len(),
        1,
        "the carrier was really called"
    );
    assert_eq!(app.balance_of(&s).await, 1.0);
    let list = app.get_as(&s, "/api/sms").await.body;
    assert_eq!(list["items"][0]["status"], "failed");
    let kinds: Vec<String> =
        sqlx::query_scalar("SELECT kind FROM ledger_entries WHERE user_id = $1 ORDER BY id")
            .bind(s.user_id)
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(kinds, ["admin_credit", "sms", "refund"]);
    app.assert_nothing_spent_today(&s).await;
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_working_carrier_gets_the_message_and_it_is_marked_sent() {
    let (app, s, seen) = through_carrier(StatusCode::OK, Some("carrier-secret")).await;
    let r = app.send_sms(&s, "+14155550123", "Hi there").await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(r.body["message"]["status"], "sent");
    let got = seen.lock().unwrap()[0].clone();
    assert_eq!(
        (
            got["to"].as_str(),
            got["text"].as_str(),
            got["from"].as_str()
        ),
        (Some("+14155550123"), Some("Hi there"), Some("Dialtone"))
    );
    assert_eq!(app.balance_of(&s).await, 0.99);
}

#[tokio::test]
async fn the_dashboard_counts_numbers_minutes_and_usage() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "30").await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    app.purchase(&s, &n["id"]).send().await;
    app.post_empty_as(&s, "/api/packages/1/purchase").await;
    let d = app.get_as(&s, "/api/dashboard").await.body;
    assert_eq!(
        (
            d["activeNumbers"].as_i64(),
            d["minutesRemaining"].as_i64(),
            d["balance"].clone()
        ),
        (Some(1), Some(500), json!(17.01))
    );
    assert!(d["unreadNotifications"].as_i64().unwrap() >= 2);
    let types: Vec<&str> = d["recentActivity"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["type"].as_str().unwrap())
        .collect();
    assert!(types.contains(&"purchase"), "{types:?}");
    let week = app.get_as(&s, "/api/dashboard/usage?range=week").await.body;
    let points = week["points"].as_array().unwrap();
    assert_eq!(points.len(), 7);
    assert_eq!(points[6]["spend"], 12.99);
    let year = app.get_as(&s, "/api/dashboard/usage?range=year").await.body;
    assert!(year["points"].as_array().unwrap().len() >= 12);
    assert_eq!(
        app.get_as(&s, "/api/dashboard/usage?range=decade")
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn sms_remaining_is_what_the_available_balance_buys_where_the_customer_texts_most() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "1").await;
    let dash = app.get_as(&s, "/api/dashboard").await.body;
    // No message yet and no number: the US rate, $0.01.
    assert_eq!(
        (dash["smsRemaining"].clone(), dash["smsDestination"].clone()),
        (json!(100), json!("United States"))
    );
    for _ in 0..2 {
        let r = app.send_sms(&s, "+447700900123", "Hi").await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    // $0.92 left at the United Kingdom's $0.04: 23 messages.
    let dash = app.get_as(&s, "/api/dashboard").await.body;
    assert_eq!(
        (
            dash["smsRemaining"].clone(),
            dash["smsDestination"].clone(),
            dash["smsRate"].clone(),
            dash["smsThisMonth"].clone()
        ),
        (json!(23), json!("United Kingdom"), json!(0.04), json!(2))
    );
}

#[tokio::test]
async fn conversations_group_sent_and_received_messages_by_number_and_party() {
    let app = TestApp::new().await;
    let (s, number) = crate::common::caller(&app, "ada@example.com", "1").await;
    for (to, text) in [
        ("+14155550123", "Hello"),
        ("+14155550999", "Other"),
        ("+14155550123", "Again"),
    ] {
        assert_eq!(app.send_sms(&s, to, text).await.status, StatusCode::CREATED);
    }
    // A reply as the SMPP link stores it (tests/api/smpp.rs covers the link itself).
    let number_id = app
        .scalar(&format!(
            "SELECT id FROM phone_numbers WHERE number = '{number}'"
        ))
        .await;
    sqlx::query(
        "INSERT INTO sms_inbound (user_id, number_id, from_number, to_number, body, segments, created_at) \
         VALUES ($1, $2, '+14155550123', $3, 'Got it', 1, $4)",
    )
    .bind(s.user_id)
    .bind(number_id)
    .bind(&number)
    .bind(dialtone_server::db::now_ms() + 1000)
    .execute(&app.state.db.pool)
    .await
    .unwrap();

    let list = app.get_as(&s, "/api/sms/conversations").await.body;
    let first = &list["conversations"][0];
    assert_eq!(
        (
            first["contact"].as_str(),
            first["number"].as_str(),
            first["messages"].as_i64()
        ),
        (Some("+14155550123"), Some(number.as_str()), Some(3))
    );
    assert_eq!(
        (
            first["last"]["direction"].as_str(),
            first["last"]["body"].as_str()
        ),
        (Some("inbound"), Some("Got it"))
    );
    assert_eq!(list["conversations"].as_array().unwrap().len(), 2);

    let path = format!(
        "/api/sms/conversation?number={}&contact=%2B14155550123",
        number.replace('+', "%2B")
    );
    let thread = app.get_as(&s, &path).await.body;
    let bodies: Vec<&str> = thread["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap())
        .collect();
    assert_eq!(bodies, ["Hello", "Again", "Got it"]);

    let bob = app.client("bob@example.com").await;
    let theirs = app.get_as(&bob, &path).await.body;
    assert_eq!(
        theirs["messages"],
        serde_json::json!([]),
        "another user sees nothing"
    );
    let bad = app
        .get_as(&s, "/api/sms/conversation?number=12&contact=x")
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_reply_goes_from_the_number_it_names_and_only_one_of_the_callers_own() {
    let app = TestApp::new().await;
    let (s, first) = crate::common::caller(&app, "ada@example.com", "5").await;
    let second = app.buy_first(&s, "US", "mobile").await["number"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(first, second);
    let r = app
        .post_as(
            &s,
            "/api/sms",
            json!({ "to": "+14155550123", "message": "From the second", "from": second }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["message"]["id"].as_i64().unwrap();
    let stored: String = sqlx::query_scalar("SELECT from_number FROM sms_messages WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, second);
    let path = |number: &str| {
        format!(
            "/api/sms/conversation?number={}&contact=%2B14155550123",
            number.replace('+', "%2B")
        )
    };
    let thread = app.get_as(&s, &path(&second)).await.body;
    assert_eq!(thread["messages"][0]["body"], "From the second");
    let other = app.get_as(&s, &path(&first)).await.body;
    assert_eq!(
        other["messages"],
        json!([]),
        "not in the first number's thread"
    );

    let bob = app.client("bob@example.com").await;
    app.fund(bob.user_id, "1").await;
    let before = app.get_as(&bob, "/api/sms").await.body["total"].clone();
    for from in [second.as_str(), "+14155550100", "nonsense"] {
        let refused = app
            .post_as(
                &bob,
                "/api/sms",
                json!({ "to": "+14155550123", "message": "Hi", "from": from }),
            )
            .await;
        assert_eq!(
            refused.status,
            StatusCode::BAD_REQUEST,
            "{from}: {}",
            refused.body
        );
        assert_eq!(
            refused.body["errors"]["from"],
            "Send from one of your active numbers"
        );
    }
    assert_eq!(app.get_as(&bob, "/api/sms").await.body["total"], before);
    let balance = "SELECT balance_micros FROM users WHERE id = $1";
    assert_eq!(
        app.scalar_for(balance, bob.user_id).await,
        1_000_000,
        "nothing charged"
    );
    app.assert_invariant().await;
}
