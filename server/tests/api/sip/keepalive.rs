//! Keep-alives: a call whose BYE never comes (a phone or trunk gone from the network)
//! is ended by the switch once a leg stops answering its in-dialog OPTIONS, billed its
//! talk time until then instead of its whole paid time; the leg still there gets its
//! BYE, and a call whose legs answer goes on. Here every 30 seconds (the dialog
//! module's least; DIALTONE_SIP_KEEPALIVE), so each test takes about 45 s.

use super::{
    answered, assert_hung_up_by_switch, calls, calls_answered, carrier_after_byes, desk_calls,
    device, micros, CALLEE, PER_SECOND, US_OUTBOUND,
};
use crate::common::{caller, Session, TestApp};
use crate::support::switch::Switch;
use dialtone_core::rating::rate_call;
use serde_json::Value;

const INTERVAL: i64 = 30;
/// The most a dead call is billed: its first keep-alive (answer + INTERVAL), 5 s of
/// retransmitting it, the dialog module's 10 s before the end, and a margin for the
/// timers' whole-second ticks on a busy machine.
const DEAD_CALL_MOST: i64 = INTERVAL + 5 + 10 + 10;

/// Ada with $1.00 (50 minutes of paid time at the seeded US rate), her desk phone, and
/// a switch probing each leg every INTERVAL seconds, its carrier answering:
/// (app, session, device password, switch, balance before).
async fn probed() -> (TestApp, Session, String, Switch, i64) {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let env = vec![("DIALTONE_SIP_KEEPALIVE", INTERVAL.to_string())];
    let mut switch = Switch::start_with(&app, env).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;
    (app, s, password, switch, before)
}

/// The recorded call of `calls` that the switch ended on its keep-alives (the longest:
/// a live call here talks 35 s): completed, billed at most DEAD_CALL_MOST seconds, not
/// its 3,000 s of paid time.
fn ended_by_keep_alives(calls: &[Value], switch: &Switch) -> i64 {
    let log = switch.log();
    assert_eq!(
        log.matches("stopped answering keep-alives").count(),
        1,
        "{log}"
    );
    let dead = calls
        .iter()
        .max_by_key(|c| c["durationSeconds"].as_i64())
        .unwrap();
    assert_eq!(dead["status"], "completed", "{calls:?}");
    let seconds = dead["durationSeconds"].as_i64().unwrap();
    assert!(seconds <= DEAD_CALL_MOST, "billed {seconds} s:\n{log}");
    seconds
}

/// `s` paid for calls of `seconds` each, nothing is held back, and the books balance.
async fn charged_for(app: &TestApp, s: &Session, before: i64, seconds: &[i64]) {
    let cost: i64 = seconds
        .iter()
        .map(|&n| rate_call(n, US_OUTBOUND, PER_SECOND, 0).cost)
        .sum();
    assert_eq!(before - micros(app, s, "balance_micros").await, cost);
    assert_eq!(micros(app, s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_gone_mid_call_is_found_by_keep_alives_and_billed_its_talk_time_while_a_live_call_goes_on(
) {
    let (app, s, password, switch, before) = probed().await;
    // Once answered, the phone's SIPp is killed: no BYE, no answer to anything.
    let phone = switch.device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1);
    tokio::select! {
        _ = phone => panic!("the call ended before it was answered:\n{}", switch.log()),
        _ = answered(&app, &s, &switch) => {}
    }
    // A second call talks 35 s, through its first keep-alive, answered by both legs
    // (on a second dollar: the first call holds the first for its paid time).
    app.fund(s.user_id, "1.00").await;
    let before = before + 1_000_000;
    let live = desk_calls(&switch, &password, 35_000, 1).await;
    switch.assert_ran(&live);
    assert!(
        live.messages.contains("OPTIONS sip:"),
        "not probed:\n{}",
        live.messages
    );

    let recorded = calls(&app, &s, 2, &switch).await;
    let dead = ended_by_keep_alives(&recorded, &switch);
    let talked = recorded
        .iter()
        .map(|c| c["durationSeconds"].as_i64().unwrap())
        .find(|&n| (35..=37).contains(&n))
        .unwrap_or_else(|| panic!("the live call was billed its 35 s: {recorded:?}"));
    let carrier = carrier_after_byes(&switch, 2).await;
    let ended = calls_answered(&carrier, "BYE sip:");
    assert_eq!(ended, 2, "both carrier legs got a BYE: {carrier}");
    charged_for(&app, &s, before, &[dead, talked]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_carrier_gone_mid_call_is_found_by_keep_alives_the_phone_gets_its_bye_and_the_call_is_billed_its_talk_time(
) {
    let (app, s, password, switch, before) = probed().await;
    // The phone talks until the switch hangs up; the carrier's SIPp is killed once the
    // call is answered.
    let args = ["-key", "to", CALLEE, "-timeout", "90s"];
    let phone = switch.device("cut", "ada.desk", &password, &args, 1);
    let carrier_goes = async {
        answered(&app, &s, &switch).await;
        switch.stop_carrier();
    };
    let (run, ()) = tokio::join!(phone, carrier_goes);
    assert_hung_up_by_switch(&run, &switch);
    assert!(
        run.messages.contains("OPTIONS sip:"),
        "the live phone was probed too"
    );

    let recorded = calls(&app, &s, 1, &switch).await;
    let dead = ended_by_keep_alives(&recorded, &switch);
    assert!(
        dead >= INTERVAL,
        "billed {dead} s, ended by the keep-alive at {INTERVAL} s"
    );
    charged_for(&app, &s, before, &[dead]).await;
}
