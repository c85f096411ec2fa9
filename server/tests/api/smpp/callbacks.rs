//! SMPP messages sent through the Twilio-compatible API (status callbacks from
//! receipts), and a message resumed after the instance that held it died.

use super::{app_on, app_with_number, send, smsc_id_of, wait_count};
use crate::support::smsc::Smsc;
use crate::twilio::{creds, post};
use axum::http::StatusCode;

#[tokio::test]
async fn an_api_message_reports_sent_then_undelivered_to_its_status_callback() {
    let smsc = Smsc::start().await;
    let (app, s, number) = app_with_number(&smsc).await;
    let c = creds(&app, &s).await;
    let r = post(
        &app,
        &c,
        "/Messages.json",
        &[
            ("To", "+447700900123"),
            ("From", &number),
            ("Body", "Hi"),
            ("StatusCallback", "https://example.com/status"),
        ],
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["status"], "queued");
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        1,
    )
    .await;
    let submit = &smsc.accepted().await[0];
    assert_eq!(submit["source_addr"], number.trim_start_matches('+'));

    let id = app.scalar("SELECT id FROM sms_messages").await;
    smsc.receipt(&smsc_id_of(&app, id).await, "UNDELIV", "001")
        .await;
    wait_count(&app, "SELECT COUNT(*) FROM webhook_deliveries", 2).await;
    let bodies = app
        .strings("SELECT body FROM webhook_deliveries ORDER BY id")
        .await;
    assert!(bodies[0].contains("MessageStatus=sent&"), "{}", bodies[0]);
    assert!(
        bodies[1].contains("MessageStatus=undelivered&"),
        "{}",
        bodies[1]
    );
    assert!(bodies[1].contains("ErrorCode="), "{}", bodies[1]);
    let fetched = crate::twilio::get(
        &app,
        &c,
        &format!("/Messages/{}.json", r.body["sid"].as_str().unwrap()),
    )
    .await;
    assert_eq!(fetched.body["status"], "undelivered");
}

#[tokio::test]
async fn a_message_whose_sender_died_is_resumed_after_its_lease_without_repeating_parts() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 0).await;
    let id = send(&app, &s, "+447700900123", &"x".repeat(200)).await;
    // What a crash leaves: the claim counted, part 1 of 2 accepted and recorded, the
    // lease run out.
    sqlx::query("UPDATE sms_messages SET attempts = 1, claimed_until = 1 WHERE id = $1")
        .bind(id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO sms_parts (sms_id, part, smsc_message_id, submitted_at) VALUES ($1, 1, 'smsc-old', 1)",
    )
    .bind(id)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
    dialtone_server::sms::smpp::spawn(app.state.clone());
    smsc.wait_bound(1).await;
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        1,
    )
    .await;
    let submits = smsc.accepted().await;
    assert_eq!(submits.len(), 1, "only part 2 went again");
    assert_eq!(&submits[0]["udh"].as_str().unwrap()[8..], "0202");
    assert_eq!(smsc_id_of(&app, id).await, "smsc-old");
    assert_eq!(app.scalar("SELECT attempts FROM sms_messages").await, 2);
    // Two parts at $0.04, charged once.
    assert_eq!(app.balance_of(&s).await.as_f64(), Some(4.92));
    app.assert_invariant().await;
}
