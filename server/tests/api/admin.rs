use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_user_list_has_the_true_total_search_filters_and_paging() {
    let (app, admin) = TestApp::with_admin().await;
    for i in 0..7 {
        app.client(&format!("client{i}@example.com")).await;
    }
    let r = app.get_as(&admin, "/api/admin/users?pageSize=3").await;
    assert_eq!(
        (
            r.body["total"].as_i64(),
            r.body["items"].as_array().unwrap().len()
        ),
        (Some(8), 3)
    );
    let item = &r.body["items"][0];
    for field in [
        "id",
        "name",
        "email",
        "phone",
        "status",
        "role",
        "joinDate",
        "lastLogin",
    ] {
        assert!(item.get(field).is_some(), "{field}");
    }
    assert_eq!(
        app.get_as(&admin, "/api/admin/users?role=admin").await.body["total"],
        1
    );
    assert_eq!(
        app.get_as(&admin, "/api/admin/users?search=CLIENT3")
            .await
            .body["total"],
        1
    );
    assert_eq!(
        app.get_as(&admin, "/api/admin/users?page=3&pageSize=3")
            .await
            .body["items"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn a_suspended_client_cannot_sign_in_and_their_sessions_end_at_once() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let r = app
        .post_empty_as(&admin, &format!("/api/admin/users/{}/suspend", s.user_id))
        .await;
    assert_eq!(r.body["item"]["status"], "suspended");
    app.assert_signed_out(&s).await;
    assert_eq!(
        app.login("ada@example.com", "password1").await.status,
        StatusCode::FORBIDDEN
    );
    let r = app
        .post_empty_as(
            &admin,
            &format!("/api/admin/users/{}/reactivate", s.user_id),
        )
        .await;
    assert_eq!(r.body["item"]["status"], "active");
    app.assert_signs_in("ada@example.com", "password1").await;
    let actions = app
        .strings("SELECT action FROM audit_log ORDER BY id")
        .await;
    assert_eq!(actions, ["user.suspend", "user.reactivate"]);
}

#[tokio::test]
async fn administrators_cannot_suspend_or_demote_themselves_and_one_admin_always_remains() {
    let app = TestApp::new().await;
    let a = app.admin("a@example.com").await;
    assert_eq!(
        app.post_empty_as(&a, &format!("/api/admin/users/{}/suspend", a.user_id))
            .await
            .status,
        StatusCode::CONFLICT
    );
    let demote_self = app.set_role(&a, a.user_id, "client").await;
    assert_eq!(
        (demote_self.status, demote_self.body["message"].as_str()),
        (
            StatusCode::CONFLICT,
            Some("You cannot change your own role")
        )
    );

    let b = app.admin("b@example.com").await;
    // Two administrators demote each other at the same moment: one must remain.
    let (x, y) = tokio::join!(
        tokio::spawn(app.set_role(&a, b.user_id, "client")),
        tokio::spawn(app.set_role(&b, a.user_id, "client"))
    );
    let statuses = [x.unwrap().status, y.unwrap().status];
    let admins = app
        .scalar("SELECT COUNT(*) FROM users WHERE role = 'admin'")
        .await;
    assert_eq!(admins, 1, "{statuses:?}");
    assert!(statuses.contains(&StatusCode::OK));
}

#[tokio::test]
async fn the_last_administrator_cannot_be_demoted() {
    let app = TestApp::new().await;
    let a = app.admin("a@example.com").await;
    let b = app.admin("b@example.com").await;
    let r = app.set_role(&a, b.user_id, "client").await;
    assert_eq!(r.body["item"]["role"], "client");
    // b is a client now; a is the last admin, and b's old token no longer works.
    assert_eq!(
        app.get_as(&b, "/api/admin/users").await.status,
        StatusCode::UNAUTHORIZED
    );
    let c = app.admin("c@example.com").await;
    app.set_role(&c, a.user_id, "client").await;
    let last = app.set_role(&c, c.user_id, "client").await;
    assert_eq!(last.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn send_email_goes_through_the_mail_path() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let bad = app
        .post_as(
            &admin,
            &format!("/api/admin/users/{}/email", s.user_id),
            json!({}),
        )
        .await;
    assert_eq!(bad.body["errors"]["subject"], "Subject is required");
    let r = app
        .post_as(
            &admin,
            &format!("/api/admin/users/{}/email", s.user_id),
            json!({ "subject": "Your account", "body": "Hello Ada" }),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    app.assert_only_mail("ada@example.com", "Your account")
        .await;
}

#[tokio::test]
async fn every_admin_endpoint_answers_403_to_a_client_and_401_without_a_token() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let gets = [
        "/api/admin/users",
        "/api/admin/stats",
        "/api/admin/analytics",
        "/api/admin/analytics/export?chart=calls",
        "/api/admin/settings",
        "/api/admin/audit",
        "/api/admin/balances",
        "/api/admin/phones",
        "/api/admin/packages",
        "/api/admin/country-pricing",
        "/api/admin/calls",
        "/api/admin/calls/export",
        "/api/admin/messages",
    ];
    for path in gets {
        app.assert_refused(&s, path).await;
    }
    for path in [
        "/api/admin/users/1/suspend",
        "/api/admin/users/1/reactivate",
        "/api/admin/users/1/role",
        "/api/admin/users/1/email",
    ] {
        assert_eq!(
            app.post_as(&s, path, json!({ "role": "admin" }))
                .await
                .status,
            StatusCode::FORBIDDEN,
            "{path}"
        );
    }
    assert_eq!(
        app.put_as(&s, "/api/admin/settings", json!({}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}
