//! Credentials need the password (issue 43): a stolen access token alone cannot make an
//! API key or a SIP device, the owner hears of every new one, and "log out everywhere"
//! can take them all back.

use crate::common::{caller, Session, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

const CALLER_ID_NEEDED: &str = "+1";

async fn new_key(app: &TestApp, s: &Session, password: Option<&str>) -> (StatusCode, Value) {
    let mut body = json!({ "name": "CRM sync" });
    if let Some(p) = password {
        body["password"] = json!(p);
    }
    let r = app.post_as(s, "/api/developer/keys", body).await;
    (r.status, r.body)
}

async fn new_device(
    app: &TestApp,
    s: &Session,
    number: &str,
    password: Option<&str>,
) -> (StatusCode, Value) {
    let mut body = json!({ "username": "ada.desk", "callerId": number });
    if let Some(p) = password {
        body["password"] = json!(p);
    }
    let r = app.post_as(s, "/api/sip/devices", body).await;
    (r.status, r.body)
}

async fn mail_subjects(app: &TestApp, to: &str) -> Vec<String> {
    sqlx::query_scalar("SELECT subject FROM mail_outbox WHERE to_addr = $1 ORDER BY id")
        .bind(to)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_access_token_alone_cannot_create_an_api_key_or_a_device() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1.00").await;
    assert!(number.starts_with(CALLER_ID_NEEDED));
    for password in [None, Some(""), Some("not-the-password")] {
        let (status, body) = new_key(&app, &s, password).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body["errors"]["password"].is_string(), "{body}");
        let (status, body) = new_device(&app, &s, &number, password).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body["errors"]["password"].is_string(), "{body}");
    }
    assert_eq!(app.scalar("SELECT COUNT(*) FROM api_keys").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM sip_devices").await, 0);
    assert!(mail_subjects(&app, "ada@example.com").await.is_empty());
}

#[tokio::test]
async fn the_owner_is_told_of_every_new_key_and_device_whatever_their_mail_setting() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1.00").await;
    sqlx::query("UPDATE users SET email_notifications = 0 WHERE id = $1")
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let (status, key) = new_key(&app, &s, Some("password1")).await;
    assert_eq!(status, StatusCode::CREATED, "{key}");
    let (status, device) = new_device(&app, &s, &number, Some("password1")).await;
    assert_eq!(status, StatusCode::CREATED, "{device}");
    assert_eq!(
        mail_subjects(&app, "ada@example.com").await,
        ["New API key", "New SIP device"]
    );
    let notes = app.get_as(&s, "/api/notifications").await.body;
    let kinds: Vec<&str> = notes["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "security")
        .map(|n| n["message"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), 2, "{notes}");
    assert!(kinds
        .iter()
        .any(|m| m.contains(key["sid"].as_str().unwrap())));
}

#[tokio::test]
async fn log_out_everywhere_can_revoke_every_key_and_device_too() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1.00").await;
    let (_, key) = new_key(&app, &s, Some("password1")).await;
    new_device(&app, &s, &number, Some("password1")).await;

    // Without the option, the credentials stay.
    let plain = app.post_empty_as(&s, "/api/auth/logout-all").await;
    assert_eq!(plain.status, StatusCode::NO_CONTENT);
    let s = app.session("ada@example.com", "password1").await;
    assert_eq!(
        app.get_as(&s, "/api/developer/keys").await.body["keys"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        app.get_as(&s, "/api/sip/devices").await.body["items"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    let revoked = app
        .post_empty_as(&s, "/api/auth/logout-all?revokeCredentials=true")
        .await;
    assert_eq!(revoked.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.get_as(&s, "/api/developer/keys").await.status,
        StatusCode::UNAUTHORIZED,
        "the session ended too"
    );
    let s = app.session("ada@example.com", "password1").await;
    assert_eq!(
        app.get_as(&s, "/api/developer/keys").await.body["keys"],
        json!([])
    );
    assert_eq!(
        app.get_as(&s, "/api/sip/devices").await.body["items"],
        json!([])
    );
    let active: i64 = app
        .scalar("SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL")
        .await;
    assert_eq!(active, 0, "key {} revoked", key["sid"]);
    assert_eq!(
        mail_subjects(&app, "ada@example.com").await.last().unwrap(),
        "Credentials revoked"
    );
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'credentials.revoked_all'")
        .await;
    assert_eq!(audited, 1);
}

#[tokio::test]
async fn sip_devices_tell_a_softphone_where_the_switch_is() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1.00").await;
    let list = app.get_as(&s, "/api/sip/devices").await.body;
    assert_eq!(
        list["server"],
        json!({
            "host": "127.0.0.1",
            "port": 5060,
            "transports": ["udp", "tcp", "ws"],
            "outboundProxy": null,
            "realm": "dialtone"
        })
    );
    let (_, created) = new_device(&app, &s, &number, Some("password1")).await;
    assert_eq!(created["server"], list["server"]);
}

#[tokio::test]
async fn a_trial_account_keeps_five_api_keys_and_hears_how_to_keep_more() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let password = "password1";
    for _ in 0..5 {
        let (status, body) = new_key(&app, &s, Some(password)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, body) = new_key(&app, &s, Some(password)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let refusal = dialtone_core::quota::check(dialtone_core::quota::Kept::ApiKeys, true, 5);
    assert_eq!(body["errors"]["name"], refusal.unwrap_err());
}

#[tokio::test]
async fn an_account_keeps_twenty_sip_devices_and_the_refusal_names_the_limit() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "1.00").await;
    for i in 0..20 {
        sqlx::query(
            "INSERT INTO sip_devices (user_id, username, ha1, caller_id, created_at) VALUES ($1, $2, 'x', $3, 0)",
        )
        .bind(s.user_id)
        .bind(format!("desk{i}"))
        .bind(&number)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    }
    let (status, body) = new_device(&app, &s, &number, Some("password1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let refusal = dialtone_core::quota::check(dialtone_core::quota::Kept::SipDevices, false, 20);
    assert_eq!(body["message"], refusal.unwrap_err());
}
