//! The browser phone's credentials (issue 44): issued to the signed-in page without a
//! password typed, a device of the account that expires, never listed or counted with
//! the account's devices, ended with its sessions, and rung with the devices.

use crate::common::{caller, credentials_lookup, Session, TestApp};
use axum::http::StatusCode;
use md5::{Digest, Md5};
use serde_json::{json, Value};

async fn issue(app: &TestApp, s: &Session, body: Value) -> (StatusCode, Value) {
    let r = app.post_as(s, "/api/sip/browser-phone", body).await;
    (r.status, r.body)
}

/// What the switch hears when it asks for `username`'s digest secret.
async fn lookup(app: &TestApp, username: &str) -> (StatusCode, Value) {
    let r = credentials_lookup(app, username).await;
    (r.status, r.body)
}

fn ha1(username: &str, password: &str) -> String {
    hex::encode(Md5::digest(format!("{username}:dialtone:{password}")))
}

#[tokio::test]
async fn the_page_gets_credentials_the_switch_accepts_with_the_accounts_number_as_caller_id() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    let (status, phone) = issue(&app, &s, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{phone}");
    let username = phone["username"].as_str().unwrap();
    assert!(username.starts_with("_web"), "{username}");
    assert_eq!(phone["callerId"], json!(mine));
    assert_eq!(phone["callerIds"], json!([mine]));
    assert_eq!(phone["wsUrl"], json!("ws://127.0.0.1:5066"));
    let (status, found) = lookup(&app, username).await;
    assert_eq!(status, StatusCode::OK);
    let password = phone["password"].as_str().unwrap();
    assert_eq!(found["ha1"], json!(ha1(username, password)));
    assert_eq!(found["callerId"], json!(mine));
    // Not one of the account's devices: not listed, not counted.
    let devices = app.get_as(&s, "/api/sip/devices").await.body;
    assert_eq!(devices["items"], json!([]));
}

#[tokio::test]
async fn expired_credentials_are_refused_and_at_most_five_pages_hold_them() {
    let app = TestApp::new().await;
    let (s, _) = caller(&app, "ada@example.com", "5.00").await;
    let mut names = Vec::new();
    for _ in 0..7 {
        let (status, phone) = issue(&app, &s, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        names.push(phone["username"].as_str().unwrap().to_string());
    }
    // The two oldest were retired as the sixth and seventh came.
    for (i, name) in names.iter().enumerate() {
        let expected = if i < 2 {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        assert_eq!(lookup(&app, name).await.0, expected, "page {i}");
    }
    sqlx::query("UPDATE sip_devices SET expires_at = 1 WHERE username = $1")
        .bind(&names[6])
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(lookup(&app, &names[6]).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_account_without_a_number_or_asking_for_anothers_number_is_refused() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let (status, body) = issue(&app, &s, json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["message"],
        json!(dialtone_core::sip::BROWSER_PHONE_NO_NUMBER_MESSAGE)
    );
    let (_, theirs) = caller(&app, "bob@example.com", "5.00").await;
    let (t, _) = caller(&app, "cy@example.com", "5.00").await;
    let (status, body) = issue(&app, &t, json!({ "callerId": theirs })).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"]["callerId"],
        json!(dialtone_core::sip::CALLER_ID_NOT_YOURS_MESSAGE)
    );
}

#[tokio::test]
async fn logging_out_everywhere_ends_the_pages_credentials() {
    let app = TestApp::new().await;
    let (s, _) = caller(&app, "ada@example.com", "5.00").await;
    let (_, phone) = issue(&app, &s, json!({})).await;
    let username = phone["username"].as_str().unwrap();
    let r = app.post_empty_as(&s, "/api/auth/logout-all").await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(lookup(&app, username).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_inbound_call_rings_the_open_page_with_the_devices() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    crate::sip::device(&app, &s, "ada.desk", &mine).await;
    let (_, phone) = issue(&app, &s, json!({})).await;
    let a = crate::common::authorize(&app, "in-1", "inbound", "+447700900123", &mine).await;
    assert_eq!(a["allowed"], json!(true), "{a}");
    assert_eq!(a["ringDevices"], json!(["ada.desk", phone["username"]]));
}

#[tokio::test]
async fn the_rate_of_a_call_from_the_page_is_the_destinations() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    let path = format!(
        "/api/sip/browser-phone/rate?from={}&to=%2B12125550199",
        urlencoding(&mine)
    );
    let r = app.get_as(&s, &path).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["destination"], json!("United States"));
    assert_eq!(r.body["perMinute"], json!(0.02));
    // An incoming call to that number: its country's inbound rate.
    let inbound = format!(
        "/api/sip/browser-phone/rate?from=%2B447700900555&to={}&inbound=true",
        urlencoding(&mine)
    );
    let r = app.get_as(&s, &inbound).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["perMinute"], json!(0.015));
    // Another account's number does not tell its rates.
    let (t, _) = caller(&app, "bob@example.com", "5.00").await;
    assert_eq!(app.get_as(&t, &path).await.status, StatusCode::NOT_FOUND);
}

fn urlencoding(number: &str) -> String {
    number.replace('+', "%2B")
}
