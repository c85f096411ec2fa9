//! Real calls: SIPp phones register and call through Kamailio, which asks this
//! Dialtone over HTTP; every test checks Dialtone's records and balances afterwards.

use crate::common::{caller, Session, TestApp};
use crate::support::switch::{Switch, AUTH_FAILURE_LIMIT};
use axum::http::StatusCode;
use dialtone_core::rating::{rate_call, Increments};
use serde_json::{json, Value};
use std::time::Duration;

/// US outbound, per minute, in micro-dollars (the catalogue's seed), billed per second.
const US_OUTBOUND: i64 = 20_000;
const PER_SECOND: Increments = Increments { first: 1, next: 1 };
const CALLEE: &str = "+12125550199";

async fn device(app: &TestApp, s: &Session, username: &str, caller_id: &str) -> String {
    let r = app
        .post("/api/sip/devices")
        .bearer(&s.token)
        .json(json!({ "username": username, "callerId": caller_id }))
        .send()
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["password"].as_str().unwrap().to_string()
}

/// The calls Dialtone recorded for `s`, once `count` are there (CDRs follow the BYE;
/// twenty seconds at most, for a machine busy with the whole suite).
async fn calls(app: &TestApp, s: &Session, count: usize, switch: &Switch) -> Vec<Value> {
    for _ in 0..200 {
        let r = app.get("/api/calls").bearer(&s.token).send().await;
        let items = r.body["items"].as_array().cloned().unwrap_or_default();
        if items.len() >= count {
            return items;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("Dialtone did not record {count} calls:\n{}", switch.log());
}

async fn micros(app: &TestApp, s: &Session, column: &str) -> i64 {
    app.scalar_for(
        &format!("SELECT {column} FROM users WHERE id = $1"),
        s.user_id,
    )
    .await
}

async fn set_us_outbound_rate(app: &TestApp, micros_per_minute: i64) {
    sqlx::query("UPDATE countries SET outbound_rate_micros = $1 WHERE code = 'US'")
        .bind(micros_per_minute)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_registers_with_its_digest_and_the_client_sees_from_where() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let stored: String = sqlx::query_scalar("SELECT ha1 FROM sip_devices")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        stored,
        dialtone_server::sip::ha1("ada.desk", "dialtone", &password)
    );
    assert!(!stored.contains(&password));
    let switch = Switch::start(&app).await;

    let run = switch
        .device("register", "ada.desk", &password, &[], 1)
        .await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
    assert!(run.messages.contains("SIP/2.0 401"), "challenged first");

    // The switch tells Dialtone after it answered the phone: wait for it.
    let mut list = Value::Null;
    for _ in 0..50 {
        list = app
            .get("/api/sip/devices")
            .bearer(&s.token)
            .send()
            .await
            .body;
        if list["items"][0]["registered"] == true {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let d = &list["items"][0];
    assert_eq!(d["registered"], true, "{}", switch.log());
    assert!(d["registeredFrom"]
        .as_str()
        .unwrap()
        .starts_with("udp:127.0.0.1:"));
    assert!(d["lastSeen"].is_string());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_digest_credentials_are_refused_then_the_address_is_throttled() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(&app).await;

    for _ in 0..AUTH_FAILURE_LIMIT {
        let run = switch
            .device("register", "ada.desk", "wrong-password", &[], 1)
            .await;
        assert!(!run.ok);
        assert!(
            run.messages.contains("SIP/2.0 403 Forbidden"),
            "{}",
            run.messages
        );
    }
    let unknown = switch.device("register", "nobody", "x", &[], 1).await;
    assert!(!unknown.ok);
    // The right password from the same address is refused too, until the count expires.
    let run = switch
        .device("register", "ada.desk", &password, &[], 1)
        .await;
    assert!(!run.ok);
    assert!(
        run.messages.contains("403 Too Many Failed Attempts"),
        "{}",
        run.messages
    );
    let list = app
        .get("/api/sip/devices")
        .bearer(&s.token)
        .send()
        .await
        .body;
    assert_eq!(list["items"][0]["registered"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_places_an_answered_call_billed_exactly_for_its_talk_time() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch
        .device(
            "call",
            "ada.desk",
            &password,
            &["-key", "to", CALLEE, "-d", "2500"],
            1,
        )
        .await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());

    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(
        (call["type"].as_str(), call["status"].as_str()),
        (Some("outbound"), Some("completed"))
    );
    assert_eq!(
        (call["from"].as_str(), call["to"].as_str()),
        (Some(mine.as_str()), Some(CALLEE))
    );
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!((2..=4).contains(&seconds), "talked 2.5 s, billed {seconds}");
    let cost = rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_eq!(before - micros(&app, &s, "balance_micros").await, cost);
    assert_eq!(
        micros(&app, &s, "reserved_micros").await,
        0,
        "the reservation is released"
    );
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_longer_than_the_balance_is_cut_by_the_switch_and_billed_what_was_held() {
    let app = TestApp::new().await;
    // $0.03 at $0.60 a minute: three seconds.
    let (s, mine) = caller(&app, "ada@example.com", "0.03").await;
    set_us_outbound_rate(&app, 600_000).await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();

    let run = switch
        .device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1)
        .await;
    assert!(
        run.ok,
        "the switch hung up: {}\n{}",
        run.errors,
        switch.log()
    );
    assert!(
        run.messages.contains("BYE sip:"),
        "the BYE came from the switch"
    );

    let call = &calls(&app, &s, 1, &switch).await[0];
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert_eq!(seconds, 3, "cut at the paid 3 s:\n{}", switch.log());
    assert_eq!(
        micros(&app, &s, "balance_micros").await,
        0,
        "all of the $0.03 held was collected"
    );
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_funds_gets_402_before_the_callee_rings() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "0.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    // No carrier runs: a call that reached it would time out instead of getting 402.
    let switch = Switch::start(&app).await;

    let run = switch
        .device(
            "call",
            "ada.desk",
            &password,
            &["-key", "to", CALLEE, "-d", "1000"],
            1,
        )
        .await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
    assert!(run.messages.contains("SIP/2.0 402"), "{}", run.messages);
    assert!(!run.messages.contains("SIP/2.0 180"), "nothing rang");
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_concurrent_calls_from_one_account_never_spend_more_than_its_balance() {
    let app = TestApp::new().await;
    // $0.05 at $0.60 a minute buys five seconds, whatever number of calls share it.
    let (s, mine) = caller(&app, "ada@example.com", "0.05").await;
    set_us_outbound_rate(&app, 600_000).await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();

    let run = switch
        .device(
            "call",
            "ada.desk",
            &password,
            &["-key", "to", CALLEE, "-d", "2000"],
            20,
        )
        .await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
    let refused = run.messages.matches("SIP/2.0 402").count();
    assert!(
        refused >= 1,
        "some calls found the money held by the others"
    );
    calls(&app, &s, 20 - refused, &switch).await;
    let balance = micros(&app, &s, "balance_micros").await;
    assert!(balance >= 0, "never below zero: {balance}");
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    let spent = app
        .scalar_for(
            "SELECT CAST(COALESCE(SUM(cost_micros), 0) AS BIGINT) FROM calls WHERE user_id = $1",
            s.user_id,
        )
        .await;
    assert_eq!(
        spent,
        50_000 - balance,
        "every call's cost came out of the $0.05"
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_device_is_its_owners_alone_and_its_caller_id_must_be_theirs() {
    let app = TestApp::new().await;
    let (a, mine) = caller(&app, "ada@example.com", "1.00").await;
    let (b, theirs) = caller(&app, "bob@example.com", "1.00").await;
    let taken = app
        .post("/api/sip/devices")
        .bearer(&b.token)
        .json(json!({ "username": "desk", "callerId": &mine }))
        .send()
        .await;
    assert_eq!(taken.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        taken.body["errors"]["callerId"],
        dialtone_core::sip::CALLER_ID_NOT_YOURS_MESSAGE
    );
    device(&app, &a, "ada.desk", &mine).await;
    let list = app
        .get("/api/sip/devices")
        .bearer(&a.token)
        .send()
        .await
        .body;
    let id = list["items"][0]["id"].as_i64().unwrap();
    assert_eq!(list["callerIds"], json!([mine]));
    let bobs = app
        .get("/api/sip/devices")
        .bearer(&b.token)
        .send()
        .await
        .body;
    assert_eq!(
        (bobs["items"].clone(), bobs["callerIds"].clone()),
        (json!([]), json!([theirs]))
    );
    let stolen = app
        .req(
            axum::http::Method::DELETE,
            &format!("/api/sip/devices/{id}"),
        )
        .bearer(&b.token)
        .send()
        .await;
    assert_eq!(stolen.status, StatusCode::NOT_FOUND);
    // A device cannot call with another account's number, even when the switch is told
    // that number: the call would bill its owner.
    let r = app
        .post("/api/telephony/authorize")
        .bearer(crate::common::SWITCH)
        .json(json!({ "callId": "spoof", "direction": "outbound", "from": theirs, "to": CALLEE, "device": "ada.desk" }))
        .send()
        .await;
    assert_eq!(
        (
            r.body["allowed"].clone(),
            r.body["reason"].clone(),
            r.body["sipStatus"].clone()
        ),
        (json!(false), json!("caller_id_not_yours"), json!(403))
    );
    let mine_ok = app
        .req(
            axum::http::Method::DELETE,
            &format!("/api/sip/devices/{id}"),
        )
        .bearer(&a.token)
        .send()
        .await;
    assert_eq!(mine_ok.status, StatusCode::NO_CONTENT);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dialtone_down_at_hangup_still_bills_the_call_once_when_it_is_back() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let mut switch = Switch::start(&app).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;

    let call = switch.device(
        "call",
        "ada.desk",
        &password,
        &["-key", "to", CALLEE, "-d", "3000"],
        1,
    );
    let outage = async {
        // Answered well within the first second; Dialtone goes away before the hangup.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        switch.stop_api();
    };
    let (run, ()) = tokio::join!(call, outage);
    assert!(
        run.ok,
        "the call itself went on: {}\n{}",
        run.errors,
        switch.log()
    );
    // The CDR fails at least once while Dialtone is away.
    for _ in 0..50 {
        if switch.log().contains("queued for retry") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        switch.log().contains("queued for retry"),
        "{}",
        switch.log()
    );
    assert_eq!(
        micros(&app, &s, "balance_micros").await,
        before,
        "nothing billed yet"
    );

    switch.start_api().await;
    let call = &calls(&app, &s, 1, &switch).await[0];
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!((2..=4).contains(&seconds), "talked 3 s, billed {seconds}");
    let cost = rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_eq!(before - micros(&app, &s, "balance_micros").await, cost);
    let charges = app
        .scalar_for(
            "SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1 AND kind = 'call'",
            s.user_id,
        )
        .await;
    assert_eq!(charges, 1, "billed once");
    app.assert_invariant().await;
}

/// US inbound, per minute, in micro-dollars (the catalogue's seed).
const US_INBOUND: i64 = 15_000;
const OUTSIDE_CALLER: &str = "+442071234567";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_call_rings_the_owners_registered_device_and_bills_the_inbound_rate() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(&app).await;
    let _phone = switch.phone("ada.desk", &password).await;
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 2500).await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());

    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(
        (call["type"].as_str(), call["status"].as_str()),
        (Some("inbound"), Some("completed"))
    );
    assert_eq!(
        (call["from"].as_str(), call["to"].as_str()),
        (Some(OUTSIDE_CALLER), Some(mine.as_str()))
    );
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!((2..=4).contains(&seconds), "talked 2.5 s, billed {seconds}");
    let cost = rate_call(seconds, US_INBOUND, PER_SECOND, 0).cost;
    assert_eq!(before - micros(&app, &s, "balance_micros").await, cost);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_call_with_no_device_registered_gets_480_and_holds_nothing() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    device(&app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(&app).await;
    let before = micros(&app, &s, "balance_micros").await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
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
    let (s, mine) = caller(&app, "ada@example.com", "0.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(&app).await;
    let _phone = switch.phone("ada.desk", &password).await;

    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
    assert!(run.messages.contains("SIP/2.0 402"), "{}", run.messages);
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
    let number_id = app
        .get("/api/numbers/mine")
        .bearer(&s.token)
        .send()
        .await
        .body["numbers"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/numbers/{number_id}/route");
    let route = app.get(&path).bearer(&s.token).send().await.body;
    assert_eq!(route["ringAll"], true);
    let mobile_id = route["devices"][1]["id"].as_i64().unwrap();
    assert_eq!(route["devices"][1]["username"], "ada.mobile");
    let saved = app
        .put(&path)
        .bearer(&s.token)
        .json(json!({ "devices": [mobile_id] }))
        .send()
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
    assert_eq!(
        app.get(&path).bearer(&bob.token).send().await.status,
        StatusCode::NOT_FOUND
    );
    let foreign = app
        .put(&path)
        .bearer(&s.token)
        .json(json!({ "devices": [9999] }))
        .send()
        .await;
    assert_eq!(foreign.status, StatusCode::BAD_REQUEST);

    let switch = Switch::start(&app).await;
    let desk_phone = switch.phone("ada.desk", &desk).await;
    let mobile_phone = switch.phone("ada.mobile", &mobile).await;
    let run = switch.carrier_call(OUTSIDE_CALLER, &mine, 1000).await;
    assert!(run.ok, "{}\n{}", run.errors, switch.log());
    assert!(mobile_phone.rang(), "the named device rang");
    assert!(!desk_phone.rang(), "the other did not");
    assert_eq!(calls(&app, &s, 1, &switch).await[0]["status"], "completed");
}
