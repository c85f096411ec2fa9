use crate::common::TestApp;
use crate::support::free_port;
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test]
async fn the_profile_is_validated_and_saved() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let bad = json!({ "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com" });
    let r = app.put_as(&s, "/api/user/profile", bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["firstName"],
        "First name must be at least 4 characters"
    );

    let good = json!({ "firstName": "Augusta", "lastName": "King", "email": "augusta@example.com",
        "emailNotifications": false, "smsNotifications": true, "currentPassword": "password1" });
    let r = app.put_as(&s, "/api/user/profile", good).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["user"]["name"], "Augusta King");
    assert_eq!(r.body["user"]["emailNotifications"], false);
    assert_eq!(r.body["user"]["smsNotifications"], true);
    app.assert_signs_in("augusta@example.com", "password1")
        .await;
}

#[tokio::test]
async fn a_profile_cannot_take_another_accounts_email() {
    let app = TestApp::new().await;
    app.client("bob@example.com").await;
    let s = app.client("ada@example.com").await;
    let body = json!({ "firstName": "Augusta", "lastName": "King", "email": "BOB@example.com",
        "currentPassword": "password1" });
    let r = app.put_as(&s, "/api/user/profile", body).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["email"],
        "An account with this email already exists"
    );
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_ends_other_sessions() {
    let (app, me) = TestApp::with_client("ada@example.com").await;
    let other = app.session("ada@example.com", "password1").await;

    let r = app.change_password(&me, "nope-nope").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["currentPassword"],
        "Current password is incorrect"
    );

    let short = json!({ "currentPassword": "password1", "newPassword": "short", "confirmPassword": "short" });
    let r = app.put_as(&me, "/api/user/password", short).await;
    assert_eq!(
        r.body["errors"]["newPassword"],
        "Password must be at least 8 characters"
    );

    let r = app.change_password(&me, "password1").await;
    assert_eq!(r.status, StatusCode::OK);
    let fresh = r.body["accessToken"].as_str().unwrap();

    // This session goes on with its new token and its refresh cookie...
    assert_eq!(
        app.get_as(fresh, "/api/user/info").await.status,
        StatusCode::OK
    );
    assert_eq!(app.refresh(&me.cookie).await.status, StatusCode::OK);
    // ...every other session is over, access and refresh alike.
    app.assert_signed_out(&other).await;
    assert_eq!(
        app.login("ada@example.com", "password1").await.status,
        StatusCode::UNAUTHORIZED
    );
    app.assert_signs_in("ada@example.com", "password2").await;
}

#[tokio::test]
async fn a_reset_link_works_once_and_ends_every_session() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let known = app.forgot_password("ada@example.com").await;
    let unknown = app.forgot_password("nobody@example.com").await;
    assert_eq!(known.status, StatusCode::OK);
    assert_eq!(
        known.body, unknown.body,
        "the answer must not reveal which emails exist"
    );
    let outbox = app.scalar("SELECT COUNT(*) FROM mail_outbox").await;
    assert_eq!(outbox, 1);

    let token = app.reset_token_mailed_to("ada@example.com").await;
    assert_eq!(
        app.reset_password(&token, "short").await.body["errors"]["password"],
        "Password must be at least 8 characters"
    );
    assert_eq!(
        app.reset_password(&token, "brand-new-pass").await.status,
        StatusCode::OK
    );
    let again = app.reset_password(&token, "another-pass").await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    assert!(again.message().contains("invalid or has expired"));

    app.assert_signs_in("ada@example.com", "brand-new-pass")
        .await;
    app.assert_signed_out(&s).await;
}

#[tokio::test]
async fn an_expired_reset_link_is_refused() {
    let app = TestApp::new().await;
    app.client("ada@example.com").await;
    app.forgot_password("ada@example.com").await;
    let token = app.reset_token_mailed_to("ada@example.com").await;
    sqlx::query("UPDATE password_resets SET expires_at = expires_at - 3600001")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = app.reset_password(&token, "brand-new-pass").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    app.assert_signs_in("ada@example.com", "password1").await;
}

/// Mail goes out through a real SMTP server when DIALTONE_SMTP_URL is set.
#[tokio::test]
async fn reset_mail_is_delivered_over_smtp() {
    let port = free_port();
    let dir = tempfile::tempdir().unwrap();
    let inbox = dir.path().join("inbox.txt");
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/api/support/smtp_sink.py"
    );
    let mut sink = tokio::process::Command::new("python3")
        .args([script, &port.to_string(), inbox.to_str().unwrap()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("python3 runs the SMTP sink (make test installs aiosmtpd)");
    let mut out = tokio::io::BufReader::new(sink.stdout.take().unwrap());
    let mut line = String::new();
    tokio::io::AsyncBufReadExt::read_line(&mut out, &mut line)
        .await
        .unwrap();
    assert_eq!(line.trim(), "ready", "SMTP sink did not start");

    let app = TestApp::with(|c| c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"))).await;
    app.client("ada@example.com").await;
    app.forgot_password("ada@example.com").await;

    let mut status = Value::Null;
    for _ in 0..100 {
        let s: String = sqlx::query_scalar("SELECT status FROM mail_outbox")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
        status = json!(s);
        if s != "queued" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(status, "sent");
    let received = std::fs::read_to_string(&inbox).unwrap();
    assert!(received.contains("RCPT: ada@example.com"));
    assert!(received.contains("Subject: Reset your Dialtone password"));
    assert!(received.contains("/reset-password?token="));
}
