//! Verified caller IDs: an outside number joins the account's list only with the code
//! texted to it, under the trial codes' limits; its owner alone sees and forgets it,
//! and both steps are audited. (Calls showing one: sip/stir.rs.)

use crate::common::TestApp;
use crate::trial::code_sent_to;
use axum::http::StatusCode;
use serde_json::{json, Value};

const PATH: &str = "/api/sip/verified-caller-ids";
const OUTSIDE: &str = "+13125550142";

fn numbers(body: &Value) -> Vec<&str> {
    body["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["number"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_number_is_verified_only_with_the_code_texted_to_it_and_its_owner_alone_forgets_it() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let list = app.get_as(&ada, PATH).await;
    assert_eq!(list.status, StatusCode::OK, "{}", list.body);
    assert!(numbers(&list.body).is_empty());

    let sent = app.post_as(&ada, PATH, json!({ "number": OUTSIDE })).await;
    assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
    assert_eq!(
        sent.body["message"],
        format!("We sent a code to {OUTSIDE}.")
    );
    let code = code_sent_to(&app, OUTSIDE);
    let wrong = if code == "000000" { "111111" } else { "000000" };
    let confirm = format!("{PATH}/confirm");
    let r = app
        .post_as(&ada, &confirm, json!({ "number": OUTSIDE, "code": wrong }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body["errors"]["code"].is_string(), "{}", r.body);
    // Bob cannot use the code sent for Ada.
    let r = app
        .post_as(&bob, &confirm, json!({ "number": OUTSIDE, "code": code }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = app
        .post_as(&ada, &confirm, json!({ "number": OUTSIDE, "code": code }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(numbers(&r.body), [OUTSIDE]);
    assert!(numbers(&app.get_as(&bob, PATH).await.body).is_empty());

    let one = format!("{PATH}/%2B{}", &OUTSIDE[1..]);
    assert_eq!(
        app.delete_as(&bob, &one).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.delete_as(&ada, &one).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.delete_as(&ada, &one).await.status,
        StatusCode::NOT_FOUND
    );
    assert!(numbers(&app.get_as(&ada, PATH).await.body).is_empty());
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'sip.verified_caller_id'")
        .await;
    assert_eq!(audited, 2, "verified and forgotten");
    assert_eq!(app.get(PATH).send().await.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn no_code_goes_to_a_premium_number_or_twice_within_the_resend_wait() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let r = app
        .post_as(&ada, PATH, json!({ "number": "+19005550142" }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body["errors"]["number"].is_string(), "{}", r.body);
    let first = app.post_as(&ada, PATH, json!({ "number": OUTSIDE })).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let again = app.post_as(&ada, PATH, json!({ "number": OUTSIDE })).await;
    assert_eq!(
        again.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        again.body
    );
    // The trial's own verification shares the wait: it is one code per number.
    let trial = app
        .post_as(&ada, "/api/trial/verify", json!({ "number": OUTSIDE }))
        .await;
    assert_eq!(
        trial.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        trial.body
    );
}
