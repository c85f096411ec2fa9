use super::{assert_twilio_error, creds, get, post};
use crate::common::TestApp;
use crate::common::{caller, serve};
use axum::http::StatusCode;
use axum::routing::post as route_post;
use serde_json::Value;
use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

/// Twilio's paging keys; a page holds exactly one key besides these.
const META: [&str; 8] = [
    "first_page_uri",
    "end",
    "previous_page_uri",
    "uri",
    "page_size",
    "start",
    "next_page_uri",
    "page",
];

fn list_keys(page: &Value) -> Vec<String> {
    page.as_object()
        .unwrap()
        .keys()
        .filter(|k| !META.contains(&k.as_str()))
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_message_sent_through_the_api_is_charged_once_with_twilios_shapes() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1").await;
    let c = creds(&app, &s).await;
    let first = send_order_7(&app, &c, &number).await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    let m = &first.body;
    assert_eq!(
        (
            m["status"].as_str(),
            m["price"].as_str(),
            m["num_segments"].as_str(),
            m["price_unit"].as_str()
        ),
        (Some("delivered"), Some("-0.01"), Some("1"), Some("USD"))
    );
    assert_eq!(
        (m["from"].as_str(), m["to"].as_str()),
        (Some(number.as_str()), Some("+14155550123"))
    );
    assert!(m["error_code"].is_null());
    assert!(
        m["date_created"].as_str().unwrap().ends_with(" +0000"),
        "{m}"
    );
    assert!(m["uri"]
        .as_str()
        .unwrap()
        .starts_with("/2010-04-01/Accounts/AC"));
    let retried = send_order_7(&app, &c, &number).await;
    assert_eq!(
        retried.body["sid"], m["sid"],
        "a retry answers the first message"
    );
    assert_eq!(get(&app, &c, "/Balance.json").await.body["balance"], "0.99");
    let sid = m["sid"].as_str().unwrap();
    let fetched = get(&app, &c, &format!("/Messages/{sid}.json")).await;
    assert_eq!(fetched.body, first.body);
    app.assert_invariant().await;

    let bob = app.client("bob@example.com").await;
    let theirs = creds(&app, &bob).await;
    assert_twilio_error(
        &get(&app, &theirs, &format!("/Messages/{sid}.json")).await,
        404,
        20404,
    );
}

/// "Hello" from `number` to +14155550123, sent as Twilio's SDKs send it (a form, Basic
/// credentials) with the idempotency key "order-7".
async fn send_order_7(app: &TestApp, c: &super::Creds, number: &str) -> crate::common::Resp {
    app.req(
        axum::http::Method::POST,
        &format!("/2010-04-01/Accounts/{}/Messages.json", c.account_sid),
    )
    .header("authorization", &basic(c))
    .header("idempotency-key", "order-7")
    .raw(
        "application/x-www-form-urlencoded",
        "To=%2B14155550123&From=".to_string() + &urlencode(number) + "&Body=Hello",
    )
    .send()
    .await
}

/// "Hi" from `number` to +14155550123, its status changes posted to `callback`.
async fn send_hi(
    app: &TestApp,
    c: &super::Creds,
    number: &str,
    callback: &str,
) -> crate::common::Resp {
    let form = [
        ("To", "+14155550123"),
        ("From", number),
        ("Body", "Hi"),
        ("StatusCallback", callback),
    ];
    post(app, c, "/Messages.json", &form).await
}

fn basic(c: &super::Creds) -> String {
    use base64::Engine;
    let raw = format!("{}:{}", c.user, c.secret);
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(raw)
    )
}

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

#[tokio::test]
async fn what_twilio_refuses_is_refused_with_its_codes_and_nothing_is_charged() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "0").await;
    let c = creds(&app, &s).await;
    let send = |to: &'static str, from: String, body: &'static str| {
        let (app, c) = (&app, c.clone());
        async move {
            post(
                app,
                &c,
                "/Messages.json",
                &[("To", to), ("From", &from), ("Body", body)],
            )
            .await
        }
    };
    assert_twilio_error(&send("0770", number.clone(), "Hi").await, 400, 21211);
    assert_twilio_error(
        &send("+14155550123", "+14155559999".into(), "Hi").await,
        400,
        21606,
    );
    assert_twilio_error(&send("+14155550123", number.clone(), "").await, 400, 21602);
    assert_twilio_error(
        &send("+14155550123", number.clone(), "Hi").await,
        402,
        20005,
    );
    assert_twilio_error(
        &send("+99912345678", number.clone(), "Hi").await,
        400,
        21408,
    );
    let none = get(&app, &c, "/Messages.json").await;
    assert_eq!(none.body["messages"], serde_json::json!([]));
    assert_eq!(get(&app, &c, "/Balance.json").await.body["balance"], "0.00");
}

#[tokio::test]
async fn messages_page_by_token_with_their_filters_carried_on() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1").await;
    let c = creds(&app, &s).await;
    for (i, to) in [
        "+14155550001",
        "+14155550002",
        "+14155550001",
        "+14155550001",
        "+14155550001",
    ]
    .iter()
    .enumerate()
    {
        let body = format!("n{i}");
        let r = post(
            &app,
            &c,
            "/Messages.json",
            &[("To", to), ("From", &number), ("Body", &body)],
        )
        .await;
        assert_eq!(r.status, StatusCode::CREATED);
    }
    let mut seen = Vec::new();
    let mut uri = "/Messages.json?To=%2B14155550001&PageSize=2".to_string();
    loop {
        let page = get(&app, &c, &uri).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert_eq!(list_keys(&page.body), ["messages"]);
        for m in page.body["messages"].as_array().unwrap() {
            assert_eq!(m["to"], "+14155550001");
            seen.push(m["body"].as_str().unwrap().to_string());
        }
        let Some(next) = page.body["next_page_uri"].as_str() else {
            break;
        };
        assert!(
            next.starts_with("/2010-04-01/") && next.contains("To=%2B14155550001"),
            "{next}"
        );
        assert!(
            next.contains("PageToken=PA") && next.contains("PageSize=2"),
            "{next}"
        );
        uri = next.split_once(&c.account_sid).unwrap().1.to_string();
    }
    assert_eq!(seen, ["n4", "n3", "n2", "n0"]);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    let sent_today = get(&app, &c, &format!("/Messages.json?DateSent={today}")).await;
    assert_eq!(sent_today.body["messages"].as_array().unwrap().len(), 5);
    let before = get(&app, &c, "/Messages.json?DateSent%3C=2020-01-01").await;
    assert_eq!(before.body["messages"].as_array().unwrap().len(), 0);
    assert_twilio_error(
        &get(&app, &c, "/Messages.json?PageToken=zz").await,
        400,
        20001,
    );
}

#[tokio::test]
async fn a_status_callback_arrives_signed_with_the_auth_token() {
    let got: Arc<Mutex<Vec<(String, String)>>> = Arc::default();
    let log = got.clone();
    let router = axum::Router::new().route(
        "/status",
        route_post(move |headers: axum::http::HeaderMap, body: String| {
            let log = log.clone();
            async move {
                let signature = headers["x-twilio-signature"].to_str().unwrap().to_string();
                log.lock().unwrap().push((signature, body));
                StatusCode::NO_CONTENT
            }
        }),
    );
    let url = format!("{}/status", serve(router).await);

    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1").await;
    let c = creds(&app, &s).await;
    let r = send_hi(&app, &c, &number, &url).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let bad = send_hi(&app, &c, &number, "ftp://x").await;
    assert_twilio_error(&bad, 400, 21609);
    dialtone_server::webhooks::deliver_due(&app.state, dialtone_server::db::now_ms())
        .await
        .unwrap();
    let got = got.lock().unwrap().clone();
    let statuses: Vec<String> = got
        .iter()
        .map(|(_, body)| {
            url::form_urlencoded::parse(body.as_bytes())
                .find(|(k, _)| k == "MessageStatus")
                .unwrap()
                .1
                .into_owned()
        })
        .collect();
    let statuses: BTreeSet<&str> = statuses.iter().map(String::as_str).collect();
    assert_eq!(statuses, BTreeSet::from(["delivered", "sent"]));
    for (signature, body) in &got {
        let params: Vec<(String, String)> = url::form_urlencoded::parse(body.as_bytes())
            .into_owned()
            .collect();
        assert!(params.contains(&("MessageSid".into(), r.body["sid"].as_str().unwrap().into())));
        assert!(params.contains(&("AccountSid".into(), c.account_sid.clone())));
        assert_eq!(
            signature,
            &dialtone_server::webhooks::signature(&c.secret, &url, &params)
        );
    }
}
