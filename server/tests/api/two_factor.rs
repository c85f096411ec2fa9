//! Two-factor sign-in (issue 46): enrolment with an authenticator app, the second step
//! at sign-in (each code and each recovery code accepted once, throttled), turning it
//! off with the password and a code, and administrators held to it.

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use totp_rs::{Algorithm, Secret, Totp};

const PASSWORD: &str = "password1";

fn app_for(secret: &str) -> Totp {
    totp_rs::Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(30)
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .with_account_name("test")
        .build()
        .unwrap()
}

/// The authenticator's code `steps` time steps from now.
fn code(secret: &str, steps: i64) -> String {
    let now = chrono::Utc::now().timestamp() + steps * 30;
    app_for(secret).generate(now as u64).to_string()
}

/// Turns two-factor sign-in on for `s`; the secret, the recovery codes and the code
/// that turned it on.
async fn enrol(app: &TestApp, s: &Session) -> (String, Vec<String>, String) {
    let r = app
        .post_as(s, "/api/auth/2fa/setup", json!({ "password": PASSWORD }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let secret = r.body["secret"].as_str().unwrap().to_string();
    assert!(r.body["otpauthUrl"]
        .as_str()
        .unwrap()
        .starts_with("otpauth://totp/Dialtone:"));
    let first = code(&secret, 0);
    let r = app
        .post_as(s, "/api/auth/2fa/enable", json!({ "code": first }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let codes: Vec<String> = serde_json::from_value(r.body["recoveryCodes"].clone()).unwrap();
    (secret, codes, first)
}

async fn password_step(app: &TestApp, email: &str) -> (StatusCode, Value) {
    let r = app.login(email, PASSWORD).await;
    (r.status, r.body)
}

async fn second_step(app: &TestApp, challenge: &Value, code: &str) -> (StatusCode, Value) {
    let body = json!({ "challenge": challenge, "code": code });
    let r = app.post("/api/auth/login/2fa").json(body).send().await;
    (r.status, r.body)
}

#[tokio::test]
async fn enrolling_takes_the_password_and_a_right_code() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let r = app
        .post_as(&s, "/api/auth/2fa/setup", json!({ "password": "wrong" }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = app
        .post_as(&s, "/api/auth/2fa/setup", json!({ "password": PASSWORD }))
        .await;
    let secret = r.body["secret"].as_str().unwrap().to_string();
    let wrong = if code(&secret, 0) == "000000" {
        "111111"
    } else {
        "000000"
    };
    let r = app
        .post_as(&s, "/api/auth/2fa/enable", json!({ "code": wrong }))
        .await;
    assert_eq!(
        r.body["errors"]["code"],
        dialtone_core::two_factor::CODE_WRONG_MESSAGE
    );
    assert_eq!(
        app.get_as(&s, "/api/user/info").await.body["user"]["twoFactor"],
        false
    );

    let r = app
        .post_as(
            &s,
            "/api/auth/2fa/enable",
            json!({ "code": code(&secret, 0) }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let codes = r.body["recoveryCodes"].as_array().unwrap();
    assert_eq!(codes.len(), 10);
    assert!(codes.iter().all(|c| c.as_str().unwrap().len() == 11));
    assert_eq!(
        app.get_as(&s, "/api/user/info").await.body["user"]["twoFactor"],
        true
    );
    let status = app.get_as(&s, "/api/auth/2fa").await.body;
    assert_eq!(
        status,
        json!({ "enabled": true, "required": false, "recoveryCodesLeft": 10 })
    );
    let stored: Option<String> = sqlx::query_scalar("SELECT totp_secret FROM users WHERE id = $1")
        .bind(s.user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert!(!stored.unwrap().contains(&secret), "kept sealed");
}

#[tokio::test]
async fn signing_in_takes_a_second_step_and_each_code_counts_once() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let (secret, recovery, first) = enrol(&app, &s).await;

    let (status, body) = password_step(&app, "ada@example.com").await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["twoFactorRequired"], true);
    assert!(
        body.get("accessToken").is_none(),
        "no session before the second step"
    );
    // The code of the step enrolment used is spent; the next one signs in, once.
    let (status, _) = second_step(&app, &body["challenge"], &first).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let next = code(&secret, 1);
    let (status, signed) = second_step(&app, &body["challenge"], &next).await;
    assert_eq!(status, StatusCode::OK, "{signed}");
    assert!(signed["accessToken"].is_string());
    let (status, _) = second_step(&app, &body["challenge"], &next).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a code is accepted once");

    // A recovery code, in capitals without its dash, works once.
    let typed = recovery[0].replace('-', "").to_uppercase();
    let (status, _) = second_step(&app, &body["challenge"], &typed).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = second_step(&app, &body["challenge"], &recovery[0]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let left = app.get_as(&s, "/api/auth/2fa").await.body["recoveryCodesLeft"].clone();
    assert_eq!(left, 9);

    // A forged or mangled challenge signs nobody in.
    let (status, _) = second_step(&app, &json!("bm90IGEgY2hhbGxlbmdl"), &recovery[1]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn wrong_codes_are_throttled_like_passwords() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    enrol(&app, &s).await;
    let (_, body) = password_step(&app, "ada@example.com").await;
    for _ in 0..5 {
        let (status, _) = second_step(&app, &body["challenge"], "zzzzz-zzzzz").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, _) = second_step(&app, &body["challenge"], "zzzzz-zzzzz").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn turning_it_off_takes_the_password_and_a_code() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let (secret, _, _) = enrol(&app, &s).await;
    let r = app
        .post_as(
            &s,
            "/api/auth/2fa/disable",
            json!({ "password": PASSWORD, "code": "" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "a code too");
    let body = json!({ "password": PASSWORD, "code": code(&secret, 1) });
    let r = app.post_as(&s, "/api/auth/2fa/disable", body).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let (status, _) = password_step(&app, "ada@example.com").await;
    assert_eq!(status, StatusCode::OK);
    let subjects: Vec<String> = sqlx::query_scalar("SELECT subject FROM mail_outbox ORDER BY id")
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        subjects,
        ["Two-factor sign-in on", "Two-factor sign-in off"]
    );
}

#[tokio::test]
async fn an_administrator_without_a_second_factor_is_held_at_the_door() {
    let app = TestApp::with(|c| c.admin_two_factor = true).await;
    let admin = app.admin("root@example.com").await;
    let r = app.get_as(&admin, "/api/admin/stats").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert!(r.body["message"].as_str().unwrap().contains("two-factor"));
    let status = app.get_as(&admin, "/api/auth/2fa").await.body;
    assert_eq!(
        (status["enabled"].clone(), status["required"].clone()),
        (json!(false), json!(true))
    );
    enrol(&app, &admin).await;
    assert_eq!(
        app.get_as(&admin, "/api/admin/stats").await.status,
        StatusCode::OK
    );
}
