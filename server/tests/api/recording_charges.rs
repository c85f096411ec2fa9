//! What call recordings cost and how long they are kept: the administrator's rate per
//! started minute, shown on the public price list and on the API page, and each
//! account's retention, after which the jobs delete its recordings.

use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_server::db::now_ms;
use serde_json::json;

const DAY_MS: i64 = 24 * 3600 * 1000;

#[tokio::test]
async fn the_recording_rate_is_set_by_the_administrator_and_shown_where_prices_are() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let shown = app.get_as(&s, "/api/recordings/settings").await;
    assert_eq!(shown.status, StatusCode::OK, "{}", shown.body);
    assert_eq!(
        shown.body,
        json!({ "retentionDays": 0, "retentionChoices": [0, 7, 30, 90, 365], "ratePerMinute": 0.0025 })
    );
    let mut settings = app.get_as(&admin, "/api/admin/settings").await.body["settings"].clone();
    assert_eq!(settings["recordingRate"], "0.0025");
    settings["recordingRate"] = json!("-0.01");
    let bad = app
        .put_as(&admin, "/api/admin/settings", settings.clone())
        .await;
    assert_eq!(
        bad.body["errors"]["recordingRate"],
        "Recording rate cannot be negative"
    );
    settings["recordingRate"] = json!("0.004");
    let saved = app.put_as(&admin, "/api/admin/settings", settings).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let pricing = app.get("/api/catalogue/pricing").send().await;
    assert_eq!(pricing.body["summary"]["recordingRate"], 0.004);
    assert_eq!(
        app.get_as(&s, "/api/recordings/settings").await.body["ratePerMinute"],
        0.004
    );
}

/// A recording of `owner` made `age_ms` ago still owing `due` micro-dollars, stored
/// as the endpoint stores one.
async fn recording_owing(app: &TestApp, owner: i64, sid: &str, age_ms: i64, due: i64) {
    sqlx::query(
        "INSERT INTO recordings (sid, user_id, call_sid, duration_ms, audio, created_at, due_micros) \
         VALUES ($1, $2, 'CA0', 1000, $3, $4, $5)",
    )
    .bind(sid)
    .bind(owner)
    .bind(vec![0u8; 44])
    .bind(now_ms() - age_ms)
    .bind(due)
    .execute(&app.state.db.pool)
    .await
    .unwrap();
}

async fn recording(app: &TestApp, owner: i64, sid: &str, age_ms: i64) {
    recording_owing(app, owner, sid, age_ms, 0).await
}

#[tokio::test]
async fn a_charge_owed_is_collected_by_the_jobs_or_the_recording_is_not_kept() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let carol = app.client("carol@example.com").await;
    app.fund(ada.user_id, "1").await;
    // Bob's call holds all his money: his recording waits for it to end.
    app.fund(bob.user_id, "1").await;
    let hold = |micros: i64| {
        sqlx::query("UPDATE users SET reserved_micros = $1 WHERE id = $2")
            .bind(micros)
            .bind(bob.user_id)
            .execute(&app.state.db.pool)
    };
    hold(1_000_000).await.unwrap();
    recording_owing(&app, ada.user_id, "RE-ada", 0, 2_500).await;
    recording_owing(&app, bob.user_id, "RE-bob", 0, 2_500).await;
    // Carol has nothing and no call holds anything for her.
    recording_owing(&app, carol.user_id, "RE-carol", 0, 2_500).await;
    let report = dialtone_server::jobs::run_once(&app.state, now_ms())
        .await
        .unwrap();
    assert_eq!(report.recordings_charged, 1);
    let charged = "SELECT description || ' ' || CAST(amount_micros AS TEXT) FROM ledger_entries \
                   WHERE kind = 'recording' ORDER BY id";
    assert_eq!(app.strings(charged).await, ["Recording RE-ada -2500"]);
    let owing = app
        .strings("SELECT sid FROM recordings WHERE due_micros > 0")
        .await;
    assert_eq!(owing, ["RE-bob"], "still held by his call");
    let notes = app
        .get_as(&carol, "/api/notifications")
        .await
        .body
        .to_string();
    assert!(
        notes.contains(
            "A recording of call CA0 was not kept. Its price, $0.0025, is more than your balance."
        ),
        "{notes}"
    );
    // Bob's call ends: his recording is paid.
    hold(0).await.unwrap();
    let report = dialtone_server::jobs::run_once(&app.state, now_ms())
        .await
        .unwrap();
    assert_eq!(report.recordings_charged, 1);
    assert_eq!(
        app.strings(charged).await,
        ["Recording RE-ada -2500", "Recording RE-bob -2500"]
    );
    let kept = app.strings("SELECT sid FROM recordings ORDER BY sid").await;
    assert_eq!(kept, ["RE-ada", "RE-bob"]);
    app.assert_invariant().await;
}

#[tokio::test]
async fn recordings_older_than_their_owners_retention_are_deleted_by_the_jobs() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let wrong = app
        .put_as(
            &ada,
            "/api/recordings/settings",
            json!({ "retentionDays": 31 }),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.body["errors"]["retentionDays"],
        "Choose how long recordings are kept from the list"
    );
    let set = app
        .put_as(
            &ada,
            "/api/recordings/settings",
            json!({ "retentionDays": 7 }),
        )
        .await;
    assert_eq!(set.body["retentionDays"], 7, "{}", set.body);
    let audited = app
        .strings("SELECT action FROM audit_log WHERE action = 'recordings.retention'")
        .await;
    assert_eq!(audited.len(), 1);

    recording(&app, ada.user_id, "RE-ada-old", 8 * DAY_MS).await;
    recording(&app, ada.user_id, "RE-ada-new", 6 * DAY_MS).await;
    // Bob keeps his until he deletes them.
    recording(&app, bob.user_id, "RE-bob-old", 400 * DAY_MS).await;
    let report = dialtone_server::jobs::run_once(&app.state, now_ms())
        .await
        .unwrap();
    assert_eq!(report.recordings_purged, 1);
    let left = app.strings("SELECT sid FROM recordings ORDER BY sid").await;
    assert_eq!(left, ["RE-ada-new", "RE-bob-old"]);
}
