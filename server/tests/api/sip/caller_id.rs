//! The caller ID a device's call goes out with: the number it sends in From when that
//! is its account's own, else its configured caller ID; any other number is refused
//! before the carrier rings, and the carrier sees the checked number in From and
//! P-Asserted-Identity.

use super::{calling, desk_calls, micros, CALLEE};
use crate::common::{caller, TestApp};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_sending_another_customers_or_nobodys_number_is_refused_before_the_carrier_rings()
{
    let app = TestApp::new().await;
    let (s, _, password, switch) = calling(&app, "1.00", None).await;
    let (bob, theirs) = caller(&app, "bob@example.com", "1.00").await;
    for forged in [theirs.as_str(), "+15551234567"] {
        let run = switch
            .device_as(("ada.desk", &password), forged, &["-key", "to", CALLEE])
            .await;
        assert!(
            run.messages.contains("SIP/2.0 403 Caller ID not allowed"),
            "{forged}: {}",
            run.messages
        );
    }
    assert!(
        !switch.carrier_messages().contains("INVITE sip:"),
        "the carrier was not rung: {}",
        switch.carrier_messages()
    );
    for who in [&s, &bob] {
        assert_eq!(micros(&app, who, "reserved_micros").await, 0);
    }
    let billed = app.scalar("SELECT COUNT(*) FROM calls").await;
    assert_eq!(billed, 0, "no call was recorded for anyone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_carrier_sees_the_checked_caller_id_in_from_and_p_asserted_identity() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = calling(&app, "1.00", None).await;
    // The device's username in From: its configured caller ID goes out.
    let run = desk_calls(&switch, &password, 500, 1).await;
    switch.assert_ran(&run);
    // Its own account's number in From: accepted as it is.
    let run = switch
        .device_as(
            ("ada.desk", &password),
            &mine,
            &["-key", "to", CALLEE, "-d", "500"],
        )
        .await;
    switch.assert_ran(&run);
    let carrier = switch.carrier_messages();
    let invites = carrier.matches("INVITE sip:").count();
    assert_eq!(invites, 2, "{carrier}");
    assert!(
        carrier.contains(&format!("From: <sip:{mine}@")),
        "{carrier}"
    );
    assert!(!carrier.contains("From: <sip:ada.desk@"), "{carrier}");
    assert!(
        carrier.contains(&format!("P-Asserted-Identity: <sip:{mine}@")),
        "{carrier}"
    );
    let calls = super::calls(&app, &s, 2, &switch).await;
    assert!(
        calls.iter().all(|c| c["from"] == mine.as_str()),
        "{calls:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_whose_caller_id_number_is_gone_gets_403_not_404() {
    let app = TestApp::new().await;
    let (_, mine, password, switch) = calling(&app, "1.00", None).await;
    // The number the device calls from expired (or was released) since.
    sqlx::query("UPDATE phone_numbers SET status = 'expired' WHERE number = $1")
        .bind(&mine)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let run = switch
        .device("call", "ada.desk", &password, &["-key", "to", CALLEE], 1)
        .await;
    assert!(
        run.messages.contains("SIP/2.0 403 Caller ID not allowed"),
        "{}",
        run.messages
    );
    assert!(!switch.carrier_messages().contains("INVITE sip:"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn where_the_account_chose_it_a_caller_id_not_its_own_is_replaced_by_the_devices() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = calling(&app, "1.00", None).await;
    let (_, theirs) = caller(&app, "bob@example.com", "1.00").await;
    let rule = app.get_as(&s, "/api/sip/caller-id-rule").await;
    assert_eq!(rule.body["replace"], false, "refusing is the default");
    let set = app
        .put_as(
            &s,
            "/api/sip/caller-id-rule",
            serde_json::json!({ "replace": true }),
        )
        .await;
    assert_eq!(set.body["replace"], true, "{}", set.body);
    for forged in [theirs.as_str(), "+15551234567"] {
        let run = switch
            .device_as(
                ("ada.desk", &password),
                forged,
                &["-key", "to", CALLEE, "-d", "500"],
            )
            .await;
        switch.assert_ran(&run);
    }
    let carrier = switch.carrier_messages();
    assert_eq!(carrier.matches("INVITE sip:").count(), 2, "{carrier}");
    // The device's own Contact (its address) is not an identity; From and P-Asserted-
    // Identity are, and name only the account's number.
    for forged in [theirs.as_str(), "+15551234567"] {
        for header in ["From", "P-Asserted-Identity"] {
            let shown = format!("{header}: <sip:{forged}@");
            assert!(!carrier.contains(&shown), "{shown} in {carrier}");
        }
    }
    let asserted = format!("P-Asserted-Identity: <sip:{mine}@");
    assert_eq!(carrier.matches(&asserted).count(), 2, "{carrier}");
    // Billed to the device's account, from its own number.
    let calls = super::calls(&app, &s, 2, &switch).await;
    assert!(
        calls.iter().all(|c| c["from"] == mine.as_str()),
        "{calls:?}"
    );
    let audited = app
        .scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'sip.caller_id_rule'")
        .await;
    assert_eq!(audited, 1);
}
