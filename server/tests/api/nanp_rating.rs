//! +1 is shared by 25 countries (issue 41): a number of another region is never rated
//! as the United States. The Caribbean is in the catalogue by area code, at its own
//! rate: calls and messages there are refused until the account may reach the country
//! (geo permissions), then rated as that country; a Canadian area code is rated as
//! Canada, and a United States number as before.

use crate::common::{caller, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

async fn authorize_to(app: &TestApp, id: &str, from: &str, to: &str) -> Value {
    let r = app
        .post_as(
            SWITCH,
            "/api/telephony/authorize",
            json!({ "callId": id, "direction": "outbound", "from": from, "to": to }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

#[tokio::test]
async fn a_caribbean_number_is_not_rated_as_the_united_states() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let caribbean = [
        "+18765551234",
        "+18095551234",
        "+12845551234",
        "+16495551234",
    ];
    for (i, to) in caribbean.into_iter().enumerate() {
        let a = authorize_to(&app, &format!("nanp-{i}"), &mine, to).await;
        assert_eq!(a["allowed"], false, "{to}: {a}");
        assert_eq!(a["reason"], "country_not_permitted", "{to}: {a}");
        let r = app.send_sms(&s, to, "Hi").await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{to}: {}", r.body);
    }
    sqlx::query("UPDATE users SET voice_countries = 'US CA JM' WHERE id = $1")
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    // $20.00 at the United States' $0.02 a minute would be 1,000 minutes (capped at the
    // 4-hour maximum); at Jamaica's own rate it is what the catalogue says.
    let rate: i64 =
        sqlx::query_scalar("SELECT outbound_rate_micros FROM countries WHERE code = 'JM'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(rate > 20_000, "{rate}");
    let a = authorize_to(&app, "nanp-jm", &mine, caribbean[0]).await;
    assert_eq!(a["allowed"], true, "{a}");
    assert_eq!(a["maxDurationSeconds"], 20_000_000 * 60 / rate, "{a}");
    // That call holds all of Ada's funds: Bob calls the United States and Canada.
    let (_, his) = caller(&app, "bob@example.com", "20.00").await;
    let us = authorize_to(&app, "nanp-us", &his, "+12125550123").await;
    assert_eq!(us["allowed"], true, "{us}");
    let ca = authorize_to(&app, "nanp-ca", &his, "+12045551234").await;
    assert_eq!(ca["allowed"], true, "{ca}");
}
