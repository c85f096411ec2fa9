//! Geo permissions (issue 43): an account reaches only the countries its permissions
//! hold, for calls, messages, the Twilio API and the trial's codes; an administrator
//! grants a blocked one on request, sets the default set of new accounts and refuses
//! high-risk prefixes for everyone.

use crate::common::{authorize, caller, Session, TestApp};
use crate::twilio::{assert_twilio_error, creds, post};
use axum::http::StatusCode;
use dialtone_core::permissions as geo;
use serde_json::{json, Value};

pub const SOMALIA: &str = "+252612345678";

/// Somalia, in the world catalogue since migration 0043, priced as a dear destination
/// ($0.90 a minute), so a refusal is the permission's, not a missing rate's, and the
/// fraud tests see a costly call.
pub async fn sell_somalia(app: &TestApp) {
    let r = sqlx::query(
        "UPDATE countries SET inbound_rate_micros = 90000, outbound_rate_micros = 900000, \
         sms_rate_micros = 90000 WHERE code = 'SO'",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(r.rows_affected(), 1, "Somalia is in the catalogue");
}

async fn permissions(app: &TestApp, s: &Session) -> Value {
    let r = app.get_as(s, "/api/permissions").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body
}

fn state_of<'a>(page: &'a Value, iso: &str, channel: &str) -> &'a Value {
    let row = page["countries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["iso"] == iso)
        .unwrap_or_else(|| panic!("{iso} listed: {page}"));
    &row[channel]
}

#[tokio::test]
async fn a_country_outside_the_set_is_refused_for_calls_messages_the_api_and_trial_codes() {
    let app = TestApp::new().await;
    sell_somalia(&app).await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let a = authorize(&app, "so-1", "outbound", &mine, SOMALIA).await;
    assert_eq!(
        (a["allowed"].clone(), a["reason"].clone()),
        (json!(false), json!("country_not_permitted")),
        "{a}"
    );
    assert_eq!(a["sipStatus"], 403, "{a}");
    let r = app.send_sms(&s, SOMALIA, "Hi").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(r.body["errors"]["to"], geo::COUNTRY_NOT_PERMITTED_MESSAGE);
    let c = creds(&app, &s).await;
    let api = post(
        &app,
        &c,
        "/Messages.json",
        &[("To", SOMALIA), ("From", &mine), ("Body", "Hi")],
    )
    .await;
    assert_twilio_error(&api, 400, 21408);
    let trial = app.client("newcomer@example.com").await;
    let r = app
        .post_as(&trial, "/api/trial/verify", json!({ "number": SOMALIA }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["number"],
        geo::COUNTRY_NOT_PERMITTED_MESSAGE
    );
    let sent = app.scalar("SELECT COUNT(*) FROM sms_messages").await;
    assert_eq!(sent, 0, "nothing was sent");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM call_reservations").await,
        0
    );
    let us = authorize(&app, "us-1", "outbound", &mine, "+12125550123").await;
    assert_eq!(us["allowed"], true, "{us}");
}

#[tokio::test]
async fn a_request_granted_by_an_administrator_opens_the_country_once() {
    let app = TestApp::new().await;
    sell_somalia(&app).await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let admin = app.admin("root@example.com").await;
    assert_eq!(
        state_of(&permissions(&app, &s).await, "SO", "voice")["status"],
        "blocked"
    );
    let ask = json!({ "channel": "voice", "country": "SO", "note": "Family in Mogadishu" });
    let r = app
        .post_as(&s, "/api/permissions/requests", ask.clone())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let again = app.post_as(&s, "/api/permissions/requests", ask).await;
    assert_eq!(again.status, StatusCode::CONFLICT, "{}", again.body);
    assert_eq!(
        state_of(&permissions(&app, &s).await, "SO", "voice")["status"],
        "requested"
    );
    let waiting = app.get_as(&admin, "/api/admin/permissions").await.body;
    let request = &waiting["requests"][0];
    assert_eq!(
        (request["country"].clone(), request["email"].clone()),
        (json!("SO"), json!("ada@example.com"))
    );
    let id = request["id"].as_i64().unwrap();
    let path = format!("/api/admin/permissions/requests/{id}");
    let r = app.post_as(&admin, &path, json!({ "approve": true })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let twice = app
        .post_as(&admin, &path, json!({ "approve": false }))
        .await;
    assert_eq!(twice.status, StatusCode::CONFLICT, "{}", twice.body);
    assert_eq!(app.notices(&s, "permissions").await, 1);
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'permissions.request'")
        .await;
    assert_eq!(audited, 1);
    let a = authorize(&app, "so-2", "outbound", &mine, SOMALIA).await;
    assert_eq!(a["allowed"], true, "{a}");
    // Messages stay closed: the grant was for calls.
    assert_eq!(
        state_of(&permissions(&app, &s).await, "SO", "sms")["status"],
        "blocked"
    );
    // Clients may not answer requests.
    let r = app.post_as(&s, &path, json!({ "approve": true })).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_customer_turns_countries_off_and_back_on_only_within_the_default_set() {
    let app = TestApp::new().await;
    sell_somalia(&app).await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let toggle = |channel: &str, country: &str, allowed: bool| {
        app.put(&format!("/api/permissions/{channel}/{country}"))
            .bearer(&s.token)
            .json(json!({ "allowed": allowed }))
            .send()
    };
    let off = toggle("voice", "US", false).await;
    assert_eq!(off.status, StatusCode::OK, "{}", off.body);
    assert_eq!(state_of(&off.body, "US", "voice")["status"], "blocked");
    let a = authorize(&app, "us-off", "outbound", &mine, "+12125550123").await;
    assert_eq!(a["reason"], "country_not_permitted", "{a}");
    let on = toggle("voice", "US", true).await;
    assert_eq!(on.status, StatusCode::OK, "{}", on.body);
    let a = authorize(&app, "us-on", "outbound", &mine, "+12125550123").await;
    assert_eq!(a["allowed"], true, "{a}");
    let so = toggle("voice", "SO", true).await;
    assert_eq!(so.status, StatusCode::FORBIDDEN, "{}", so.body);
    assert_eq!(so.body["message"], geo::ASK_MESSAGE);
    assert_eq!(
        toggle("fax", "US", false).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        toggle("voice", "USA", false).await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn high_risk_prefixes_are_refused_in_any_country_and_new_accounts_get_the_default_set() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "20.00").await;
    let admin = app.admin("root@example.com").await;
    let bad = json!({ "voiceCountries": "USA", "smsCountries": "US", "highRiskPrefixes": "+0" });
    let r = app.put_as(&admin, "/api/admin/permissions", bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["voiceCountries"],
        geo::COUNTRY_LIST_MESSAGE
    );
    assert_eq!(
        r.body["errors"]["highRiskPrefixes"],
        geo::PREFIX_LIST_MESSAGE
    );
    let lists =
        json!({ "voiceCountries": "us ca", "smsCountries": "US", "highRiskPrefixes": "+1212 252" });
    let r = app.put_as(&admin, "/api/admin/permissions", lists).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["voiceCountries"], "CA US");
    assert_eq!(r.body["highRiskPrefixes"], "1212 252");
    let a = authorize(&app, "hr-1", "outbound", &mine, "+12125550123").await;
    assert_eq!(a["reason"], "destination_not_allowed", "{a}");
    let ok = authorize(&app, "hr-2", "outbound", &mine, "+14155550123").await;
    assert_eq!(ok["allowed"], true, "{ok}");
    let r = app.send_sms(&s, "+12125550123", "Hi").await;
    assert_eq!(r.body["errors"]["to"], geo::HIGH_RISK_MESSAGE, "{}", r.body);
    let c = creds(&app, &s).await;
    let api = post(
        &app,
        &c,
        "/Messages.json",
        &[("To", "+12125550123"), ("From", &mine), ("Body", "Hi")],
    )
    .await;
    assert_twilio_error(&api, 400, 21612);
    // The account made before keeps its set; a new one gets the administrator's.
    assert_eq!(
        state_of(&permissions(&app, &s).await, "GB", "voice")["status"],
        "allowed"
    );
    let newcomer = app.client("new@example.com").await;
    let page = permissions(&app, &newcomer).await;
    assert_eq!(state_of(&page, "GB", "voice")["status"], "blocked");
    assert_eq!(state_of(&page, "CA", "voice")["status"], "allowed");
    assert_eq!(state_of(&page, "CA", "sms")["status"], "blocked");
    assert_eq!(state_of(&page, "GB", "voice")["selfService"], false);
}

/// The row of `iso` on the page.
fn row<'a>(page: &'a Value, iso: &str) -> Option<&'a Value> {
    page["countries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["iso"] == iso)
}

#[tokio::test]
async fn a_country_outside_the_price_list_is_listed_once_asked_for_and_granted() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let admin = app.admin("root@example.com").await;
    // Every country with a calling code is in the catalogue: this operator took Jamaica
    // out of its price list.
    sqlx::query("DELETE FROM countries WHERE code = 'JM'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert!(row(&permissions(&app, &s).await, "JM").is_none());

    let ask = json!({ "channel": "voice", "country": "JM", "note": "Clients in Kingston" });
    let r = app.post_as(&s, "/api/permissions/requests", ask).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let page = permissions(&app, &s).await;
    let jm = row(&page, "JM").unwrap_or_else(|| panic!("Jamaica listed once asked: {page}"));
    assert_eq!(jm["voice"]["status"], "requested");

    let waiting = app.get_as(&admin, "/api/admin/permissions").await.body;
    let id = waiting["requests"][0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/permissions/requests/{id}");
    let r = app.post_as(&admin, &path, json!({ "approve": true })).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    let page = permissions(&app, &s).await;
    let jm = row(&page, "JM").unwrap_or_else(|| panic!("Jamaica listed once granted: {page}"));
    assert_eq!(
        (&jm["name"], &jm["callingCode"], &jm["flag"]),
        (&json!("Jamaica"), &json!("1"), &json!("🇯🇲"))
    );
    assert_eq!(
        (&jm["outboundRate"], &jm["smsRate"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(jm["voice"]["status"], "allowed");
    assert_eq!(jm["sms"]["status"], "blocked");
    let listed = page["countries"].as_array().unwrap();
    assert_eq!(listed.iter().filter(|c| c["iso"] == "JM").count(), 1);
}
