use crate::common::{spawn_all, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn signup_validates_every_field_with_cores_messages() {
    let app = TestApp::new().await;
    let r = app
        .post_json(
            "/api/auth/signup",
            json!({ "name": "A", "email": "nope", "password": "short" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["name"],
        "Name must be at least 2 characters"
    );
    assert_eq!(r.body["errors"]["email"], "Invalid email address");
    assert_eq!(
        r.body["errors"]["password"],
        "Password must be at least 8 characters"
    );
}

#[tokio::test]
async fn signup_creates_a_client_and_never_returns_the_hash() {
    let app = TestApp::new().await;
    let r = app
        .signup("Ada Lovelace", "ada@example.com", "password1")
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(r.body["user"]["role"], "client");
    assert_eq!(r.body["user"]["balance"], 0.0);
    assert!(!r.text.contains("argon2"));
    let hash: String =
        sqlx::query_scalar("SELECT password_hash FROM users WHERE email_lower = 'ada@example.com'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(hash.starts_with("$argon2id$"), "{hash}");
}

#[tokio::test]
async fn an_email_is_taken_whatever_its_case() {
    let app = TestApp::new().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    let r = app.signup("Ada Two", "ADA@Example.COM", "password2").await;
    assert_eq!(r.status, StatusCode::CONFLICT);
    assert_eq!(
        r.body["message"],
        "An account with this email already exists"
    );
}

#[tokio::test]
async fn login_returns_the_user_a_token_and_a_strict_httponly_cookie() {
    let app = TestApp::new().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    let r = app
        .post_json(
            "/api/auth/login",
            json!({ "email": "ada@example.com", "password": "password1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    for field in ["id", "name", "email", "balance", "role"] {
        assert!(r.body["user"].get(field).is_some(), "user.{field}");
    }
    let cookie = r.set_cookie().unwrap();
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict")
            && cookie.contains("Path=/api/auth")
    );
    assert!(
        !cookie.contains("Max-Age"),
        "a session cookie unless remembered: {cookie}"
    );
    let token = r.body["accessToken"].as_str().unwrap();
    let me = app.get_as(token, "/api/user/info").await;
    assert_eq!(me.body["user"]["email"], "ada@example.com");

    let remembered = app
        .post_json(
            "/api/auth/login",
            json!({ "email": "ada@example.com", "password": "password1", "remember": true }),
        )
        .await;
    assert!(remembered.set_cookie().unwrap().contains("Max-Age=2592000"));
}

#[tokio::test]
async fn wrong_password_and_unknown_email_fail_alike() {
    let app = TestApp::new().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    let wrong = app.login("ada@example.com", "password2").await;
    let unknown = app.login("nobody@example.com", "password1").await;
    for r in [wrong, unknown] {
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert_eq!(r.body, json!({ "message": "Invalid credentials" }));
    }
}

#[tokio::test]
async fn repeated_failures_are_throttled_with_retry_after() {
    let app = TestApp::new().await;
    app.signup("Ada", "ada@example.com", "password1").await;
    for _ in 0..5 {
        assert_eq!(
            app.login("ada@example.com", "wrong-pass").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    let r = app.login("ada@example.com", "password1").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    let retry: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=900).contains(&retry), "{retry}");
    // Another account from the same address is not locked by these five.
    app.signup("Bob", "bob@example.com", "password1").await;
    app.assert_signs_in("bob@example.com", "password1").await;
}

#[tokio::test]
async fn a_suspended_account_cannot_sign_in_and_its_tokens_stop_working() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    sqlx::query("UPDATE users SET status = 'suspended' WHERE id = $1")
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = app.login("ada@example.com", "password1").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.message().contains("suspended"));
    app.assert_signed_out(&s).await;
}

#[tokio::test]
async fn user_info_needs_a_valid_token() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    assert_eq!(
        app.get("/api/user/info").send().await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.get_as("not.a.jwt", "/api/user/info").await.status,
        StatusCode::UNAUTHORIZED
    );
    let mut tampered = s.token.clone();
    tampered.pop();
    tampered.push(if s.token.ends_with('A') { 'B' } else { 'A' });
    assert_eq!(
        app.get_as(&tampered, "/api/user/info").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn refresh_rotates_the_token_and_a_reused_token_ends_the_session() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let first = app.refresh(&s.cookie).await;
    assert_eq!(first.status, StatusCode::OK);
    let new_cookie = first.refresh_cookie().unwrap();
    assert_ne!(new_cookie, s.cookie);
    let token = first.body["accessToken"].as_str().unwrap();
    assert_eq!(
        app.get_as(token, "/api/user/info").await.status,
        StatusCode::OK
    );

    // The old token again, past the grace window of tabs refreshing together: theft.
    // It fails, and so does the thief's or owner's new one.
    sqlx::query(
        "UPDATE refresh_tokens SET rotated_at = rotated_at - 31000 WHERE rotated_at IS NOT NULL",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    let replay = app.refresh(&s.cookie).await;
    assert_eq!(replay.status, StatusCode::UNAUTHORIZED);
    assert!(replay.set_cookie().unwrap().contains("Max-Age=0"));
    assert_eq!(
        app.refresh(&new_cookie).await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn concurrent_refreshes_of_one_token_let_at_most_one_through() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let attempts = (0..8).map(|_| app.refresh(&s.cookie));
    let results = spawn_all(attempts).await;
    // The late ones get an access token within the grace window, but only one
    // rotation (one new refresh cookie) can happen.
    let ok = results
        .iter()
        .filter(|r| r.status == StatusCode::OK && r.refresh_cookie().is_some())
        .count();
    assert!(ok <= 1, "{ok} rotations of one token succeeded");
}

#[tokio::test]
async fn refresh_without_a_cookie_or_from_another_site_is_refused() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app.post("/api/auth/refresh-token").send().await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    let r = app
        .post("/api/auth/refresh-token")
        .cookie(&s.cookie)
        .header("host", "127.0.0.1:8080")
        .header("origin", "https://evil.example")
        .send()
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn logout_revokes_the_session_and_clears_the_cookie() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app.post("/api/auth/logout").cookie(&s.cookie).send().await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(r.set_cookie().unwrap().contains("Max-Age=0"));
    assert_eq!(
        app.refresh(&s.cookie).await.status,
        StatusCode::UNAUTHORIZED
    );
}
