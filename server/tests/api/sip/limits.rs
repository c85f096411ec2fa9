//! Spend and rate limits at the switch (issue 43): a device placing more calls at once
//! than its account allows gets 486 for the extra ones, and more new calls in a second
//! gets 503 with Retry-After; the carrier never sees the refused ones and nothing stays
//! held once the calls end.

use super::{calling, desk_calls, micros};
use crate::common::{Session, TestApp};
use serde_json::json;

async fn set_limits(app: &TestApp, admin: &Session, live: &str, cps: &str) {
    let limits = json!({ "concurrentCalls": live, "callsPerSecond": cps });
    let r = app.put_as(&admin, "/api/admin/limits", limits).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_past_its_calls_at_once_or_per_second_is_refused_before_the_carrier() {
    let app = TestApp::new().await;
    let (s, _, password, switch) = calling(&app, "5.00", None).await;
    let admin = app.admin("root@example.com").await;
    set_limits(&app, &admin, "2", "").await;
    let run = desk_calls(&switch, &password, 1500, 4).await;
    assert!(
        run.messages.contains("SIP/2.0 486 Too many calls at once"),
        "{}",
        run.messages
    );
    let carrier = switch.carrier_messages();
    assert_eq!(carrier.matches("INVITE sip:").count(), 2, "{carrier}");
    set_limits(&app, &admin, "", "2").await;
    // Six calls within 60 ms: at most two seconds' worth, four calls, may go.
    let args = ["-key", "to", super::CALLEE, "-d", "200", "-r", "100"];
    let run = switch.device("call", "ada.desk", &password, &args, 6).await;
    assert!(
        run.messages.contains("SIP/2.0 503 Too many new calls"),
        "{}",
        run.messages
    );
    assert!(run.messages.contains("Retry-After: 1"), "{}", run.messages);
    super::calls(&app, &s, 4, &switch).await;
    assert!(switch.carrier_messages().matches("INVITE sip:").count() <= 6);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
}
