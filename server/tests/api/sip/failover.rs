//! Two Dialtone instances on one PostgreSQL database behind the switch's dispatcher, the
//! deployment that outgrows one machine: one killed while 20 calls are up, and every
//! call is still billed once, by the other.
//!
//! Needs PostgreSQL, so `make test` runs it in the PostgreSQL suite (`--include-ignored`).

use super::{assert_charged, calls, desk_calls, device, micros, PER_SECOND, US_OUTBOUND};
use crate::common::{backend_is_postgres, caller, Session, TestApp, SWITCH};
use crate::support::instances::Instances;
use crate::support::switch::Switch;
use dialtone_core::rating::rate_call;
use std::time::Duration;

const CALLS: usize = 20;

/// Waits (twenty seconds at most) until `count` of `s`'s calls are answered.
async fn all_answered(app: &TestApp, s: &Session, count: usize, switch: &Switch) {
    let mut items = Vec::new();
    for _ in 0..200 {
        let live = app.get_as(s, "/api/calls/live").await;
        items = live.body["items"].as_array().cloned().unwrap_or_default();
        if items.iter().filter(|c| c["answeredAt"].is_i64()).count() >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "{count} calls were not answered: {items:?}\n{}",
        switch.log()
    );
}

/// Ada with $100 and her desk phone, two instances on her database and the switch in
/// front of them (with `env`), its carrier answering: (app, session, device password,
/// instances, switch, her balance).
async fn two_instances(
    env: Vec<(&'static str, String)>,
) -> (TestApp, Session, String, Instances, Switch, i64) {
    assert!(
        backend_is_postgres(),
        "run with DIALTONE_TEST_DATABASE=postgres"
    );
    let app = TestApp::new().await;
    // A call holds up to its longest length's price: 20 at once need about $100.
    let (s, mine) = caller(&app, "ada@example.com", "100.00").await;
    app.without_limits(s.user_id).await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let server_env = [("DIALTONE_SWITCH_TOKEN", SWITCH), ("DIALTONE_DEMO", "0")];
    let instances = Instances::start(&app.state.config.database_url, 2, &server_env).await;
    let mut switch = Switch::before(instances.urls.join(","), env).await;
    switch.start_carrier();
    let before = micros(&app, &s, "balance_micros").await;
    (app, s, password, instances, switch, before)
}

/// `count` calls, each completed after about `talked` seconds and billed once: the
/// books balance to the micro-dollar.
async fn billed_once(
    app: &TestApp,
    s: &Session,
    switch: &Switch,
    before: i64,
    count: usize,
    talked: i64,
) {
    let recorded = calls(app, s, count, switch).await;
    assert_eq!(recorded.len(), count, "{recorded:?}");
    let mut cost = 0;
    for call in &recorded {
        assert_eq!(call["status"], "completed", "{call}");
        let seconds = call["durationSeconds"].as_i64().unwrap();
        assert!(
            (talked - 1..=talked + 2).contains(&seconds),
            "talked {talked} s, billed {seconds}"
        );
        cost += rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    }
    assert_charged(app, s, before, cost).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it in the PostgreSQL suite"]
async fn an_instance_killed_while_calls_are_up_loses_none_and_bills_each_once() {
    let (app, s, password, mut instances, switch, before) = two_instances(Vec::new()).await;

    // Authorized round robin by both instances; the first then dies, calls up.
    let run = tokio::join!(desk_calls(&switch, &password, 8000, CALLS as u32), async {
        all_answered(&app, &s, CALLS, &switch).await;
        instances.kill(0);
    })
    .0;
    switch.assert_ran(&run);

    billed_once(&app, &s, &switch, before, CALLS, 8).await;
    // Marked down by whichever noticed first: the readiness probe, or a question the
    // switch asked it (the credential epoch's, once a second, as often as the probe).
    let gone = format!("Dialtone at {} ", instances.urls[0]);
    let log = switch.log();
    assert!(
        log.lines()
            .any(|line| line.contains(&gone) && line.ends_with("marked down")),
        "the switch saw it go:\n{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: make test runs it in the PostgreSQL suite"]
async fn a_question_to_a_dead_instance_goes_to_the_other_at_once() {
    // Probed once an hour: only a question left unanswered can tell the switch.
    let env = vec![("DIALTONE_SIP_PROBE_SECONDS", "3600".to_string())];
    let (app, s, password, mut instances, switch, before) = two_instances(env).await;
    instances.kill(0);

    // Credentials, authorize, answered and CDR of four calls, round robin: the first
    // question to the dead instance goes to the other, and the calls never notice.
    let run = desk_calls(&switch, &password, 1000, 4).await;
    switch.assert_ran(&run);

    billed_once(&app, &s, &switch, before, 4, 1).await;
    let failed_over = format!("Dialtone at {} did not answer", instances.urls[0]);
    assert!(switch.log().contains(&failed_over), "{}", switch.log());
}
