//! /api/admin/sms/link: the link's state as its instance recorded it (bound, counts,
//! last error), the queue waiting for it, and the SMS queue gauge of /metrics.

use super::{app_on, send, wait_count};
use crate::common::{Session, TestApp, SWITCH};
use crate::support::smsc::Smsc;
use axum::http::StatusCode;
use serde_json::Value;
use std::time::Duration;

/// Waits (twenty seconds at the most) until the only link's row satisfies `ok`.
async fn wait_link(app: &TestApp, admin: &Session, ok: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..200 {
        let r = app.get_as(admin, "/api/admin/sms/link").await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let links = r.body["links"].as_array().unwrap();
        if links.len() == 1 && ok(&links[0]) {
            return r.body;
        }
        last = r.body;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the link never reached the expected state: {last}");
}

#[tokio::test]
async fn admins_see_the_link_bound_its_submits_the_queue_and_the_lost_link() {
    let smsc = Smsc::start().await;
    let (app, s) = app_on(&smsc, 1).await;
    let admin = app.admin("root@example.com").await;
    assert_eq!(
        app.get_as(&s, "/api/admin/sms/link").await.status,
        StatusCode::FORBIDDEN
    );

    send(&app, &s, "+447700900123", "Hello").await;
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        1,
    )
    .await;
    let page = wait_link(&app, &admin, |l| l["submittedTotal"] == 1).await;
    assert_eq!(page["provider"], "smpp");
    assert_eq!(page["queue"]["queued"], 0);
    assert!(page["queue"]["oldestQueuedSeconds"].is_null());
    let l = &page["links"][0];
    assert_eq!(l["bound"], true, "{l}");
    assert!(l["boundSince"].is_string(), "{l}");
    assert_eq!(l["submittedPerMinute"], 1);
    assert_eq!(l["systemId"], "dialtone");
    assert_eq!(l["smscAddr"], format!("127.0.0.1:{}", smsc.port));
    assert_eq!(l["stale"], false);
    assert!(l["lastError"].is_null(), "{l}");

    // The SMSC drops the link: the error stays on record after the link binds again.
    smsc.drop_links().await;
    wait_link(&app, &admin, |l| {
        l["lastError"] == "The SMSC closed the link" && l["lastErrorAt"].is_string()
    })
    .await;

    // The SMSC is gone: the link is down, the binds fail, and messages wait.
    drop(smsc);
    let page = wait_link(&app, &admin, |l| {
        l["bound"] == false
            && l["lastError"]
                .as_str()
                .is_some_and(|e| e.starts_with("Bind failed"))
    })
    .await;
    assert!(page["links"][0]["boundSince"].is_null());
    send(&app, &s, "+447700900123", "Waiting").await;
    let page = app.get_as(&admin, "/api/admin/sms/link").await.body;
    assert_eq!(page["queue"]["queued"], 1);
    assert!(page["queue"]["oldestQueuedSeconds"].as_i64().unwrap() >= 0);
    let metrics = app.get("/metrics").bearer(SWITCH).send().await.text;
    assert!(
        metrics.lines().any(|l| l == "dialtone_sms_queue_depth 1"),
        "{metrics}"
    );
}

#[tokio::test]
async fn without_smpp_the_page_names_the_provider_and_no_link() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let page = app.get_as(&admin, "/api/admin/sms/link").await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.body["provider"], "loopback");
    assert_eq!(page.body["links"], serde_json::json!([]));
    assert_eq!(page.body["queue"]["queued"], 0);
}
