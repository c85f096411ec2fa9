//! Online backup and restore of the SQLite database. Backups are a SQLite feature,
//! so this runs on SQLite in both suites.

use crate::common::TestApp;
use dialtone_server::backup::{backup, restore, verify};
use serde_json::json;

#[tokio::test]
async fn an_online_backup_taken_during_writes_restores_to_a_consistent_copy() {
    let dir = tempfile::tempdir().unwrap();
    let db_file = dir.path().join("live.db");
    let url = format!("sqlite://{}?mode=rwc", db_file.display());
    let app = TestApp::with(|c| c.database_url = url).await;
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "50").await;

    // Writers keep going while the backup is taken.
    let writer = {
        let admin = app.funding_admin().await;
        let reqs: Vec<_> = (0..30)
            .map(|_| {
                app.post(&format!("/api/admin/balances/{}/adjust", s.user_id))
                    .bearer(&admin.token)
                    .json(json!({ "type": "debit", "amount": "0.10", "reason": "during backup" }))
                    .send()
            })
            .collect();
        tokio::spawn(async move {
            for r in reqs {
                r.await;
            }
        })
    };
    let copy = dir.path().join("backup.db");
    backup(&app.state.db, &copy).await.expect("backup");
    writer.await.unwrap();
    verify(&copy)
        .await
        .expect("the backup passes the integrity and invariant checks");
    assert!(
        backup(&app.state.db, &copy).await.is_err(),
        "an existing file is never overwritten"
    );

    // Restoring over a database in use is refused; into a stopped one it works.
    let target = dir.path().join("restored.db");
    restore(&copy, &target).await.expect("restore");
    let restored = dialtone_server::db::Db::connect(&format!("sqlite://{}", target.display()))
        .await
        .unwrap();
    assert_eq!(
        dialtone_server::ledger::invariant_violations(&restored.pool)
            .await
            .unwrap(),
        Vec::<String>::new()
    );
    let users: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM users")
        .fetch_one(&restored.pool)
        .await
        .unwrap();
    assert_eq!(users, 2);
    let mut busy = app.state.db.pool.begin().await.unwrap();
    sqlx::query("INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('lock', 0, 0)")
        .execute(&mut *busy)
        .await
        .unwrap();
    assert!(
        restore(&copy, &db_file).await.is_err(),
        "a database in use is not replaced"
    );
    busy.rollback().await.unwrap();
}
