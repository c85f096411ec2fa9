//! The Stripe provider against localstripe, a stateful fake Stripe server speaking
//! the real REST protocol: our API creates the intent there, the test confirms it
//! there as Stripe.js would, and localstripe delivers the signed webhook back to a
//! real socket of ours.

use crate::common::{exp_year, TestApp};
use crate::support::free_port;
use axum::extract::Request;
use axum::middleware::Next;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub const SECRET_KEY: &str = "sk_test_dialtone";
pub const WEBHOOK_SECRET: &str = "whsec_dialtone_test";

pub async fn start_localstripe() -> (tokio::process::Child, String) {
    let port = free_port();
    let child = tokio::process::Command::new("python3")
        // From scratch: the store localstripe writes to /tmp after each request is
        // shared by every instance, and one may be reading it while another writes.
        .args([
            "-m",
            "localstripe",
            "--from-scratch",
            "--port",
            &port.to_string(),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .expect("python3 -m localstripe (make test installs it)");
    let base = format!("http://127.0.0.1:{port}");
    // Python's start-up takes seconds on a loaded machine (make test runs suites at once).
    for _ in 0..300 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return (child, base);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("localstripe did not start");
}

/// What localstripe answers a GET of `url` with, as JSON.
/// A test app whose payments go to localstripe (its base URL and its process).
pub async fn stripe_app() -> (TestApp, String, tokio::process::Child) {
    let (child, base) = start_localstripe().await;
    let stripe_base = base.clone();
    let app = TestApp::with(move |c| {
        c.stripe_secret_key = Some(SECRET_KEY.into());
        c.stripe_api_base = stripe_base;
        c.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
    })
    .await;
    (app, base, child)
}

pub async fn stripe_get(http: &reqwest::Client, url: String) -> Value {
    let r = http.get(url).basic_auth(SECRET_KEY, Some(""));
    r.send().await.unwrap().json().await.unwrap()
}

pub async fn stripe_post(http: &reqwest::Client, url: String, form: &[(&str, &str)]) -> Value {
    let r = http
        .post(url)
        .basic_auth(SECRET_KEY, Some(""))
        .form(form)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{}", r.status());
    r.json().await.unwrap()
}

#[tokio::test]
async fn a_deposit_through_stripe_is_credited_once_by_its_signed_webhook() {
    let (app, base, _localstripe) = stripe_app().await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let our_port = listener.local_addr().unwrap().port();
    // Counts the webhook deliveries our socket has answered.
    let answered = Arc::new(AtomicUsize::new(0));
    let counter = answered.clone();
    let router = app.router.clone().layer(axum::middleware::from_fn(
        move |request: Request, next: Next| {
            let counter = counter.clone();
            async move {
                let webhook = request.uri().path() == "/api/payment/webhook";
                let response = next.run(request).await;
                if webhook {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                response
            }
        },
    ));
    tokio::spawn(async move { axum::serve(listener, router).await });

    let http = reqwest::Client::new();
    let hook = format!("http://127.0.0.1:{our_port}/api/payment/webhook");
    let r = http
        .post(format!("{base}/_config/webhooks/dialtone"))
        .form(&[("url", hook.as_str()), ("secret", WEBHOOK_SECRET)])
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());

    let s = app.client("ada@example.com").await;
    let r = app.deposit(&s, json!(25)).await;
    assert_eq!(r.body["provider"], "stripe", "{}", r.body);
    let client_secret = r.body["clientSecret"].as_str().unwrap().to_string();
    let intent_id = client_secret.split("_secret_").next().unwrap().to_string();

    // What Stripe recorded: 2500 cents in usd, with our user and payment ids.
    let intent: Value = stripe_get(&http, format!("{base}/v1/payment_intents/{intent_id}")).await;
    assert_eq!(
        (intent["amount"].as_i64(), intent["currency"].as_str()),
        (Some(2500), Some("usd"))
    );
    assert_eq!(intent["metadata"]["user_id"], s.user_id.to_string());
    assert_eq!(
        intent["metadata"]["payment_id"],
        r.body["paymentId"].to_string()
    );

    // The browser's part (Stripe.js): a card, attached and confirmed.
    let exp_year = exp_year();
    let card = [
        ("type", "card"),
        ("card[number]", "4242424242424242"),
        ("card[exp_month]", "12"),
        ("card[exp_year]", &exp_year),
        ("card[cvc]", "123"),
    ];
    let pm = stripe_post(&http, format!("{base}/v1/payment_methods"), &card).await;
    let pm_id = pm["id"].as_str().unwrap();
    stripe_post(
        &http,
        format!("{base}/v1/payment_intents/{intent_id}"),
        &[("payment_method", pm_id)],
    )
    .await;
    let confirmed = stripe_post(
        &http,
        format!("{base}/v1/payment_intents/{intent_id}/confirm"),
        &[],
    )
    .await;
    assert_eq!(confirmed["status"], "succeeded");

    let mut balance = Value::Null;
    for _ in 0..100 {
        balance = app.get_as(&s, "/api/user/info").await.body["user"]["balance"].clone();
        if balance == json!(25.0) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(balance, 25.0, "the webhook credited the deposit");
    // localstripe delivers each event it makes once, a second after making it: once
    // every event about this payment has reached us and been answered, the balance
    // must not have moved. (Its store outlives the process: older events are listed
    // too, and never sent again.)
    let events: Value = stripe_get(&http, format!("{base}/v1/events?limit=100")).await;
    let events = events["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["data"]["object"]["id"] == intent_id.as_str())
        .count();
    for _ in 0..100 {
        if answered.load(Ordering::SeqCst) >= events {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let delivered = answered.load(Ordering::SeqCst);
    assert!(
        delivered >= events,
        "{delivered} of {events} events delivered"
    );
    let status = app
        .get_as(&s, &format!("/api/payment/intent/{client_secret}"))
        .await;
    assert_eq!(status.body["payment"]["status"], "succeeded");
    assert_eq!(
        app.get_as(&s, "/api/user/info").await.body["user"]["balance"],
        25.0
    );
    let entries = app.scalar("SELECT COUNT(*) FROM ledger_entries").await;
    assert_eq!(entries, 1);
}

#[tokio::test]
async fn an_unreachable_provider_fails_the_deposit_with_a_clear_message() {
    let port = free_port();
    let app = TestApp::with(move |c| {
        c.stripe_secret_key = Some(SECRET_KEY.into());
        c.stripe_api_base = format!("http://127.0.0.1:{port}");
    })
    .await;
    let s = app.client("ada@example.com").await;
    let r = app.deposit(&s, json!(25)).await;
    assert_eq!(r.status, axum::http::StatusCode::BAD_GATEWAY);
    assert_eq!(
        r.body["message"],
        "The payment provider is unavailable. Please try again in a moment."
    );
    let deposits = app.get_as(&s, "/api/payment/deposits").await;
    assert_eq!(deposits.body["items"][0]["status"], "failed");
}
