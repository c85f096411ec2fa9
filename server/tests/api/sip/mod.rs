//! Real calls: SIPp phones register and call through Kamailio, which asks this
//! Dialtone over HTTP; every test checks Dialtone's records and balances afterwards.

mod caller_id;
mod credentials;
mod devices;
mod edge;
mod failover;
mod geo;
mod inbound;
mod keepalive;
mod limits;
mod live;
mod outbound;
mod overload;
mod paid_limit;
mod restart;
mod stir;

use crate::common::{Session, TestApp};
use crate::support::switch::{SippRun, Switch};
use axum::http::StatusCode;
use dialtone_core::rating::Increments;
use serde_json::{json, Value};
use std::time::Duration;

/// US outbound, per minute, in micro-dollars (the catalogue's seed), billed per second.
pub const US_OUTBOUND: i64 = 20_000;
pub const PER_SECOND: Increments = Increments { first: 1, next: 1 };
pub const CALLEE: &str = "+12125550199";

/// "ada.desk" places `calls` calls at once to CALLEE (the `call` scenario), each
/// talking `talk_ms` if answered: the device's side of `Switch::carrier_call`.
pub async fn desk_calls(switch: &Switch, password: &str, talk_ms: u32, calls: u32) -> SippRun {
    let talk = talk_ms.to_string();
    let args = ["-key", "to", CALLEE, "-d", &talk];
    switch
        .device("call", "ada.desk", password, &args, calls)
        .await
}

/// How many calls of a SIPp trace got `status` (a response retransmitted for a
/// retransmitted INVITE counts once).
pub fn calls_answered(messages: &str, status: &str) -> usize {
    let mut ids: Vec<&str> = messages
        .split(status)
        .skip(1)
        .filter_map(|after| {
            after
                .lines()
                .find(|l| l.to_ascii_lowercase().starts_with("call-id:"))
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.len()
}

/// The carrier's trace once `calls` of its calls got a BYE, or as it stands after 10 s.
/// A call's record can land before the carrier's SIPp has logged the BYE the switch sent
/// with it (seen once in a loaded make test: the record was there, the BYE not yet).
pub async fn carrier_after_byes(switch: &Switch, calls: usize) -> String {
    for _ in 0..100 {
        let carrier = switch.carrier_messages();
        if calls_answered(&carrier, "BYE sip:") >= calls {
            return carrier;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    switch.carrier_messages()
}

/// A device's call that the switch ended: SIPp saw it through, and the BYE came from
/// Kamailio rather than from the device.
pub fn assert_hung_up_by_switch(run: &SippRun, switch: &Switch) {
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
}

pub async fn device(app: &TestApp, s: &Session, username: &str, caller_id: &str) -> String {
    let r = app
        .post_as(
            &s,
            "/api/sip/devices",
            json!({ "username": username, "callerId": caller_id, "password": s.password }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.body["password"].as_str().unwrap().to_string()
}

/// The calls Dialtone recorded for `s`, once `count` are there (CDRs follow the BYE;
/// twenty seconds at most, for a machine busy with the whole suite).
pub async fn calls(app: &TestApp, s: &Session, count: usize, switch: &Switch) -> Vec<Value> {
    for _ in 0..200 {
        let r = app.get_as(&s, "/api/calls").await;
        let items = r.body["items"].as_array().cloned().unwrap_or_default();
        if items.len() >= count {
            return items;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("Dialtone did not record {count} calls:\n{}", switch.log());
}

/// `s`'s call in progress once the switch has reported it answered (ten seconds at
/// most).
pub async fn answered(app: &TestApp, s: &Session, switch: &Switch) -> Value {
    for _ in 0..100 {
        let live = app.get_as(s, "/api/calls/live").await;
        if live.body["items"][0]["answeredAt"].is_i64() {
            return live.body["items"][0].clone();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the call was not answered:\n{}", switch.log());
}

/// Waits (five seconds at most) until the switch has logged that a CDR was not taken.
pub async fn cdr_queued(switch: &Switch) {
    for _ in 0..50 {
        if switch.log().contains("queued for retry") {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no CDR was queued:\n{}", switch.log());
}

pub async fn micros(app: &TestApp, s: &Session, column: &str) -> i64 {
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

/// Ada, with `left` dollars after buying a US number, her device "ada.desk" calling as
/// that number, and the switch, no carrier behind it: (session, number, device password,
/// switch).
pub async fn on_switch(app: &TestApp, left: &str) -> (Session, String, String, Switch) {
    let (s, mine) = crate::common::caller(app, "ada@example.com", left).await;
    let password = device(app, &s, "ada.desk", &mine).await;
    let switch = Switch::start(app).await;
    (s, mine, password, switch)
}

/// As `on_switch`, with US outbound at `rate` (micro-dollars a minute) if given, and the
/// switch's carrier answering.
pub async fn calling(
    app: &TestApp,
    left: &str,
    rate: Option<i64>,
) -> (Session, String, String, Switch) {
    if let Some(rate) = rate {
        set_us_outbound_rate(app, rate).await;
    }
    let (s, mine, password, mut switch) = on_switch(app, left).await;
    switch.start_carrier();
    (s, mine, password, switch)
}

/// A new app with `calling` at $1.00 left and the seeded US rate, and her balance
/// before any call: (app, session, device password, switch, balance in micro-dollars).
pub async fn calling_on_a_dollar() -> (TestApp, Session, String, Switch, i64) {
    let app = TestApp::new().await;
    let (s, _, password, switch) = calling(&app, "1.00", None).await;
    let before = micros(&app, &s, "balance_micros").await;
    (app, s, password, switch, before)
}

/// One desk call talking `talk_ms` while `meanwhile` happens to Dialtone or the switch
/// (an outage, a restart); both run to their end.
pub async fn desk_call_while(
    switch: &Switch,
    password: &str,
    talk_ms: u32,
    meanwhile: impl std::future::Future<Output = ()>,
) -> SippRun {
    let (run, ()) = tokio::join!(desk_calls(switch, password, talk_ms, 1), meanwhile);
    run
}

/// The calls cost the client `cost` from `before`, nothing is held back any more, and
/// the books balance.
pub async fn assert_charged(app: &TestApp, s: &Session, before: i64, cost: i64) {
    assert_eq!(before - micros(app, s, "balance_micros").await, cost);
    assert_eq!(micros(app, s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}

/// The client's one call, `kind` ("inbound" or "outbound") from `from` to `to`, completed
/// after 2.5 s of talk: billed for 2 to 4 seconds, which it returns.
pub async fn talked(
    (app, s, switch): (&TestApp, &Session, &Switch),
    kind: &str,
    from: &str,
    to: &str,
) -> i64 {
    let call = &calls(app, s, 1, switch).await[0];
    assert_eq!(
        (call["type"].as_str(), call["status"].as_str()),
        (Some(kind), Some("completed"))
    );
    assert_eq!(
        (call["from"].as_str(), call["to"].as_str()),
        (Some(from), Some(to))
    );
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!((2..=4).contains(&seconds), "talked 2.5 s, billed {seconds}");
    seconds
}
