//! Rate decks (issue 23): upload with every error by line, preview, apply effective at
//! the deck's date, rating by the longest prefix of the deck in force at a call's
//! start (on every instance), and export that uploads back as the same deck.

use crate::common::{authorize, caller, send_cdr, Resp, Session, TestApp, SWITCH};
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use dialtone_server::config::Config;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

pub const HEADER: &str = "prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from";
/// A UK mobile number and a London one: 447 and 4420 under 44.
const UK_MOBILE: &str = "+447700900123";
const LONDON: &str = "+442071234567";

pub fn day(offset_days: i64) -> String {
    (chrono::Utc::now() + chrono::Duration::days(offset_days))
        .format("%Y-%m-%d")
        .to_string()
}

/// UK at 6 cents a minute outbound, UK mobile (447) at 30 cents, per second.
fn uk_deck(date: &str) -> String {
    format!(
        "{HEADER}\n44,United Kingdom,UK,landline,0.02,0.06,0.04,1,1,{date}\n\
         447,United Kingdom mobile,UK,mobile,0.02,0.3,0.05,1,1,{date}\n"
    )
}

async fn upload(app: &TestApp, admin: &Session, name: &str, csv: String) -> Resp {
    app.post(&format!("/api/admin/rate-decks?name={name}"))
        .bearer(&admin.token)
        .raw("text/csv", csv)
        .send()
        .await
}

pub async fn uploaded(app: &TestApp, admin: &Session, csv: String) -> i64 {
    let r = upload(app, admin, "Carrier", csv).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    assert_eq!(r.body["item"]["status"], "draft");
    r.body["item"]["id"].as_i64().unwrap()
}

async fn apply(app: &TestApp, admin: &Session, id: i64) -> Value {
    let r = app
        .post_empty_as(admin, &format!("/api/admin/rate-decks/{id}/apply"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["item"].clone()
}

/// A completed outbound call of `seconds` that started now; what it cost.
async fn call_cost(app: &TestApp, call_id: &str, from: &str, to: &str, seconds: i64) -> f64 {
    let a = authorize(app, call_id, "outbound", from, to).await;
    assert_eq!(a["allowed"], true, "{a}");
    // To the millisecond: a deck applied within the same second rates this call.
    let start = chrono::Utc::now();
    let end = start + chrono::Duration::seconds(seconds);
    let r = send_cdr(
        app,
        json!({ "callId": call_id, "direction": "outbound", "from": from, "to": to,
            "startedAt": start.to_rfc3339(), "answeredAt": start.to_rfc3339(), "endedAt": end.to_rfc3339(),
            "durationSeconds": seconds, "status": "completed", "recording": false }),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    r.body["cost"].as_f64().unwrap()
}

#[tokio::test]
async fn a_deck_with_errors_is_refused_with_every_error_by_line() {
    let (app, admin) = TestApp::with_admin().await;
    let date = day(0);
    let csv = format!(
        "{HEADER}\n44,United Kingdom,UK,landline,0.02,0.06,0.04,1,1,{date}\n\
         44,Again,UK,landline,0.02,0.06,0.04,1,1,{date}\n\
         33,France,XX,landline,0.02,abc,0.04,1,1,{date}\n\
         49,Germany,DE,landline,0.02,0.06,0.04,0,1,{date}\n"
    );
    let r = upload(&app, &admin, "Broken", csv).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert_eq!(r.body["message"], "The deck has 4 errors");
    assert_eq!(r.body["total"], 4);
    let lines: Vec<(i64, &str)> = r.body["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["line"].as_i64().unwrap(), e["field"].as_str().unwrap()))
        .collect();
    assert_eq!(
        lines,
        [
            (3, "prefix"),
            (4, "country"),
            (4, "outbound"),
            (5, "firstIncrement")
        ]
    );
    assert_eq!(
        r.body["lines"][0]["message"],
        "Prefix 44 is already on line 2"
    );
    // Nothing of it was kept.
    let list = app.get_as(&admin, "/api/admin/rate-decks").await;
    assert_eq!(list.body["items"], json!([]));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM rate_deck_rows").await, 0);
    // A name is required, and only an administrator may upload.
    let r = upload(&app, &admin, "", uk_deck(&date)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    // In the operation's one 400 shape: the name's error and no line.
    assert_eq!(r.body["errors"]["name"], r.body["message"]);
    assert_eq!(
        (r.body["lines"].clone(), r.body["total"].clone()),
        (json!([]), json!(0))
    );
    let client = app.client("c@example.com").await;
    let r = upload(&app, &client, "Mine", uk_deck(&date)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn calls_rate_by_the_longest_prefix_of_the_live_deck() {
    let (app, admin) = TestApp::with_admin().await;
    let (who, number) = caller(&app, "caller@example.com", "10").await;
    // Rating, not limits: calls come faster than an account may place them.
    app.without_limits(who.user_id).await;
    // Before any deck: Country Pricing's UK rate (2.5 cents) for both.
    assert_eq!(
        call_cost(&app, "before-1", &number, UK_MOBILE, 60).await,
        0.025
    );
    let id = uploaded(&app, &admin, uk_deck(&day(0))).await;
    let preview = app
        .get_as(&admin, &format!("/api/admin/rate-decks/{id}/preview"))
        .await;
    assert_eq!(preview.status, StatusCode::OK, "{}", preview.text);
    assert_eq!(preview.body["against"], Value::Null);
    assert_eq!(preview.body["diff"]["added"], 2);
    // A draft rates nothing.
    assert_eq!(
        call_cost(&app, "draft-1", &number, UK_MOBILE, 60).await,
        0.025
    );
    let deck = apply(&app, &admin, id).await;
    assert_eq!(deck["status"], "live");
    assert_eq!(call_cost(&app, "deck-1", &number, UK_MOBILE, 60).await, 0.3);
    assert_eq!(call_cost(&app, "deck-2", &number, LONDON, 60).await, 0.06);
    // A number no deck prefix covers keeps its per-country rate (US: 2 cents).
    assert_eq!(
        call_cost(&app, "deck-3", &number, "+12125550100", 60).await,
        0.02
    );
    let again = app
        .post_empty_as(&admin, &format!("/api/admin/rate-decks/{id}/apply"))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);

    // The next deck moves UK mobile by +50% (flagged at 10%), drops 44 and adds
    // London (4420): the preview compares it with the live deck.
    let date = day(0);
    let next = format!(
        "{HEADER}\n447,United Kingdom mobile,UK,mobile,0.02,0.45,0.05,1,1,{date}\n\
         4420,London,UK,landline,0.02,0.063,0.04,1,1,{date}\n"
    );
    let id2 = uploaded(&app, &admin, next).await;
    let p = app
        .get_as(
            &admin,
            &format!("/api/admin/rate-decks/{id2}/preview?threshold=10"),
        )
        .await;
    assert_eq!(p.body["against"]["id"], id);
    let d = &p.body["diff"];
    assert_eq!(
        (
            d["added"].clone(),
            d["changed"].clone(),
            d["removed"].clone(),
            d["flagged"].clone()
        ),
        (json!(1), json!(1), json!(1), json!(2))
    );
    // Flagged, by prefix: London is new to the deck, 152% above the United Kingdom's
    // country rate that rates it now; UK mobile moves +50%.
    assert_eq!(d["changes"][0]["prefix"], "4420");
    assert_eq!(d["changes"][0]["moves"][1]["rate"], "outbound");
    assert_eq!(d["changes"][0]["moves"][1]["percent"], "152");
    assert_eq!(d["changes"][1]["prefix"], "447");
    assert_eq!(d["changes"][1]["moves"][0]["percent"], "50");
    apply(&app, &admin, id2).await;
    assert_eq!(call_cost(&app, "deck-4", &number, LONDON, 60).await, 0.063);
    // Leeds matched only 44, which the live deck no longer has: per-country again.
    assert_eq!(
        call_cost(&app, "deck-5", &number, "+441134960000", 60).await,
        0.025
    );
    let list = app.get_as(&admin, "/api/admin/rate-decks").await;
    let statuses: Vec<&str> = list.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["live", "superseded"]);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_deck_effective_tomorrow_does_not_rate_todays_calls() {
    let (app, admin) = TestApp::with_admin().await;
    let (who, number) = caller(&app, "caller@example.com", "10").await;
    // Rating, not limits: calls come faster than an account may place them.
    app.without_limits(who.user_id).await;
    let id = uploaded(&app, &admin, uk_deck(&day(1))).await;
    let deck = apply(&app, &admin, id).await;
    assert_eq!(deck["status"], "scheduled");
    assert_eq!(
        call_cost(&app, "today-1", &number, UK_MOBILE, 60).await,
        0.025
    );
    // A call that starts tomorrow is rated with it (a CDR carries its start).
    let start = chrono::NaiveDate::parse_from_str(&day(1), "%Y-%m-%d")
        .unwrap()
        .and_hms_opt(0, 30, 0)
        .unwrap()
        .and_utc()
        .timestamp();
    let r = send_cdr(
        &app,
        json!({ "callId": "tomorrow-1", "direction": "outbound", "from": number,
        "to": UK_MOBILE, "startedAt": start, "answeredAt": start, "endedAt": start + 60,
        "durationSeconds": 60, "status": "completed", "recording": false }),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["cost"], 0.3);
    app.assert_invariant().await;
}

/// A deck of `rows` German landline zones, effective on `date`.
fn german_zones(rows: i64, date: &str) -> String {
    let mut csv = format!("{HEADER}\n");
    for i in 0..rows {
        csv.push_str(&format!(
            "{},\"Zone {i}, fixed\",DE,landline,0.0{:03},0.1,0.065,60,6,{date}\n",
            4_930_000 + i,
            i % 1000
        ));
    }
    csv
}

#[tokio::test]
async fn a_deck_exported_to_a_browser_that_takes_gzip_arrives_whole() {
    let (app, admin) = TestApp::with_admin().await;
    // Three pages of the export's stream (5,000 rows each), through the compression
    // layer as every browser asks for it.
    let id = uploaded(&app, &admin, german_zones(12_000, &day(0))).await;
    let export = app
        .get(&format!("/api/admin/rate-decks/{id}/export"))
        .bearer(&admin.token)
        .header("accept-encoding", "gzip")
        .send()
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert_eq!(export.headers[header::CONTENT_ENCODING], "gzip");
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(&export.bytes[..]),
        &mut text,
    )
    .expect("a whole gzip stream");
    assert_eq!(text.lines().count(), 12_001);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("4941999,\"Zone 11999, fixed\""), "{last}");
}

#[tokio::test]
async fn an_exported_deck_uploads_back_as_the_same_deck() {
    let (app, admin) = TestApp::with_admin().await;
    let date = day(0);
    let id = uploaded(&app, &admin, german_zones(12_000, &date)).await;
    let list = app.get_as(&admin, "/api/admin/rate-decks").await;
    assert_eq!(list.body["items"][0]["rows"], 12_000);
    let export = app
        .get_as(&admin, &format!("/api/admin/rate-decks/{id}/export"))
        .await;
    assert_eq!(export.status, StatusCode::OK);
    assert!(export.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let lines: Vec<&str> = export.text.lines().collect();
    assert_eq!(lines.len(), 12_001);
    assert_eq!(lines[0], HEADER);
    assert_eq!(
        lines[1],
        format!("4930000,\"Zone 0, fixed\",DE,landline,0,0.1,0.065,60,6,{date}")
    );
    apply(&app, &admin, id).await;
    let again = uploaded(&app, &admin, export.text.clone()).await;
    let p = app
        .get_as(&admin, &format!("/api/admin/rate-decks/{again}/preview"))
        .await;
    let d = &p.body["diff"];
    assert_eq!(
        (
            d["unchanged"].clone(),
            d["added"].clone(),
            d["changed"].clone(),
            d["removed"].clone()
        ),
        (json!(12_000), json!(0), json!(0), json!(0))
    );
    let second = app
        .get_as(&admin, &format!("/api/admin/rate-decks/{again}/export"))
        .await;
    assert_eq!(second.text, export.text);
}

/// A request of the switch to one instance's router.
async fn switch(router: &Router, path: &str, body: Value) -> Value {
    let request = Request::post(path)
        .header(header::AUTHORIZATION, format!("Bearer {SWITCH}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

/// What the other instance allows a call to UK mobile, its reservation released after.
async fn allowed_seconds(router: &Router, from: &str, call_id: &str) -> i64 {
    let ask = json!({ "callId": call_id, "direction": "outbound", "from": from, "to": UK_MOBILE });
    let answer = switch(router, "/api/telephony/authorize", ask).await;
    let now = chrono::Utc::now().timestamp();
    let unanswered = json!({ "callId": call_id, "direction": "outbound", "from": from, "to": UK_MOBILE,
        "startedAt": now, "answeredAt": null, "endedAt": now, "durationSeconds": 0,
        "status": "no-answer", "recording": false });
    switch(router, "/api/telephony/cdr", unanswered).await;
    answer["maxDurationSeconds"].as_i64().unwrap()
}

#[tokio::test]
async fn a_deck_applied_on_one_instance_rates_calls_on_another() {
    let (app, admin) = TestApp::with_admin().await;
    let (who, number) = caller(&app, "caller@example.com", "1").await;
    // Rating, not limits: calls come faster than an account may place them.
    app.without_limits(who.user_id).await;
    let dir = tempfile::tempdir().unwrap();
    let config = Config::local(
        app.state.config.database_url.clone(),
        dir.path().to_path_buf(),
    );
    let other = dialtone_server::app(dialtone_server::prepare(config).await.unwrap());
    // $1 at Country Pricing's 2.5 cents a minute: 2,400 s; the other instance has now
    // read the schedule (no deck) and holds it.
    assert_eq!(allowed_seconds(&other, &number, "other-0").await, 2400);
    let id = uploaded(&app, &admin, uk_deck(&day(0))).await;
    apply(&app, &admin, id).await;
    // At the deck's 30 cents a minute the dollar buys 200 s.
    let deadline = Instant::now() + Duration::from_secs(10);
    for i in 1.. {
        let max = allowed_seconds(&other, &number, &format!("other-{i}")).await;
        if max == 200 {
            break;
        }
        assert_eq!(max, 2400);
        assert!(
            Instant::now() < deadline,
            "the other instance still rates per country"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    app.assert_invariant().await;
}
