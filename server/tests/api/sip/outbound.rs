//! Outbound calls from a device: billed talk time, the paid limit, refusals, concurrent
//! calls on one balance, and CDRs that wait while Dialtone is down.

use super::{
    assert_hung_up_by_switch, calling, calling_on_a_dollar, calls, cdr_queued, desk_call_while,
    desk_calls, micros, on_switch, talked, CALLEE, PER_SECOND, US_OUTBOUND,
};
use crate::common::TestApp;
use dialtone_core::rating::rate_call;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_places_an_answered_call_billed_exactly_for_its_talk_time() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = calling(&app, "1.00", None).await;
    let before = micros(&app, &s, "balance_micros").await;

    let run = desk_calls(&switch, &password, 2500, 1).await;
    switch.assert_ran(&run);

    let seconds = talked((&app, &s, &switch), "outbound", &mine, CALLEE).await;
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
    let (s, _, password, switch) = calling(&app, "0.03", Some(600_000)).await;

    let run = switch
        .device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1)
        .await;
    assert_hung_up_by_switch(&run, &switch);

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
    // No carrier runs: a call that reached it would time out instead of getting 402.
    let (s, _, password, switch) = on_switch(&app, "0.00").await;

    let run = desk_calls(&switch, &password, 1000, 1).await;
    switch.assert_ran(&run);
    assert!(run.messages.contains("SIP/2.0 402"), "{}", run.messages);
    assert!(!run.messages.contains("SIP/2.0 180"), "nothing rang");
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_concurrent_calls_from_one_account_never_spend_more_than_its_balance() {
    let app = TestApp::new().await;
    // $0.05 at $0.60 a minute buys five seconds, whatever number of calls share it.
    let (s, _, password, switch) = calling(&app, "0.05", Some(600_000)).await;

    let run = desk_calls(&switch, &password, 2000, 20).await;
    switch.assert_ran(&run);
    let refused = super::calls_answered(&run.messages, "SIP/2.0 402");
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dialtone_down_at_hangup_still_bills_the_call_once_when_it_is_back() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;

    let run = desk_call_while(&switch, &password, 3000, async {
        // Answered well within the first second; Dialtone goes away before the hangup.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        switch.stop_api();
    })
    .await;
    assert!(
        run.ok,
        "the call itself went on: {}\n{}",
        run.errors,
        switch.log()
    );
    // The CDR fails at least once while Dialtone is away.
    cdr_queued(&switch).await;
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
    assert_eq!(app.ledger_entries(&s, "call").await, 1, "billed once");
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_re_invite_does_not_extend_the_paid_time() {
    let app = TestApp::new().await;
    // $0.03 at $0.60 a minute: three seconds, whatever the phone asks for meanwhile.
    let (s, _, password, switch) = calling(&app, "0.03", Some(600_000)).await;

    let run = switch
        .device(
            "reinvite",
            "ada.desk",
            &password,
            &["-key", "to", CALLEE],
            1,
        )
        .await;
    switch.assert_ran(&run);
    assert!(
        // The INVITE's, the re-INVITE's, and ours to the switch's BYE.
        run.messages.matches("SIP/2.0 200").count() >= 3,
        "the re-INVITE was answered: {}",
        run.messages
    );
    let call = &calls(&app, &s, 1, &switch).await[0];
    assert_eq!(call["durationSeconds"], 3, "still cut at the paid 3 s");
    assert_eq!(micros(&app, &s, "balance_micros").await, 0);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}
