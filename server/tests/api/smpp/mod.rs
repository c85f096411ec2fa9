//! SMS over SMPP against a real SMSC (the simulator of support::smsc, on the published
//! `smpp` npm package): long messages as concatenated parts, receipts, inbound
//! messages, throttling, dropped links (`reconcile`), several SMSCs and TLS (`smscs`)
//! and two senders on one queue.

mod callbacks;
mod codes;
mod inbound;
mod link;
mod reconcile;
mod smscs;

use crate::common::{Session, TestApp};
use crate::support::smsc::Smsc;
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::time::Duration;

/// An app whose SMS go to `smsc`, with `links` sender links bound (each one what a
/// server instance runs), and a client holding $5.
pub async fn app_on(smsc: &Smsc, links: i64) -> (TestApp, Session) {
    app_on_settings(smsc, smsc.settings(), links).await
}

/// As `app_on`, with these settings for the SMSC's link.
pub async fn app_on_settings(
    smsc: &Smsc,
    settings: dialtone_server::sms::smpp::Settings,
    links: i64,
) -> (TestApp, Session) {
    let app = app_with(settings, links).await;
    smsc.wait_bound(links).await;
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "5").await;
    (app, s)
}

/// `app_on(smsc, 1)`, and the client's first US mobile number, bought.
pub async fn app_with_number(smsc: &Smsc) -> (TestApp, Session, String) {
    let (app, s) = app_on(smsc, 1).await;
    let number = app.buy_first(&s, "US", "mobile").await["number"]
        .as_str()
        .unwrap()
        .to_string();
    (app, s, number)
}

/// An app on an SMSC in `mode` that has sent `n` messages, "<prefix> 0" on, each one
/// accepted at last (status 'sent').
pub async fn sent_through(mode: Value, prefix: &str, n: i64) -> (Smsc, TestApp, Session) {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 1).await;
    smsc.mode(mode).await;
    for i in 0..n {
        send(&app, &s, "+447700900123", &format!("{prefix} {i}")).await;
    }
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        n,
    )
    .await;
    (smsc, app, s)
}

/// An app on these SMPP settings, started `spawns` times (each start runs every
/// configured link, as one instance does).
pub async fn app_with(settings: dialtone_server::sms::smpp::Settings, spawns: i64) -> TestApp {
    let app = TestApp::with(|c| {
        c.sms_provider = "smpp".into();
        c.smpp = Some(settings);
    })
    .await;
    for _ in 0..spawns {
        dialtone_server::sms::smpp::spawn(app.state.clone());
    }
    app
}

pub async fn send(app: &TestApp, s: &Session, to: &str, text: &str) -> i64 {
    let r = app.send_sms(s, to, text).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["message"]["status"], "queued");
    r.body["message"]["id"].as_i64().unwrap()
}

/// Waits (fifteen seconds at the most) until `sql` counts `n`.
pub async fn wait_count(app: &TestApp, sql: &str, n: i64) {
    wait_count_within(app, sql, n, 15).await;
}

/// Waits (`secs` at the most) until `sql` counts `n`.
pub async fn wait_count_within(app: &TestApp, sql: &str, n: i64, secs: u64) {
    for _ in 0..secs * 20 {
        if app.scalar(sql).await == n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("expected {n} from {sql}, got {}", app.scalar(sql).await);
}

/// The balance is `balance` dollars after `charges` SMS charges: each message is
/// charged once, when queued, however often its parts go to the SMSC.
pub async fn assert_charged(app: &TestApp, s: &Session, balance: f64, charges: i64) {
    assert_eq!(app.balance_of(s).await.as_f64(), Some(balance));
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM ledger_entries WHERE reference LIKE 'sms%'")
            .await,
        charges
    );
}

async fn status_of(app: &TestApp, id: i64) -> String {
    app.strings(&format!("SELECT status FROM sms_messages WHERE id = {id}"))
        .await
        .remove(0)
}

pub async fn smsc_id_of(app: &TestApp, id: i64) -> String {
    app.strings(&format!(
        "SELECT provider_id FROM sms_messages WHERE id = {id}"
    ))
    .await
    .remove(0)
}

#[tokio::test]
async fn a_long_ucs2_message_goes_as_concatenated_parts_charged_per_part() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 1).await;
    let text = "Привет, мир! ".repeat(23) + "ok";
    assert_eq!(text.chars().count(), 301);
    let id = send(&app, &s, "+447700900123", &text).await;
    wait_count(
        &app,
        &format!("SELECT COUNT(*) FROM sms_messages WHERE id = {id} AND status = 'sent'"),
        1,
    )
    .await;

    let parts = smsc.accepted().await;
    assert_eq!(parts.len(), 5, "301 UCS-2 characters are 5 parts of 67");
    let reference = &parts[0]["udh"].as_str().unwrap()[6..8];
    let mut joined = String::new();
    for (i, p) in parts.iter().enumerate() {
        assert_eq!(p["data_coding"], 8, "UCS-2");
        assert_eq!(p["esm_class"].as_u64().unwrap() & 0x40, 0x40, "UDHI set");
        assert_eq!(p["destination_addr"], "447700900123");
        // Header length 5; IEI 00 (concatenation, 8-bit reference), length 3,
        // reference, total, number.
        assert_eq!(p["udh"], format!("050003{reference}05{:02x}", i + 1));
        joined.push_str(p["text"].as_str().unwrap());
    }
    assert_eq!(joined, text);
    // $0.04 a part to the United Kingdom, five parts, charged once when queued.
    assert_charged(&app, &s, 4.8, 1).await;
    app.assert_invariant().await;
}

#[tokio::test]
async fn receipts_move_messages_to_delivered_and_to_undelivered() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 1).await;
    let good = send(&app, &s, "+447700900123", "Hello").await;
    let bad = send(&app, &s, "+447700900124", "Hello again").await;
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        2,
    )
    .await;

    smsc.receipt(&smsc_id_of(&app, good).await, "DELIVRD", "000")
        .await;
    smsc.receipt(&smsc_id_of(&app, bad).await, "UNDELIV", "034")
        .await;
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status IN ('delivered', 'undelivered')",
        2,
    )
    .await;
    assert_eq!(status_of(&app, good).await, "delivered");
    assert_eq!(status_of(&app, bad).await, "undelivered");

    let list = app.get_as(&s, "/api/sms").await.body;
    let item = |id: i64| -> Value {
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == id)
            .unwrap()
            .clone()
    };
    assert_eq!(
        item(bad)["error"],
        "The carrier could not deliver the message (UNDELIV, error 034)"
    );
    // A receipt for no message of ours is acknowledged and the link stays up.
    smsc.receipt("smsc-unknown", "DELIVRD", "000").await;
    // A receipt that arrives twice changes nothing more; undelivered is not refunded.
    smsc.receipt(&smsc_id_of(&app, good).await, "DELIVRD", "000")
        .await;
    assert_eq!(app.balance_of(&s).await.as_f64(), Some(4.92));
    assert_eq!(status_of(&app, good).await, "delivered");
    assert_eq!(smsc.bound().await, 1);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_throttling_smsc_slows_the_sender_and_loses_nothing() {
    let (smsc, app, s) = sent_through(json!({ "throttle": 3 }), "Message", 5).await;
    let texts: Vec<Value> = smsc
        .accepted()
        .await
        .iter()
        .map(|p| p["text"].clone())
        .collect();
    let mut sorted: Vec<String> = texts
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    sorted.sort();
    assert_eq!(
        sorted,
        (0..5).map(|i| format!("Message {i}")).collect::<Vec<_>>()
    );
    assert_eq!(
        smsc.submits().await.len(),
        8,
        "three throttled submits, retried"
    );
    assert_eq!(app.balance_of(&s).await.as_f64(), Some(4.8));
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_message_the_smsc_refuses_fails_and_is_refunded() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 1).await;
    smsc.mode(json!({ "reject": 1, "status": 0x45 })).await;
    let id = send(&app, &s, "+447700900123", "Refused").await;
    wait_count(
        &app,
        &format!("SELECT COUNT(*) FROM sms_messages WHERE id = {id} AND status = 'failed'"),
        1,
    )
    .await;
    assert_eq!(app.balance_of(&s).await.as_f64(), Some(5.0));
    app.assert_nothing_spent_today(&s).await;
    app.assert_invariant().await;
}

#[tokio::test]
async fn two_senders_on_one_database_never_submit_a_message_twice() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 2).await;
    for i in 0..40 {
        send(&app, &s, "+447700900123", &format!("Shared {i}")).await;
    }
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        40,
    )
    .await;
    let accepted = smsc.accepted().await;
    let mut texts: Vec<&str> = accepted
        .iter()
        .map(|p| p["text"].as_str().unwrap())
        .collect();
    texts.sort();
    texts.dedup();
    assert_eq!((accepted.len(), texts.len()), (40, 40));
    app.assert_invariant().await;
}
