use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};

#[tokio::test]
async fn the_inventory_is_searched_filtered_and_paged_on_the_server() {
    let (app, admin) = TestApp::with_admin().await;
    let all = app.get_as(&admin, "/api/admin/phones?pageSize=5").await;
    assert_eq!(all.body["total"], 72);
    assert_eq!(all.body["items"].as_array().unwrap().len(), 5);
    let one = app
        .get_as(&admin, "/api/admin/phones?search=%2B14155550100")
        .await;
    let first = &one.body["items"][0];
    assert_eq!(
        (first["status"].as_str(), first["assignedTo"].clone()),
        (Some("available"), json!(null))
    );
    assert_eq!(
        (first["type"].as_str(), first["monthlyFee"].clone()),
        (Some("mobile"), json!(2.99))
    );
    let uk = app
        .get_as(
            &admin,
            "/api/admin/phones?search=united%20kingdom&type=tollfree",
        )
        .await;
    assert_eq!(uk.body["total"], 8);
    let by_number = app.get_as(&admin, "/api/admin/phones?search=%2B1416").await;
    assert_eq!(by_number.body["total"], 8);
    let active = app.get_as(&admin, "/api/admin/phones?status=active").await;
    assert_eq!(active.body["total"], 0);
}

#[tokio::test]
async fn a_number_added_by_an_administrator_can_be_bought_by_a_client() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    app.fund(s.user_id, "10").await;
    let add = |number: &str| {
        let body = json!({ "number": number, "countryCode": "US", "type": "mobile" });
        app.post_as(&admin, "/api/admin/phones", body)
    };
    let bad = add("4155550999").await;
    assert_eq!(
        bad.body["errors"]["number"],
        "Enter the number in international format, e.g. +14155550123"
    );
    let r = add("+1 415 555 0999").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["item"]["number"], "+14155550999");
    let dup = add("+14155550999").await;
    assert_eq!(dup.status, StatusCode::CONFLICT);
    let id = r.body["item"]["id"].clone();
    assert!(app
        .available(&s, "US", "mobile")
        .await
        .iter()
        .any(|n| n["id"] == id));
    let bought = app.purchase(&s, &id).send().await;
    assert_eq!(bought.status, StatusCode::CREATED);
    let listed = app
        .get_as(&admin, "/api/admin/phones?search=ada%40example")
        .await;
    assert_eq!(listed.body["items"][0]["assignedTo"], "ada@example.com");
    assert_eq!(listed.body["items"][0]["status"], "active");
}

#[tokio::test]
async fn reassigning_changing_country_and_deactivating_are_audited() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let id = app
        .get_as(&admin, "/api/admin/phones?search=%2B1212")
        .await
        .body["items"][0]["id"]
        .as_i64()
        .unwrap();
    // What the administrator does to this number: reassign, change-country, ...
    let act = |action: &str, body: Value| {
        app.post_as(&admin, &format!("/api/admin/phones/{id}/{action}"), body)
    };
    let act_on =
        |action: &str| app.post_empty_as(&admin, &format!("/api/admin/phones/{id}/{action}"));

    let r = act("reassign", json!({ "email": "ADA@example.com" })).await;
    assert_eq!(
        (
            r.body["item"]["assignedTo"].as_str(),
            r.body["item"]["status"].as_str()
        ),
        (Some("ada@example.com"), Some("active"))
    );
    assert_eq!(
        app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0]["id"],
        id
    );
    let unknown = act("reassign", json!({ "email": "nobody@example.com" })).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    let r = act("change-country", json!({ "countryCode": "CA" })).await;
    assert_eq!(r.body["item"]["countryCode"], "CA");
    let r = act_on("deactivate").await;
    assert_eq!(r.body["item"]["status"], "inactive");
    let r = act_on("activate").await;
    assert_eq!(r.body["item"]["status"], "active");
    let r = act("reassign", json!({ "email": null })).await;
    assert_eq!(
        (
            r.body["item"]["status"].as_str(),
            r.body["item"]["assignedTo"].clone()
        ),
        (Some("available"), json!(null))
    );

    let actions = app
        .strings("SELECT action FROM audit_log WHERE target_type = 'phone_number' ORDER BY id")
        .await;
    assert_eq!(
        actions,
        [
            "phone.reassign",
            "phone.change_country",
            "phone.deactivate",
            "phone.activate",
            "phone.reassign"
        ]
    );
}

#[tokio::test]
async fn every_inventory_endpoint_refuses_clients() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    app.assert_refused(&s, "/api/admin/phones").await;
    for path in [
        "/api/admin/phones",
        "/api/admin/phones/1/reassign",
        "/api/admin/phones/1/change-country",
        "/api/admin/phones/1/deactivate",
        "/api/admin/phones/1/activate",
    ] {
        let r = app.post_as(&s, path, json!({ "email": "ada@example.com", "countryCode": "US", "number": "+14155550999", "type": "mobile" })).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}");
    }
}
