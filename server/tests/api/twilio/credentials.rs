use super::{assert_twilio_error, call, creds, get, Creds};
use crate::common::TestApp;
use axum::http::{Method, StatusCode};
use serde_json::json;
use tower::ServiceExt;

#[tokio::test]
async fn an_account_gets_one_sid_and_its_token_only_after_the_password() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let first = app.get_as(&s, "/api/developer").await.body;
    let sid = first["accountSid"].as_str().unwrap();
    assert!(sid.starts_with("AC") && sid.len() == 34, "{sid}");
    assert_eq!(
        app.get_as(&s, "/api/developer").await.body["accountSid"],
        sid
    );
    let wrong = app
        .post_as(
            &s,
            "/api/developer/auth-token/reveal",
            json!({ "password": "nope-nope" }),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.body["errors"]["password"],
        "Current password is incorrect"
    );
    let c = creds(&app, &s).await;
    assert_eq!(c.secret.len(), 32);
    assert!(c.secret.ends_with(first["authTokenHint"].as_str().unwrap()));
    let stored = app
        .strings("SELECT token_hash || token_sealed FROM api_accounts")
        .await;
    assert!(
        !stored[0].contains(&c.secret),
        "the token is not stored in clear"
    );
    assert_eq!(get(&app, &c, "/Balance.json").await.body["balance"], "0.00");
}

#[tokio::test]
async fn a_rotated_token_replaces_the_old_one_which_works_for_a_day_more() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let old = creds(&app, &s).await;
    let r = app
        .post_as(
            &s,
            "/api/developer/auth-token/rotate",
            json!({ "password": "password1" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let new = Creds {
        secret: r.body["authToken"].as_str().unwrap().to_string(),
        ..old.clone()
    };
    assert_ne!(new.secret, old.secret);
    assert_eq!(
        get(&app, &new, "/Balance.json").await.status,
        StatusCode::OK
    );
    assert_eq!(
        get(&app, &old, "/Balance.json").await.status,
        StatusCode::OK
    );
    sqlx::query("UPDATE api_accounts SET previous_valid_until = 1")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_twilio_error(&get(&app, &old, "/Balance.json").await, 401, 20003);
    assert_eq!(
        creds(&app, &s).await.secret,
        new.secret,
        "reveal shows the new one"
    );
}

#[tokio::test]
async fn the_replaced_token_can_be_ended_at_once_after_the_password() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let old = creds(&app, &s).await;
    let rotate = json!({ "password": "password1" });
    let r = app
        .post_as(&s, "/api/developer/auth-token/rotate", rotate.clone())
        .await;
    let new = Creds {
        secret: r.body["authToken"].as_str().unwrap().to_string(),
        ..old.clone()
    };
    let end = "/api/developer/auth-token/end-previous";
    let wrong = app
        .post_as(&s, end, json!({ "password": "nope-nope" }))
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get(&app, &old, "/Balance.json").await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.post_as(&s, end, rotate).await.status,
        StatusCode::NO_CONTENT
    );
    assert_twilio_error(&get(&app, &old, "/Balance.json").await, 401, 20003);
    assert_eq!(
        get(&app, &new, "/Balance.json").await.status,
        StatusCode::OK
    );
    let shown = app.get_as(&s, "/api/developer").await.body;
    assert!(shown["previousTokenValidUntil"].is_null(), "{shown}");
}

#[tokio::test]
async fn an_api_key_works_until_revoked_and_stops_at_once_on_every_instance() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let account = creds(&app, &s).await;
    let made = app
        .post_as(
            &s,
            "/api/developer/keys",
            json!({ "name": "CRM sync", "password": "password1" }),
        )
        .await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let key = Creds {
        user: made.body["sid"].as_str().unwrap().to_string(),
        secret: made.body["secret"].as_str().unwrap().to_string(),
        ..account.clone()
    };
    assert!(key.user.starts_with("SK") && key.user.len() == 34);
    let hashes = app.strings("SELECT secret_hash FROM api_keys").await;
    assert!(
        !hashes[0].contains(&key.secret),
        "only the secret's hash is kept"
    );

    // A second server instance on the same database.
    let other = dialtone_server::prepare(app.state.config.clone())
        .await
        .unwrap();
    let other = dialtone_server::app(other);
    let balance_on_other = |c: Creds| {
        let other = other.clone();
        async move {
            let auth = base64::Engine::encode(
                &base64::engine::general_purpose::STANDARD,
                format!("{}:{}", c.user, c.secret),
            );
            let req = axum::http::Request::get(format!(
                "/2010-04-01/Accounts/{}/Balance.json",
                c.account_sid
            ))
            .header("authorization", format!("Basic {auth}"))
            .body(axum::body::Body::empty())
            .unwrap();
            other.oneshot(req).await.unwrap().status()
        }
    };
    assert_eq!(balance_on_other(key.clone()).await, StatusCode::OK);
    let listed = app.get_as(&s, "/api/developer/keys").await.body;
    assert_eq!(listed["keys"][0]["name"], "CRM sync");
    assert!(listed["keys"][0]["lastUsedAt"].is_string(), "{listed}");
    assert!(listed["keys"][0].get("secret").is_none());

    let path = format!("/api/developer/keys/{}", key.user);
    let gone = app.req(Method::DELETE, &path).bearer(&s.token).send().await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    assert_eq!(
        balance_on_other(key.clone()).await,
        StatusCode::UNAUTHORIZED
    );
    assert_twilio_error(&get(&app, &key, "/Balance.json").await, 401, 20003);
    let again = app.req(Method::DELETE, &path).bearer(&s.token).send().await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get_as(&s, "/api/developer/keys").await.body["keys"],
        json!([])
    );
}

#[tokio::test]
async fn a_key_name_follows_cores_rule() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app
        .post_as(&s, "/api/developer/keys", json!({ "name": " " }))
        .await;
    assert_eq!(r.body["errors"]["name"], "Give the key a name");
    let r = app
        .post_as(&s, "/api/developer/keys", json!({ "name": "x".repeat(65) }))
        .await;
    assert_eq!(
        r.body["errors"]["name"],
        "A key name has at most 64 characters"
    );
}

#[tokio::test]
async fn credentials_reach_only_their_own_account() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let (a, b) = (creds(&app, &ada).await, creds(&app, &bob).await);
    let crossed = Creds {
        account_sid: b.account_sid.clone(),
        ..a.clone()
    };
    assert_twilio_error(&get(&app, &crossed, "/Balance.json").await, 401, 20003);
    let r = get(&app, &b, "/Balance.json").await;
    assert_eq!(r.body["account_sid"], b.account_sid.as_str());
    let none = app
        .get(&format!(
            "/2010-04-01/Accounts/{}/Balance.json",
            a.account_sid
        ))
        .send()
        .await;
    assert_twilio_error(&none, 401, 20003);
    assert!(none.headers.get("www-authenticate").is_some());
}

#[tokio::test]
async fn wrong_credentials_are_throttled_and_right_ones_never_count() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let good = creds(&app, &s).await;
    for _ in 0..30 {
        assert_eq!(
            get(&app, &good, "/Balance.json").await.status,
            StatusCode::OK
        );
    }
    let bad = Creds {
        secret: "0".repeat(32),
        ..good.clone()
    };
    for _ in 0..20 {
        assert_twilio_error(&get(&app, &bad, "/Balance.json").await, 401, 20003);
    }
    let refused = call(&app, &bad, Method::GET, "/Balance.json", &[]).await;
    assert_twilio_error(&refused, 429, 20429);
    assert!(refused.headers.get("retry-after").is_some());
    // The right secret is never refused for the wrong ones.
    assert_eq!(
        get(&app, &good, "/Balance.json").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn wrong_credentials_for_one_account_leave_another_account_at_the_same_address_working() {
    // Two customers behind one NAT (every test request comes from the same address).
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let (ada, bob) = (creds(&app, &ada).await, creds(&app, &bob).await);
    let guess = Creds {
        secret: "0".repeat(32),
        ..ada.clone()
    };
    for _ in 0..20 {
        assert_twilio_error(&get(&app, &guess, "/Balance.json").await, 401, 20003);
    }
    // The guesses are throttled from this address; neither account's valid key is.
    let refused = call(&app, &guess, Method::GET, "/Balance.json", &[]).await;
    assert_twilio_error(&refused, 429, 20429);
    assert_eq!(
        get(&app, &ada, "/Balance.json").await.status,
        StatusCode::OK
    );
    for _ in 0..5 {
        assert_eq!(
            get(&app, &bob, "/Balance.json").await.status,
            StatusCode::OK
        );
    }
}
