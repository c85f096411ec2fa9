//! The audit log reads as sentences (issue 41): actions by name, the actor and the
//! subject by name, "System" for what the platform did on its own, a customer's own
//! change marked as the client's, and a draft rate deck's deletion recorded.

use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_server::audit;
use serde_json::{json, Value};

async fn entries(app: &TestApp, admin: &crate::common::Session) -> Vec<Value> {
    let r = app.get_as(admin, "/api/admin/audit?pageSize=100").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.body["items"].as_array().unwrap().clone()
}

fn find<'a>(entries: &'a [Value], action: &str) -> &'a Value {
    entries
        .iter()
        .find(|e| e["action"] == action)
        .unwrap_or_else(|| panic!("{action} in {entries:?}"))
}

#[tokio::test]
async fn the_log_names_actions_actors_and_subjects() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let path = format!("/api/admin/users/{}/suspend", s.user_id);
    assert_eq!(
        app.post_empty_as(&admin, &path).await.status,
        StatusCode::OK
    );
    let job = audit::Entry {
        actor_id: None,
        action: "call.reservation_released",
        target_type: "call",
        target_id: "lost-1".into(),
        before: None,
        after: None,
    };
    audit::record(&app.state.db.pool, job).await.unwrap();

    let log = entries(&app, &admin).await;
    let suspended = find(&log, "user.suspend");
    assert_eq!(suspended["actionLabel"], "Suspended user");
    assert_eq!(suspended["actorRole"], "admin");
    let admin_email: String = sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(admin.user_id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert!(
        suspended["actor"]
            .as_str()
            .unwrap()
            .ends_with(&format!("<{admin_email}>")),
        "{suspended}"
    );
    assert!(
        suspended["subject"]
            .as_str()
            .unwrap()
            .ends_with("<ada@example.com>"),
        "{suspended}"
    );
    let released = find(&log, "call.reservation_released");
    assert_eq!(
        (
            &released["actor"],
            &released["actorRole"],
            &released["actionLabel"]
        ),
        (
            &json!("System"),
            &Value::Null,
            &json!("Released a lost call's hold")
        )
    );
    assert_eq!(released["subject"], Value::Null);
}

#[tokio::test]
async fn deleting_a_draft_rate_deck_is_recorded() {
    let (app, admin) = TestApp::with_admin().await;
    let csv = "prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from\n\
               49,Germany,DE,landline,0.02,0.03,0.07,1,1,2030-01-01\n";
    let r = app
        .post("/api/admin/rate-decks?name=Draft")
        .bearer(&admin.token)
        .raw("text/csv", csv.to_string())
        .send()
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.text);
    let id = r.body["item"]["id"].as_i64().unwrap();
    let uploaded = find(&entries(&app, &admin).await, "rate_deck.upload").clone();
    assert_eq!(uploaded["subject"], "Draft");

    let r = app
        .delete_as(&admin, &format!("/api/admin/rate-decks/{id}"))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.text);
    let log = entries(&app, &admin).await;
    let deleted = find(&log, "rate_deck.delete");
    assert_eq!(deleted["actionLabel"], "Deleted a draft rate deck");
    assert_eq!(deleted["before"], json!({ "name": "Draft", "rows": 1 }));
    assert_eq!(deleted["subject"], Value::Null, "the deck is gone");
}
