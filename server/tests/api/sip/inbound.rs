//! Inbound calls from the carrier: the owner's devices ring, the inbound rate is billed,
//! and a number's route chooses which devices ring.

use super::{
    assert_charged, calls, device, micros, on_switch, talked, CALLEE, PER_SECOND, US_OUTBOUND,
};
use crate::common::{caller, TestApp};
use crate::support::switch::Switch;
use axum::http::StatusCode;
use dialtone_core::rating::rate_call;
use serde_json::json;

/// US inbound, per minute, in micro-dollars (the catalogue's seed).
const US_INBOUND: i64 = 15_000;
const OUTSIDE_CALLER: &str = "+442071234567";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_call_rings_the_owners_registered_device_and_bills_the_inbound_rate() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = on_switch(&app, "1.00").await;
    let _phone = switch.phone("ada.desk", &password).await;
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 2500).await;
    switch.assert_ran(&run);

    let seconds = talked((&app, &s, &switch), "inbound", OUTSIDE_CALLER, &mine).await;
    let cost = rate_call(seconds, US_INBOUND, PER_SECOND, 0).cost;
    assert_charged(&app, &s, before, cost).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_call_with_no_device_registered_gets_480_and_holds_nothing() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    device(&app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(&app).await;
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    switch.assert_ran(&run);
    assert!(run.messages.contains("SIP/2.0 480"), "{}", run.messages);
    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(call["status"], "no-answer");
    assert_eq!(
        micros(&app, &s, "reserved_micros").await,
        0,
        "the reservation is released"
    );
    assert_eq!(micros(&app, &s, "balance_micros").await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_number_whose_owner_cannot_pay_refuses_inbound_calls_with_402() {
    let app = TestApp::new().await;
    let (_, mine, password, switch) = on_switch(&app, "0.00").await;
    let _phone = switch.phone("ada.desk", &password).await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    switch.assert_ran(&run);
    assert!(run.messages.contains("SIP/2.0 402"), "{}", run.messages);
    // The reason phrase in plain words, not the API's code word.
    assert!(
        run.messages.contains("SIP/2.0 402 Insufficient funds"),
        "{}",
        run.messages
    );
    assert!(
        !run.messages.contains("SIP/2.0 180"),
        "the phone did not ring"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_numbers_route_rings_only_the_devices_it_names() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let desk = device(&app, &s, "ada.desk", &mine).await;
    let mobile = device(&app, &s, "ada.mobile", &mine).await;
    let number_id = app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/numbers/{number_id}/route");
    let route = app.get_as(&s, &path).await.body;
    assert_eq!(route["ringAll"], true);
    let mobile_id = route["devices"][1]["id"].as_i64().unwrap();
    assert_eq!(route["devices"][1]["username"], "ada.mobile");
    let saved = app
        .put_as(&s, &path, json!({ "devices": [mobile_id] }))
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(
        (
            saved.body["ringAll"].clone(),
            saved.body["devices"][1]["selected"].clone()
        ),
        (json!(false), json!(true))
    );
    // Another client can neither read nor set it, nor name devices that are not theirs.
    let bob = app.client("bob@example.com").await;
    assert_eq!(app.get_as(&bob, &path).await.status, StatusCode::NOT_FOUND);
    let foreign = app.put_as(&s, &path, json!({ "devices": [9999] })).await;
    assert_eq!(foreign.status, StatusCode::BAD_REQUEST);

    let switch = Switch::start(&app).await;
    let desk_phone = switch.phone("ada.desk", &desk).await;
    let mobile_phone = switch.phone("ada.mobile", &mobile).await;
    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    switch.assert_ran(&run);
    assert!(mobile_phone.rang(), "the named device rang");
    assert!(!desk_phone.rang(), "the other did not");
    assert_eq!(calls(&app, &s, 1, &switch).await[0]["status"], "completed");
}

async fn first_number_id(app: &TestApp, s: &crate::common::Session) -> i64 {
    let mine = app.get_as(&s, "/api/numbers/mine").await;
    mine.body["numbers"][0]["id"].as_i64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_number_places_and_bills_a_second_outbound_leg() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let path = format!("/api/numbers/{}/route", first_number_id(&app, &s).await);
    let set = |forward: &str| {
        app.put(&path)
            .bearer(&s.token)
            .json(json!({ "devices": [], "forwardTo": forward }))
            .send()
    };
    let bad = set("12125550199").await;
    assert_eq!(
        bad.body["errors"]["forwardTo"],
        dialtone_core::phone::E164_MESSAGE
    );
    let itself = set(&mine).await;
    assert_eq!(
        itself.body["errors"]["forwardTo"],
        dialtone_core::sip::FORWARD_TO_ITSELF_MESSAGE
    );
    let saved = set("+1 212 555 0199").await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(saved.body["forwardTo"], CALLEE);
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 2500).await;
    switch.assert_ran(&run);

    let calls = calls(&app, &s, 2, &switch).await;
    let leg = |kind: &str| {
        calls
            .iter()
            .find(|c| c["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} leg in {calls:?}"))
    };
    let (inbound, forwarded) = (leg("inbound"), leg("outbound"));
    assert_eq!(
        (&inbound["from"], &inbound["to"], &inbound["status"]),
        (&json!(OUTSIDE_CALLER), &json!(mine), &json!("completed"))
    );
    assert_eq!(
        (&forwarded["from"], &forwarded["to"], &forwarded["status"]),
        (&json!(mine), &json!(CALLEE), &json!("completed"))
    );
    let seconds = inbound["durationSeconds"].as_i64().unwrap();
    assert_eq!(forwarded["durationSeconds"].as_i64(), Some(seconds));
    assert!((2..=4).contains(&seconds), "talked 2.5 s, billed {seconds}");
    let cost = rate_call(seconds, US_INBOUND, PER_SECOND, 0).cost
        + rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_charged(&app, &s, before, cost).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forward_the_owner_cannot_pay_for_is_refused_and_holds_nothing() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let path = format!("/api/numbers/{}/route", first_number_id(&app, &s).await);
    let body = json!({ "devices": [], "forwardTo": "+999123456789" });
    let saved = app.put_as(&s, &path, body).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    switch.assert_ran(&run);
    assert!(run.messages.contains("SIP/2.0 404"), "{}", run.messages);
    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(
        (&call["type"], &call["status"]),
        (&json!("inbound"), &json!("failed"))
    );
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    assert_eq!(micros(&app, &s, "balance_micros").await, before);
}
