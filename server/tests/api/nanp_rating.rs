//! +1 is shared by 25 countries (issue 41): a number of another region is never rated
//! as the United States. Calls and messages to Jamaica or the Dominican Republic are
//! refused while the catalogue has no rate for them, a Canadian area code is rated as
//! Canada, and a United States number as before.

use crate::common::{caller, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn authorize_to(app: &TestApp, id: &str, from: &str, to: &str) -> Value {
    let r = app
        .post("/api/telephony/authorize")
        .bearer(SWITCH)
        .json(json!({ "callId": id, "direction": "outbound", "from": from, "to": to }))
        .send()
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

#[tokio::test]
async fn a_caribbean_number_is_not_rated_as_the_united_states() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    for (i, to) in [
        "+18765551234",
        "+18095551234",
        "+12845551234",
        "+16495551234",
    ]
    .into_iter()
    .enumerate()
    {
        let a = authorize_to(&app, &format!("nanp-{i}"), &mine, to).await;
        assert_eq!(a["allowed"], false, "{to}: {a}");
        assert_eq!(a["reason"], "no_rate", "{to}: {a}");
        let r = app.send_sms(&s, to, "Hi").await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{to}: {}", r.body);
    }
    let us = authorize_to(&app, "nanp-us", &mine, "+12125550123").await;
    assert_eq!(us["allowed"], true, "{us}");
    let ca = authorize_to(&app, "nanp-ca", &mine, "+12045551234").await;
    assert_eq!(ca["allowed"], true, "{ca}");
}
