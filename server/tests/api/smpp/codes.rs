//! A trial's verification code through SMPP (issue 43): it was refused with 502 when
//! the carrier was an SMSC (codes were sent inline, SMPP messages only queue); now every
//! code is a message of its own, queued and submitted like any, free to the account,
//! with what it costs the provider counted for the administrator.

use super::{app_with, wait_count};
use crate::support::smsc::Smsc;
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trials_code_goes_out_through_the_smsc_and_its_cost_is_counted() {
    let smsc = Smsc::start().await;
    let app = app_with(smsc.settings(), 1).await;
    smsc.wait_bound(1).await;
    let trial = app.client("newcomer@example.com").await;
    let r = app
        .post_as(
            &trial,
            "/api/trial/verify",
            json!({ "number": "+447700900123" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE purpose = 'verification' AND status = 'sent'",
        1,
    )
    .await;
    let accepted = smsc.accepted().await;
    assert_eq!(accepted.len(), 1, "{accepted:?}");
    assert!(
        accepted[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("Your Dialtone verification code is "),
        "{accepted:?}"
    );
    assert_eq!(accepted[0]["source_addr"], "Dialtone");
    let charged = app.scalar("SELECT cost_micros FROM sms_messages").await;
    assert_eq!(charged, 0, "free to the account");
    let admin = app.admin("root@example.com").await;
    let costs = app.get_as(&admin, "/api/admin/trial/codes").await;
    assert_eq!(costs.status, StatusCode::OK, "{}", costs.body);
    // One part at the United Kingdom's SMS rate, $0.04.
    assert_eq!(costs.body["lastDay"], json!({ "codes": 1, "cost": 0.04 }));
    assert_eq!(
        app.get_as(&trial, "/api/admin/trial/codes").await.status,
        StatusCode::FORBIDDEN
    );
}
