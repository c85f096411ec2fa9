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
    // Once a second's admissions are full, a call is refused on its first INVITE, not
    // challenged first and refused on the second: only calls that could still get in
    // (three a second, over the one or two seconds the thirty calls span) are challenged.
    let challenged = super::calls_answered(&run.messages, "SIP/2.0 407");
    assert!(challenged <= 10, "{challenged} of 30 challenged");

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_past_the_queue_of_a_slow_billing_are_refused_at_once() {
    let app = TestApp::new().await;
    let (s, mine) = crate::common::caller(&app, "ada@example.com", "10").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    // Billing that takes connections and never answers, as a database gone slow: a
    // question waits the switch's whole HTTP timeout (2 s).
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", silent.local_addr().unwrap());
    let _held = tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((connection, _)) = silent.accept().await {
            open.push(connection);
        }
    });
    let env = vec![
        ("DIALTONE_SIP_ASYNC_WORKERS", "1".to_string()),
        ("DIALTONE_SIP_QUEUE", "2".to_string()),
        ("DIALTONE_SIP_PROBE_SECONDS", "3600".to_string()),
    ];
    let mut switch = Switch::before(url, env).await;
    switch.start_carrier();

    // Ten calls within a second: one asks, two wait, the rest are refused at once.
    let started = std::time::Instant::now();
    let args = ["-key", "to", CALLEE, "-d", "500"];
    let run = switch
        .device("call", "ada.desk", &password, &args, 10)
        .await;
    switch.assert_ran(&run);
    let refused = super::calls_answered(&run.messages, "SIP/2.0 503 Over Capacity");
    assert!(refused >= 6, "{refused} refused at once: {}", switch.log());
    assert!(switch.log().contains("queue full"), "{}", switch.log());
    // Once the queue is full a call is refused on its first INVITE, before its
    // challenge: one exchange, not a challenge and a second INVITE refused after it.
    let challenged = super::calls_answered(&run.messages, "SIP/2.0 407");
    assert!(challenged <= 5, "{challenged} of 10 challenged");
    // The three that waited got their answer once billing gave up on them: no call
    // waits out its caller.
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    assert!(!switch.carrier_messages().contains("INVITE sip:"));
}
