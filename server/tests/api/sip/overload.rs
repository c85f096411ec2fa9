//! Overload refused, not queued (issue 42): past the switch's capacity a new call is
//! answered 503 with Retry-After at once, before any question to Dialtone, while each
//! call admitted is connected and billed once.

use super::{device, micros, CALLEE};
use crate::common::TestApp;
use crate::support::switch::Switch;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_capacity_the_switch_refuses_at_once_and_bills_what_it_admitted() {
    let app = TestApp::new().await;
    let (s, mine) = crate::common::caller(&app, "ada@example.com", "100").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let capacity = vec![("DIALTONE_SIP_MAX_CPS", "3".to_string())];
    let mut switch = Switch::start_with(&app, capacity).await;
    switch.start_carrier();

    // Thirty calls within a second, against three a second.
    let args = ["-key", "to", CALLEE, "-d", "500"];
    let run = switch
        .device("call", "ada.desk", &password, &args, 30)
        .await;
    switch.assert_ran(&run);
    let refused = super::calls_answered(&run.messages, "SIP/2.0 503 Over Capacity");
    assert!(refused >= 20, "{refused} refused: {}", switch.log());
    assert!(run.messages.contains("Retry-After: 1"), "{}", run.messages);
    let admitted = 30 - refused;
    assert!(admitted >= 1, "some calls go through");

    // Each admitted call is recorded and billed once; Dialtone never heard of the others.
    let calls = super::calls(&app, &s, admitted, &switch).await;
    assert_eq!(calls.len(), admitted, "{calls:?}");
    assert!(
        calls.iter().all(|c| c["status"] == "completed"),
        "{calls:?}"
    );
    assert_eq!(app.ledger_entries(&s, "call").await, admitted as i64);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}
