//! What leaves the server as files: CSV exports that no spreadsheet runs as formulas,
//! and call recordings that only their own call can reach.

use crate::common::{send_cdr, Session, TestApp};
use axum::http::StatusCode;
use serde_json::json;

/// A client named `name` owning a US number, with money for calls.
async fn caller(app: &TestApp, email: &str, name: &str) -> (Session, String) {
    let r = app.signup(name, email, "password1").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let s = app.session(email, "password1").await;
    app.fund(s.user_id, "10").await;
    let n = app.buy_first(&s, "US", "mobile").await;
    (s, n["number"].as_str().unwrap().to_string())
}

async fn call(app: &TestApp, call_id: &str, from: &str, to: &str) {
    let now = chrono::Utc::now().to_rfc3339();
    let cdr = json!({ "callId": call_id, "direction": "outbound", "from": from, "to": to,
        "startedAt": now, "answeredAt": now, "endedAt": now, "durationSeconds": 60,
        "status": "completed", "recording": true });
    let r = send_cdr(app, cdr).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

#[tokio::test]
async fn csv_exports_defuse_cells_a_spreadsheet_would_run() {
    let (app, admin) = TestApp::with_admin().await;
    let (_, mine) = caller(&app, "ada@example.com", "+cmd|' /C calc'!A0").await;
    call(&app, "x1", &mine, "+442079460999").await;
    sqlx::query("UPDATE countries SET name = '@SUM(1+1)*cmd' WHERE code = 'GB'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();

    let calls = app.get_as(&admin, "/api/admin/calls/export").await.text;
    let line = calls.lines().nth(1).unwrap();
    assert!(
        line.contains(",\"'+cmd|' /C calc'!A0 <ada@example.com>\","),
        "{line}"
    );
    // The number is a validated E.164 number: it keeps its plus.
    assert!(line.contains(",\"+442079460999\","), "{line}");

    let destinations = app
        .get_as(&admin, "/api/admin/analytics/export?chart=destinations")
        .await
        .text;
    assert!(
        destinations.contains("\n\"'@SUM(1+1)*cmd\","),
        "{destinations}"
    );
}

async fn my_recording(app: &TestApp, s: &Session) -> Vec<u8> {
    let calls = app.get_as(&s, "/api/calls").await.body;
    let id = calls["items"][0]["id"].as_i64().unwrap();
    let r = app.get_as(&s, &format!("/api/calls/{id}/recording")).await;
    assert_eq!(r.status, StatusCode::OK);
    r.text.into_bytes()
}

/// The storage the upload route is to use, driven directly until it does.
#[tokio::test]
async fn recordings_stored_under_a_drawn_id_stay_apart() {
    let app = TestApp::new().await;
    let (ada, ada_number) = caller(&app, "ada@example.com", "Ada Lovelace").await;
    let (bob, bob_number) = caller(&app, "bob@example.com", "Bob Builder").await;
    call(&app, "rec.2", &ada_number, "+12125550199").await;
    call(&app, "rec_2", &bob_number, "+12125550199").await;
    let store = dialtone_server::voice::calls::recording::store;
    store(&app.state, "rec.2", b"RIFF....WAVEada's words")
        .await
        .unwrap();
    store(&app.state, "rec_2", b"RIFF....WAVEbob's words")
        .await
        .unwrap();
    // A second upload replaces the first under the same id.
    store(&app.state, "rec_2", b"RIFF....WAVEbob again")
        .await
        .unwrap();

    assert!(String::from_utf8_lossy(&my_recording(&app, &ada).await).ends_with("ada's words"));
    assert!(String::from_utf8_lossy(&my_recording(&app, &bob).await).ends_with("bob again"));
    let names: Vec<String> = std::fs::read_dir(app.state.config.data_dir.join("recordings"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| !n.contains("rec")), "{names:?}");
}

/// Two uploads for one call that both found no recording: the second to reach the
/// writer keeps the first one's id, and its audio then replaces the first there.
#[tokio::test]
async fn a_recording_stored_twice_at_once_keeps_one_id() {
    use dialtone_server::voice::calls::repo::store_recording_in_turn;
    let app = TestApp::new().await;
    let (_, number) = caller(&app, "ada@example.com", "Ada Lovelace").await;
    call(&app, "rec-1", &number, "+12125550199").await;
    let (writes, db) = (&app.state.call_writes, &app.state.db);
    let mut ids = Vec::new();
    for drawn in [
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    ] {
        let stored = store_recording_in_turn(writes, db, drawn, "rec-1", 1).await;
        ids.push(stored.unwrap());
    }
    assert_eq!(ids, ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; 2]);
    let flag = app
        .scalar("SELECT recording FROM calls WHERE call_id = 'rec-1'")
        .await;
    assert_eq!(flag, 1);
}
