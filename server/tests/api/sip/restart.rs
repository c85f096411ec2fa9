//! Kamailio restarted while calls are up or CDRs wait: it keeps its dialogs (written each
//! second and when it stops) and its CDR queue (saved when it stops) in db_text files, so
//! every call is still billed, once.

use super::{
    answered, assert_charged, calling_on_a_dollar, calls, cdr_queued, desk_call_while, PER_SECOND,
    US_OUTBOUND,
};
use crate::common::{Session, TestApp};
use crate::support::switch::Switch;
use dialtone_core::rating::rate_call;

async fn billed_once(app: &TestApp, s: &Session, switch: &Switch, before: i64, talked: i64) {
    let recorded = calls(app, s, 1, switch).await;
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    assert_eq!(recorded[0]["status"], "completed");
    let seconds = recorded[0]["durationSeconds"].as_i64().unwrap();
    assert!(
        (talked - 1..=talked + 2).contains(&seconds),
        "talked {talked} s, billed {seconds}:\n{}",
        switch.log()
    );
    let cost = rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_charged(app, s, before, cost).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kamailio_restarted_mid_call_still_ends_and_bills_the_call_once() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;

    let run = desk_call_while(&switch, &password, 4000, async {
        answered(&app, &s, &switch).await;
        switch.restart_kamailio().await;
    })
    .await;
    assert!(
        run.ok,
        "the BYE went through the restarted switch: {}\n{}",
        run.errors,
        switch.log()
    );
    billed_once(&app, &s, &switch, before, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cdr_queued_while_dialtone_is_down_survives_a_kamailio_restart() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;

    let run = desk_call_while(&switch, &password, 2000, async {
        answered(&app, &s, &switch).await;
        switch.stop_api();
    })
    .await;
    switch.assert_ran(&run);
    cdr_queued(&switch).await;
    switch.cdr_queue_reaches(1.0).await;

    switch.restart_kamailio().await;
    // Read back from its table and, Dialtone still away, queued again.
    switch.cdr_queue_reaches(1.0).await;
    switch.start_api().await;
    billed_once(&app, &s, &switch, before, 2).await;
    switch.cdr_queue_reaches(0.0).await;
}
