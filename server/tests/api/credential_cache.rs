//! What the switch may keep of a device's credentials (issue 42): how long, and the
//! credential epoch whose move tells it to drop all it kept. The switch's side is
//! `sip::devices`.

use crate::common::{caller, credentials_lookup, Session, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn lookup(app: &TestApp, username: &str) -> Value {
    let r = credentials_lookup(app, username).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

async fn epoch(app: &TestApp) -> i64 {
    let r = app
        .post_as(SWITCH, "/api/telephony/sip/credentials/epoch", json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["epoch"].as_i64().unwrap()
}

async fn add_device(app: &TestApp, s: &Session, username: &str, caller_id: &str) -> i64 {
    let body = json!({ "username": username, "callerId": caller_id, "password": s.password });
    let r = app.post_as(s, "/api/sip/devices", body).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["device"]["id"].as_i64().unwrap()
}

#[tokio::test]
async fn the_switch_may_keep_credentials_a_minute_read_at_the_epoch_it_is_told() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    add_device(&app, &s, "ada.desk", &mine).await;
    let found = lookup(&app, "ada.desk").await;
    assert_eq!(found["cacheSeconds"], 60);
    assert_eq!(found["epoch"], epoch(&app).await);
    // A browser phone's credentials last an hour: kept a minute as well.
    let phone = app.post_as(&s, "/api/sip/browser-phone", json!({})).await;
    let web = lookup(&app, phone.body["username"].as_str().unwrap()).await;
    assert_eq!(web["cacheSeconds"], 60);
    // Only the switch asks.
    let r = app
        .post_as(&s, "/api/telephony/sip/credentials/epoch", json!({}))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_epoch_moves_when_a_device_goes_or_its_account_is_suspended_not_when_it_registers() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    let id = add_device(&app, &s, "ada.desk", &mine).await;
    let start = epoch(&app).await;
    let report = json!({ "username": "ada.desk", "contact": "sip:ada@192.0.2.1",
        "source": "udp:192.0.2.1:5060", "expires": 600 });
    let r = app
        .post_as(SWITCH, "/api/telephony/sip/registrations", report)
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    assert_eq!(
        epoch(&app).await,
        start,
        "a registration changes no credential"
    );

    let r = app.delete_as(&s, &format!("/api/sip/devices/{id}")).await;
    assert!(r.status.is_success(), "{}", r.body);
    let gone = epoch(&app).await;
    assert!(gone > start, "a device removed moves the epoch");

    let admin = app.admin("root@example.com").await;
    let path = format!("/api/admin/users/{}/suspend", s.user_id);
    let r = app.post_empty_as(&admin, &path).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let suspended = epoch(&app).await;
    assert!(suspended > gone, "a suspension moves the epoch");
    let path = format!("/api/admin/users/{}/reactivate", s.user_id);
    let r = app.post_empty_as(&admin, &path).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(epoch(&app).await > suspended, "so does the way back");
}
