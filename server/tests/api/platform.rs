use crate::common::TestApp;
use axum::http::StatusCode;

/// Where the malformed bodies go: a route that reads JSON without a token.
const LOGIN: &str = "/api/auth/login";

#[tokio::test]
async fn health_and_readiness_answer() {
    let app = TestApp::new().await;
    let r = app.get("/healthz").send().await;
    assert_eq!(
        (r.status, r.body["status"].as_str()),
        (StatusCode::OK, Some("ok"))
    );
    let r = app.get("/readyz").send().await;
    assert_eq!(
        (r.status, r.body["status"].as_str()),
        (StatusCode::OK, Some("ready"))
    );
}

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = TestApp::new().await;
    let r = app.get("/api/nope").send().await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.body["message"], "No API endpoint at /nope");
}

#[tokio::test]
async fn a_malformed_body_gets_the_same_error_shape() {
    let app = TestApp::new().await;
    let r = app.post_raw(LOGIN, "application/json", "{not json").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.body["message"], "The request body is not valid JSON");
    let r = app.post_raw(LOGIN, "text/plain", "hello").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.message().contains("JSON"));
}

#[tokio::test]
async fn an_oversized_body_is_refused() {
    let app = TestApp::new().await;
    let big = format!("{{\"email\":\"{}\"}}", "a".repeat(100 * 1024));
    let r = app.post_raw(LOGIN, "application/json", big).await;
    assert!(
        r.status == StatusCode::PAYLOAD_TOO_LARGE || r.status == StatusCode::BAD_REQUEST,
        "{}",
        r.status
    );
}

#[tokio::test]
async fn the_app_shell_answers_any_other_path() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        "<!doctype html><div id=root></div>",
    )
    .unwrap();
    let static_dir = dir.path().to_path_buf();
    let app = TestApp::with(|c| c.static_dir = static_dir).await;
    let r = app.get("/no/such/page").send().await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text.contains("<div id=root>"));
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::new().await;
    for path in ["/", "/api/user/info", "/api/nope", "/healthz"] {
        let r = app.get(path).send().await;
        let csp = r.headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("default-src 'self'") && csp.contains("frame-ancestors 'none'"),
            "{path}: {csp}"
        );
        assert!(
            !csp.contains("stripe"),
            "Stripe's hosts only with the Stripe provider"
        );
        assert_eq!(r.headers["x-content-type-options"], "nosniff");
        assert_eq!(
            r.headers["referrer-policy"],
            "strict-origin-when-cross-origin"
        );
        assert!(
            !r.headers.contains_key("strict-transport-security"),
            "no HSTS over plain http"
        );
        assert!(
            !r.headers.contains_key("access-control-allow-origin"),
            "CORS stays closed"
        );
    }
    let https = TestApp::with(|c| {
        c.public_url = "https://dialtone.example".into();
        c.stripe_secret_key = Some("sk_test_x".into());
    })
    .await;
    let r = https.get("/api/user/info").send().await;
    assert!(r.headers["strict-transport-security"]
        .to_str()
        .unwrap()
        .starts_with("max-age="));
    assert!(r.headers["content-security-policy"]
        .to_str()
        .unwrap()
        .contains("https://js.stripe.com"));
}

#[tokio::test]
async fn responses_are_gzipped_for_clients_that_accept_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("index.html"),
        format!("<!doctype html>{}", "<p>Dialtone</p>".repeat(200)),
    )
    .unwrap();
    let static_dir = dir.path().to_path_buf();
    let app = TestApp::with(|c| c.static_dir = static_dir).await;
    let r = app.get("/").header("accept-encoding", "gzip").send().await;
    assert_eq!(r.headers["content-encoding"], "gzip");
    let plain = app.get("/").send().await;
    assert!(!plain.headers.contains_key("content-encoding"));
}

#[tokio::test]
async fn a_path_the_apps_route_table_does_not_know_answers_its_404_page_with_status_404() {
    let dir = tempfile::tempdir().unwrap();
    let shell = "<!doctype html><div id=root></div>";
    std::fs::write(dir.path().join("index.html"), shell).unwrap();
    let routes = r#"["/","/pricing","/client/ivr/:id"]"#;
    std::fs::write(dir.path().join("routes.json"), routes).unwrap();
    let static_dir = dir.path().to_path_buf();
    let app = TestApp::with(|c| c.static_dir = static_dir).await;
    for (path, status) in [
        ("/", StatusCode::OK),
        ("/pricing", StatusCode::OK),
        ("/client/ivr/12", StatusCode::OK),
        ("/no/such/page", StatusCode::NOT_FOUND),
        ("/client/ivr/12/extra", StatusCode::NOT_FOUND),
    ] {
        let r = app.get(path).send().await;
        assert_eq!(r.status, status, "{path}");
        assert!(
            r.text.contains("<div id=root>"),
            "{path}: the app renders its page"
        );
    }
}
