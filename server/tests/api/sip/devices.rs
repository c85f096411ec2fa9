//! SIP devices: digest registration, throttling of wrong credentials, and ownership.

use super::{device, on_switch, CALLEE};
use crate::common::{caller, TestApp};
use crate::support::switch::{Switch, AUTH_FAILURE_LIMIT};
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_registers_with_its_digest_and_the_client_sees_from_where() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let stored: String = sqlx::query_scalar("SELECT ha1 FROM sip_devices")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        stored,
        dialtone_server::voice::devices::ha1("ada.desk", "dialtone", &password)
    );
    assert!(!stored.contains(&password));
    let switch = Switch::start(&app).await;

    let run = switch
        .device("register", "ada.desk", &password, &[], 1)
        .await;
    switch.assert_ran(&run);
    assert!(run.messages.contains("SIP/2.0 401"), "challenged first");

    // The switch tells Dialtone after it answered the phone: wait for it.
    let mut list = Value::Null;
    for _ in 0..50 {
        list = app.get_as(&s, "/api/sip/devices").await.body;
        if list["items"][0]["registered"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let d = &list["items"][0];
    assert_eq!(d["registered"], true, "{}", switch.log());
    assert!(d["registeredFrom"]
        .as_str()
        .unwrap()
        .starts_with("udp:127.0.0.1:"));
    assert!(d["lastSeen"].is_string());
}

/// "ada.desk" registers with `password`, and the switch refuses with `answer`.
async fn register_refused(switch: &Switch, password: &str, answer: &str) {
    let run = switch
        .device("register", "ada.desk", password, &[], 1)
        .await;
    assert!(!run.ok);
    assert!(run.messages.contains(answer), "{}", run.messages);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_digest_credentials_are_refused_then_the_address_is_throttled() {
    let app = TestApp::new().await;
    let (s, _, password, switch) = on_switch(&app, "1.00").await;

    for _ in 0..AUTH_FAILURE_LIMIT {
        register_refused(&switch, "wrong-password", "SIP/2.0 403 Forbidden").await;
    }
    let unknown = switch.device("register", "nobody", "x", &[], 1).await;
    assert!(!unknown.ok);
    // The right password from the same address is refused too, until the count expires.
    register_refused(&switch, &password, "403 Too Many Failed Attempts").await;
    let list = app.get_as(&s, "/api/sip/devices").await.body;
    assert_eq!(list["items"][0]["registered"], false);
    // The admin sees the address the switch now refuses, once.
    let admin = app.admin("root@example.com").await;
    let bans = app.get_as(&admin, "/api/admin/sip/bans").await.body;
    assert_eq!(bans["bans"].as_array().unwrap().len(), 1, "{bans}");
    assert_eq!(bans["bans"][0]["reason"], "auth_failures");
    assert_eq!(bans["bans"][0]["address"], "127.0.0.1");
}

#[tokio::test]
async fn a_device_is_its_owners_alone_and_its_caller_id_must_be_theirs() {
    let app = TestApp::new().await;
    let (a, mine) = caller(&app, "ada@example.com", "1.00").await;
    let (b, theirs) = caller(&app, "bob@example.com", "1.00").await;
    let taken = app
        .post_as(
            &b,
            "/api/sip/devices",
            json!({ "username": "desk", "callerId": &mine, "password": b.password }),
        )
        .await;
    assert_eq!(taken.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        taken.body["errors"]["callerId"],
        dialtone_core::sip::CALLER_ID_NOT_YOURS_MESSAGE
    );
    device(&app, &a, "ada.desk", &mine).await;
    let list = app.get_as(&a, "/api/sip/devices").await.body;
    let id = list["items"][0]["id"].as_i64().unwrap();
    assert_eq!(list["callerIds"], json!([mine]));
    let bobs = app.get_as(&b, "/api/sip/devices").await.body;
    assert_eq!(
        (bobs["items"].clone(), bobs["callerIds"].clone()),
        (json!([]), json!([theirs]))
    );
    let stolen = app.delete_as(&b, &format!("/api/sip/devices/{id}")).await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);
    // A device cannot call with another account's number, even when the switch is told
    // that number: the call would bill its owner.
    let r = app.post_as(crate::common::SWITCH, "/api/telephony/authorize", json!({ "callId": "spoof", "direction": "outbound", "from": theirs, "to": CALLEE, "device": "ada.desk" })).await;
    assert_eq!(
        (
            r.body["allowed"].clone(),
            r.body["reason"].clone(),
            r.body["sipStatus"].clone()
        ),
        (json!(false), json!("caller_id_not_yours"), json!(403))
    );
    let mine_ok = app.delete_as(&a, &format!("/api/sip/devices/{id}")).await;
    assert_eq!(mine_ok.status, StatusCode::NO_CONTENT);
}
