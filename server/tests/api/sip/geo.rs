//! Geo permissions at the switch (issue 43): a device's call to a country its account
//! may not reach, or to an administrator's high-risk prefix, is refused with 403 and a
//! plain reason before the carrier rings, and nothing is held.

use super::{calling, micros, CALLEE};
use crate::common::TestApp;
use crate::geo_permissions::{sell_somalia, SOMALIA};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_to_a_country_not_permitted_or_a_high_risk_prefix_never_reaches_the_carrier() {
    let app = TestApp::new().await;
    sell_somalia(&app).await;
    let (s, _, password, switch) = calling(&app, "5.00", None).await;
    let run = switch
        .device_as(
            ("ada.desk", &password),
            "ada.desk",
            &["-key", "to", SOMALIA],
        )
        .await;
    assert!(
        run.messages.contains("SIP/2.0 403 Country not permitted"),
        "{}",
        run.messages
    );
    let admin = app.admin("root@example.com").await;
    let lists = json!({ "voiceCountries": "US", "smsCountries": "US", "highRiskPrefixes": "1212" });
    let r = app.put_as(&admin, "/api/admin/permissions", lists).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    let run = switch
        .device_as(("ada.desk", &password), "ada.desk", &["-key", "to", CALLEE])
        .await;
    assert!(
        run.messages.contains("SIP/2.0 403 Destination not allowed"),
        "{}",
        run.messages
    );
    assert!(
        !switch.carrier_messages().contains("INVITE sip:"),
        "the carrier was not rung: {}",
        switch.carrier_messages()
    );
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    assert_eq!(app.scalar("SELECT COUNT(*) FROM calls").await, 0);
}
