//! Call records: filters, totals, CSV export and recording downloads.

use crate::common::{caller, cdr, completed, send_cdr, upload_recording, wav, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn call_history_filters_totals_exports_and_guards_recordings() {
    let (app, ada, mine) = TestApp::with_caller("ada@example.com", "5.00").await;
    let bob = app.client("bob@example.com").await;
    let admin = app.admin("admin@example.com").await;
    completed(&app, "h1", "outbound", &mine, "+12125550199", 60).await;
    send_cdr(
        &app,
        cdr("h2", "outbound", &mine, "+442079460999", 0, "failed"),
    )
    .await;
    completed(&app, "h3", "inbound", "+16045550111", &mine, 30).await;

    let all = app.get_as(&ada, "/api/calls").await.body;
    assert_eq!(
        all["totals"],
        json!({ "calls": 3, "durationSeconds": 90, "cost": 0.0275 })
    );
    let out = app
        .get_as(&ada, "/api/calls?type=outbound&status=completed")
        .await
        .body;
    assert_eq!(
        (out["total"].as_i64(), out["items"][0]["duration"].as_str()),
        (Some(1), Some("1:00"))
    );
    let search = app.get_as(&ada, "/api/calls?search=%2B44").await.body;
    assert_eq!(search["items"][0]["number"], "+442079460999");
    assert_eq!(app.get_as(&bob, "/api/calls").await.body["total"], 0);

    let csv = app.get_as(&ada, "/api/calls/export?type=inbound").await;
    let lines: Vec<&str> = csv.text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[1].contains(",inbound,\"+16045550111\",0:30,"),
        "{}",
        lines[1]
    );

    let admin_view = app
        .get_as(&admin, "/api/admin/calls?search=ada%40")
        .await
        .body;
    assert_eq!(admin_view["total"], 3);
    assert_eq!(
        admin_view["items"][0]["user"],
        "Test Client <ada@example.com>"
    );
    assert_eq!(
        app.get_as(&ada, "/api/admin/calls").await.status,
        StatusCode::FORBIDDEN
    );

    let r = upload_recording(&app, "h1", wav(&[0u8; 16])).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let id = out["items"][0]["id"].as_i64().unwrap();
    let recording = format!("/api/calls/{id}/recording");
    let mine_rec = app.get_as(&ada, &recording).await;
    assert_eq!(
        (
            mine_rec.status,
            mine_rec.headers["content-type"].to_str().unwrap()
        ),
        (StatusCode::OK, "audio/wav")
    );
    let theirs = app.get_as(&bob, &recording).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
    let as_admin = format!("/api/admin/calls/{id}/recording");
    assert_eq!(app.get_as(&admin, &as_admin).await.status, StatusCode::OK);
    let not_audio = upload_recording(&app, "h1", "not audio").await;
    assert_eq!(not_audio.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn call_ids_that_differ_only_in_punctuation_keep_their_own_recordings() {
    let (app, ada, ada_number) = TestApp::with_caller("ada@example.com", "1.00").await;
    let (bob, bob_number) = caller(&app, "bob@example.com", "1.00").await;
    for (call_id, from) in [("rec.1", &ada_number), ("rec_1", &bob_number)] {
        let r = completed(&app, call_id, "outbound", from, "+12125550199", 30).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    // Bob's upload comes second: under a name derived from the callId it would
    // overwrite Ada's audio ("rec.1" and "rec_1" reduce to the same file name).
    for (call_id, tag) in [("rec.1", b"ada-audio".as_slice()), ("rec_1", b"bob-audio")] {
        let r = upload_recording(&app, call_id, wav(tag)).await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    }
    for (who, tag) in [(&ada, "ada-audio"), (&bob, "bob-audio")] {
        let list = app.get_as(&who, "/api/calls").await.body;
        let id = list["items"][0]["id"].as_i64().unwrap();
        let r = app
            .get_as(&who, &format!("/api/calls/{id}/recording"))
            .await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(
            r.text.ends_with(tag),
            "{} got another recording",
            who.user_id
        );
    }
}
