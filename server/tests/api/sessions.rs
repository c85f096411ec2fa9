//! Sessions and accounts under attack: throttling that counts before argon2 runs,
//! password and email changes, sessions that end at once, tabs refreshing together.

use crate::common::{spawn_all, Answer, Resp, Session, TestApp};
use axum::http::StatusCode;
use serde_json::json;

fn count(results: &[Resp], status: StatusCode) -> usize {
    results.iter().filter(|r| r.status == status).count()
}

/// An app that takes the client address from X-Forwarded-For, as behind our proxy.
async fn proxied() -> TestApp {
    TestApp::with(|c| c.trust_proxy = true).await
}

fn login_from(app: &TestApp, ip: &str, email: &str, password: &str) -> impl Answer {
    app.post("/api/auth/login")
        .header("x-forwarded-for", ip)
        .json(json!({ "email": email, "password": password }))
        .send()
}

#[tokio::test]
async fn a_burst_of_wrong_passwords_gets_five_checks_and_the_owner_still_signs_in_elsewhere() {
    let app = proxied().await;
    app.signup("Ada", "ada@example.com", "password1").await;

    let burst = (0..200).map(|_| login_from(&app, "203.0.113.9", "ada@example.com", "wrong-pass"));
    let results = spawn_all(burst).await;

    // Each 401 is a password that was checked; every other attempt was refused first.
    assert!(
        count(&results, StatusCode::UNAUTHORIZED) <= 5,
        "{} checks",
        count(&results, StatusCode::UNAUTHORIZED)
    );
    assert_eq!(
        count(&results, StatusCode::UNAUTHORIZED) + count(&results, StatusCode::TOO_MANY_REQUESTS),
        200
    );
    let r = login_from(&app, "198.51.100.7", "ada@example.com", "password1").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn guessing_one_account_from_many_addresses_is_slowed_per_account() {
    let app = proxied().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    for i in 0..20 {
        let ip = format!("203.0.113.{i}");
        let r = login_from(&app, &ip, "ada@example.com", "wrong-pass").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    }
    let r = login_from(&app, "203.0.113.99", "ada@example.com", "wrong-pass").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.message().contains("this account"));
    app.signup("Bob", "bob@example.com", "password1").await;
    let r = login_from(&app, "203.0.113.99", "bob@example.com", "password1").await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn a_successful_sign_in_does_not_count_against_its_address() {
    let app = proxied().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    for _ in 0..40 {
        let r = login_from(&app, "192.0.2.1", "ada@example.com", "password1").await;
        assert_eq!(r.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn signups_are_throttled_per_address() {
    let app = proxied().await;
    let signup = |ip: &str, i: i32| {
        app.post("/api/auth/signup")
            .header("x-forwarded-for", ip)
            .json(json!({ "name": "Load", "email": format!("u{i}@example.com"), "password": "password1" }))
            .send()
    };
    for i in 0..10 {
        assert_eq!(signup("203.0.113.5", i).await.status, StatusCode::CREATED);
    }
    let r = signup("203.0.113.5", 10).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.contains_key("retry-after"));
    assert_eq!(signup("198.51.100.5", 11).await.status, StatusCode::CREATED);
}

#[tokio::test]
async fn stored_text_refuses_nul_and_control_characters_with_a_field_message() {
    let app = TestApp::new().await;
    let message = "This cannot contain control characters";
    let r = app.signup("Ada\u{0}", "ada@example.com", "password1").await;
    assert_eq!(
        (r.status, &r.body["errors"]["name"]),
        (StatusCode::BAD_REQUEST, &json!(message))
    );

    let s = app.client("grace@example.com").await;
    let r = app.put_as(&s, "/api/user/profile", json!({ "firstName": "Grace\u{7}", "lastName": "Hop\u{1b}per", "email": "grace@example.com" }))
        .await;
    assert_eq!(
        r.body["errors"],
        json!({ "firstName": message, "lastName": message })
    );

    let contact = |subject: &str, body: &str| {
        app.post_json("/api/contact", json!({ "name": "Ada", "email": "ada@example.com", "subject": subject, "message": body }))
    };
    let r = contact("Hello", "Line one\u{0}").await;
    assert_eq!(r.body["errors"]["message"], message);
    let r = contact("Hi\tthere", "fine").await;
    assert_eq!(r.body["errors"]["subject"], message);
    // Line breaks and tabs belong in a message body.
    assert_eq!(
        contact("Hello", "Line one\n\tLine two").await.status,
        StatusCode::CREATED
    );

    let admin = app.admin("admin@example.com").await;
    let r = app.get_as(&admin, "/api/admin/users?search=a%07b").await;
    assert_eq!(r.body["errors"]["search"], message);
}

#[tokio::test]
async fn wrong_current_passwords_are_counted_before_argon2_runs() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let burst = (0..30).map(|_| app.change_password(&s, "nope-nope"));
    let results = spawn_all(burst).await;
    assert_eq!(count(&results, StatusCode::BAD_REQUEST), 5);
    assert_eq!(count(&results, StatusCode::TOO_MANY_REQUESTS), 25);
    // Even the right password waits now.
    let r = app.change_password(&s, "password1").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
}

fn profile(email: &str, current: Option<&str>) -> serde_json::Value {
    let mut body = json!({ "firstName": "Augusta", "lastName": "King", "email": email });
    if let Some(p) = current {
        body["currentPassword"] = json!(p);
    }
    body
}

/// `s` asks for `email`, giving `current` as the password if given.
fn change_email(app: &TestApp, s: &Session, email: &str, current: Option<&str>) -> impl Answer {
    app.put_as(s, "/api/user/profile", profile(email, current))
}

#[tokio::test]
async fn a_new_email_needs_the_current_password_and_the_old_address_is_told() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let put = |body| app.put_as(&s, "/api/user/profile", body);

    let r = put(profile("augusta@example.com", None)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["currentPassword"],
        "Current password is required"
    );
    let r = put(profile("augusta@example.com", Some("nope-nope"))).await;
    assert_eq!(
        r.body["errors"]["currentPassword"],
        "Current password is incorrect"
    );
    // The name alone, or the email in other capitals, needs no password.
    assert_eq!(
        put(profile("ADA@example.com", None)).await.status,
        StatusCode::OK
    );

    let r = put(profile("augusta@example.com", Some("password1"))).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let (subject, body): (String, String) = sqlx::query_as(
        "SELECT subject, body FROM mail_outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind("ADA@example.com")
    .fetch_one(&app.state.db.pool)
    .await
    .expect("a notice to the old address");
    assert_eq!(subject, "Your Dialtone email address was changed");
    assert!(body.contains("augusta@example.com"), "{body}");
    app.assert_signs_in("augusta@example.com", "password1")
        .await;
}

#[tokio::test]
async fn email_changes_and_password_changes_share_one_attempt_count() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    for _ in 0..3 {
        let r = app.change_password(&s, "nope-nope").await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
    }
    for _ in 0..2 {
        let r = change_email(&app, &s, "x@example.com", Some("nope-nope")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
    }
    let r = change_email(&app, &s, "x@example.com", Some("password1")).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
}

async fn reset_token(app: &TestApp, email: &str) -> String {
    let r = app.forgot_password(email).await;
    assert_eq!(r.status, StatusCode::OK);
    app.reset_token_mailed_to(email).await
}

async fn reset(app: &TestApp, token: &str) -> StatusCode {
    app.reset_password(token, "brand-new-pass").await.status
}

#[tokio::test]
async fn a_reset_ends_every_other_reset_link() {
    let app = TestApp::new().await;
    app.client("ada@example.com").await;
    let first = reset_token(&app, "ada@example.com").await;
    let second = reset_token(&app, "ada@example.com").await;
    assert_eq!(reset(&app, &second).await, StatusCode::OK);
    assert_eq!(reset(&app, &first).await, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_password_change_ends_earlier_reset_links() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let token = reset_token(&app, "ada@example.com").await;
    let r = app.change_password(&s, "password1").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(reset(&app, &token).await, StatusCode::BAD_REQUEST);
    app.assert_signs_in("ada@example.com", "password2").await;
}

#[tokio::test]
async fn an_email_change_ends_earlier_reset_links() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let token = reset_token(&app, "ada@example.com").await;
    let r = change_email(&app, &s, "augusta@example.com", Some("password1")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(reset(&app, &token).await, StatusCode::BAD_REQUEST);
}

async fn info(app: &TestApp, token: &str) -> StatusCode {
    app.get_as(token, "/api/user/info").await.status
}

async fn refresh(app: &TestApp, cookie: &str) -> Resp {
    app.refresh(cookie).await
}

#[tokio::test]
async fn logout_ends_its_access_token_at_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let other = app.session("ada@example.com", "password1").await;
    assert_eq!(info(&app, &s.token).await, StatusCode::OK);
    let r = app.post("/api/auth/logout").cookie(&s.cookie).send().await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(info(&app, &s.token).await, StatusCode::UNAUTHORIZED);
    // Only that session ended.
    assert_eq!(info(&app, &other.token).await, StatusCode::OK);
}

#[tokio::test]
async fn log_out_everywhere_ends_every_session_at_once() {
    let (app, a) = TestApp::with_client("ada@example.com").await;
    let b = app.session("ada@example.com", "password1").await;
    let bob = app.client("bob@example.com").await;
    assert_eq!(
        app.post("/api/auth/logout-all").send().await.status,
        StatusCode::UNAUTHORIZED
    );

    let r = app
        .post("/api/auth/logout-all")
        .bearer(&a.token)
        .cookie(&a.cookie)
        .send()
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(r.set_cookie().unwrap().contains("Max-Age=0"));
    for s in [&a, &b] {
        assert_eq!(info(&app, &s.token).await, StatusCode::UNAUTHORIZED);
        assert_eq!(
            refresh(&app, &s.cookie).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(info(&app, &bob.token).await, StatusCode::OK);
    let again = app.session("ada@example.com", "password1").await;
    assert_eq!(info(&app, &again.token).await, StatusCode::OK);
}

#[tokio::test]
async fn a_reused_refresh_token_ends_its_sessions_access_tokens_at_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let other = app.session("ada@example.com", "password1").await;
    let first = refresh(&app, &s.cookie).await;
    let rotated = first.body["accessToken"].as_str().unwrap().to_string();
    sqlx::query(
        "UPDATE refresh_tokens SET rotated_at = rotated_at - 31000 WHERE rotated_at IS NOT NULL",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(
        refresh(&app, &s.cookie).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(info(&app, &rotated).await, StatusCode::UNAUTHORIZED);
    assert_eq!(info(&app, &s.token).await, StatusCode::UNAUTHORIZED);
    assert_eq!(info(&app, &other.token).await, StatusCode::OK);
}

#[tokio::test]
async fn a_role_change_ends_the_users_access_tokens_at_once() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let r = app.set_role(&admin, s.user_id, "admin").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(info(&app, &s.token).await, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn tabs_refreshing_together_all_get_a_token_and_the_session_lives_on() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let results = spawn_all((0..3).map(|_| app.refresh(&s.cookie))).await;
    for r in &results {
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(
            info(&app, r.body["accessToken"].as_str().unwrap()).await,
            StatusCode::OK
        );
    }
    // One rotation set the new cookie; the others leave the browser's cookie alone.
    let cookies: Vec<String> = results.iter().filter_map(|r| r.refresh_cookie()).collect();
    assert_eq!(cookies.len(), 1);
    assert!(results.iter().filter(|r| r.set_cookie().is_none()).count() == 2);
    let next = refresh(&app, &cookies[0]).await;
    assert_eq!(next.status, StatusCode::OK);
    assert!(next.refresh_cookie().is_some());
}
