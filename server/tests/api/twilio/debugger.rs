//! The Debugger lists the errors an account's Twilio API requests got, as Twilio's
//! does: method, path, parameters, status, code and message; a request whose
//! credentials failed is in nobody's Debugger.

use super::{assert_twilio_error, creds, get, post, Creds};
use crate::common::{caller, TestApp};
use axum::http::StatusCode;
use serde_json::Value;

async fn api_events(app: &TestApp, s: &crate::common::Session) -> Vec<Value> {
    let r = app.get_as(s, "/api/debugger?source=api").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["items"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_refused_api_request_is_in_its_accounts_debugger_and_a_failed_sign_in_in_nobodys() {
    let app = TestApp::new().await;
    let (ada, number) = caller(&app, "ada@example.com", "1").await;
    let (bob, _) = caller(&app, "bob@example.com", "1").await;
    let c = creds(&app, &ada).await;
    let form = [("To", "0770"), ("From", number.as_str()), ("Body", "Hi")];
    let refused = post(&app, &c, "/Messages.json", &form).await;
    assert_twilio_error(&refused, 400, 21211);
    // Went through: not an error.
    assert_eq!(get(&app, &c, "/Messages.json").await.status, StatusCode::OK);
    // Ada's account SID with a wrong secret: not hers to see.
    let wrong = Creds {
        secret: "not-the-token".into(),
        ..c.clone()
    };
    assert_eq!(
        post(&app, &wrong, "/Messages.json", &form).await.status,
        401
    );

    let events = api_events(&app, &ada).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let e = &events[0];
    assert_eq!(
        (
            e["source"].as_str(),
            e["level"].as_str(),
            e["code"].as_i64()
        ),
        (Some("api"), Some("error"), Some(21211))
    );
    assert_eq!(
        (e["method"].as_str(), e["status"].as_i64()),
        (Some("POST"), Some(400))
    );
    let url = e["url"].as_str().unwrap();
    assert!(
        url.ends_with(&format!("/Accounts/{}/Messages.json", c.account_sid)),
        "{url}"
    );
    assert!(e["request"].as_str().unwrap().contains("To=0770"), "{e}");
    assert_eq!(e["message"], refused.body["message"]);
    assert!(e["response"].as_str().unwrap().contains("21211"), "{e}");
    assert!(api_events(&app, &bob).await.is_empty());

    // A resource that is not there, asked with a query: the query is what was sent.
    let missing = get(
        &app,
        &c,
        "/Messages/SM00000000000000000000000000000000.json?x=1",
    )
    .await;
    assert_twilio_error(&missing, 404, 20404);
    let events = api_events(&app, &ada).await;
    assert_eq!(events.len(), 2);
    assert_eq!(
        (events[0]["method"].as_str(), events[0]["request"].as_str()),
        (Some("GET"), Some("x=1"))
    );
}
