//! Leaving cleanly: the account's data as one archive, then closing it for good.

use super::{save_sandbox_card, turn_on};
use crate::common::{authorize, caller, card, completed, TestApp};
use serde_json::json;
use std::io::Read;

#[tokio::test]
async fn the_export_holds_the_accounts_data_and_closing_ends_everything_but_the_ledger() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    let r = app.deposit(&ada, json!(10)).await;
    let secret = r.body["clientSecret"].as_str().unwrap().to_string();
    app.post_as(
        &ada,
        "/api/payment/sandbox/confirm",
        card(&secret, "4242424242424242"),
    )
    .await;
    completed(&app, "lc-1", "outbound", &mine, "+12125550199", 60).await;
    save_sandbox_card(&app, &ada, "4242424242424242").await;
    turn_on(&app, &ada, "5", "20", "100").await;
    let key = app
        .post_as(
            &ada,
            "/api/developer/keys",
            json!({ "name": "CI", "password": ada.password }),
        )
        .await;
    assert_eq!(key.status, 201, "{}", key.body);

    // The archive.
    let export = app.get_as(&ada, "/api/user/export").await;
    assert_eq!(export.status, 200);
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(export.bytes.clone())).unwrap();
    let mut names: Vec<String> = zip.file_names().map(str::to_string).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "calls.csv",
            "documents/RC-000001.pdf",
            "ledger.csv",
            "messages.json",
            "numbers.json",
            "profile.json"
        ]
    );
    let mut profile = String::new();
    zip.by_name("profile.json")
        .unwrap()
        .read_to_string(&mut profile)
        .unwrap();
    assert!(profile.contains("ada@example.com"), "{profile}");
    let mut numbers = String::new();
    zip.by_name("numbers.json")
        .unwrap()
        .read_to_string(&mut numbers)
        .unwrap();
    assert!(numbers.contains(&mine), "{numbers}");

    // Not with a wrong password, not during a call.
    let wrong = app
        .post_as(&ada, "/api/user/close", json!({ "password": "nope" }))
        .await;
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    authorize(&app, "lc-2", "outbound", &mine, "+12125550199").await;
    let busy = app
        .post_as(&ada, "/api/user/close", json!({ "password": ada.password }))
        .await;
    assert_eq!(busy.status, 409, "{}", busy.body);
    completed(&app, "lc-2", "outbound", &mine, "+12125550199", 30).await;

    let balance = app.balance_of(&ada).await;
    let closed = app
        .post_as(&ada, "/api/user/close", json!({ "password": ada.password }))
        .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert!(closed.body["message"]
        .as_str()
        .unwrap()
        .contains("kept for 90 days"));
    // Sessions and credentials end; the number is on sale again; the personal data is gone.
    assert_eq!(app.get_as(&ada, "/api/user/info").await.status, 401);
    assert_eq!(
        app.login("ada@example.com", &ada.password).await.status,
        401
    );
    let id = ada.user_id;
    let count = |sql: &'static str| app.scalar_for(sql, id);
    assert_eq!(
        count("SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1").await,
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL").await,
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM saved_cards WHERE user_id = $1").await,
        0
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM auto_recharges WHERE user_id = $1").await,
        0
    );
    let name: String = sqlx::query_scalar("SELECT name || ' ' || email FROM users WHERE id = $1")
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(name, format!("Closed account closed-{id}@closed.invalid"));
    // The money and the documents stay.
    let kept: i64 = count("SELECT balance_micros FROM users WHERE id = $1").await;
    assert_eq!(kept as f64 / 1e6, balance.as_f64().unwrap());
    assert!(count("SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1").await >= 4);
    assert_eq!(
        count("SELECT COUNT(*) FROM documents WHERE user_id = $1").await,
        1
    );
    assert_eq!(
        dialtone_server::payments::recharge::run_due(&app.state, dialtone_server::db::now_ms())
            .await
            .unwrap(),
        0
    );
    let mailed: String = sqlx::query_scalar(
        "SELECT to_addr FROM mail_outbox WHERE subject = 'Your Dialtone account is closed'",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(mailed, "ada@example.com");
    app.assert_invariant().await;
}
