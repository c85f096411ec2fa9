use crate::common::TestApp;
#[path = "../../tools/traffic.rs"]
#[allow(dead_code)] // the HTTP runner is the dialtone-traffic binary's
mod plans;

use plans::{plan_calls, run_in_process};

#[tokio::test]
async fn generated_traffic_is_charged_once_even_when_replayed() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "20").await;
    // Idempotence, not limits: a call refused for its second may go when replayed later.
    app.without_limits(s.user_id).await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    app.purchase(&s, &n["id"]).send().await;
    let ours = vec![n["number"].as_str().unwrap().to_string()];
    let plans = plan_calls(3, &ours, 40, dialtone_server::db::now_ms(), 86_400_000);
    let first = run_in_process(&app.state, &plans).await.unwrap();
    assert_eq!(first.placed, 40);
    let balance = app.balance_of(&s).await;
    let calls = app.get_as(&s, "/api/calls").await.body;
    assert_eq!(calls["total"].as_i64().unwrap() as usize, first.allowed);
    assert!(calls["items"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["type"] == "inbound"));
    // The same CDRs again (a switch retrying after a crash): nothing changes.
    run_in_process(&app.state, &plans).await.unwrap();
    assert_eq!(app.balance_of(&s).await, balance);
    assert_eq!(
        app.get_as(&s, "/api/calls").await.body["total"],
        calls["total"]
    );
    app.assert_invariant().await;
}
