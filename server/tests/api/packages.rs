use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_server::jobs::run_once;
use dialtone_server::settings::DAY_MS;
use serde_json::json;

#[tokio::test]
async fn the_catalogue_has_the_three_plans_the_comparison_names() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app.get_as(&s, "/api/packages").await;
    let summary: Vec<(String, i64, f64, i64)> = r.body["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().into(),
                p["minutes"].as_i64().unwrap(),
                p["price"].as_f64().unwrap(),
                p["validity"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("Basic".into(), 500, 9.0, 30),
            ("Professional".into(), 2000, 29.0, 30),
            ("Enterprise".into(), 10000, 99.0, 30)
        ]
    );
}

#[tokio::test]
async fn buying_a_package_debits_its_price_and_starts_its_minutes_until_expiry() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    assert_eq!(
        app.get_as(&s, "/api/packages/mine").await.body["packages"],
        json!([])
    );
    let poor = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(poor.status, StatusCode::PAYMENT_REQUIRED);
    app.fund(s.user_id, "25").await;
    let r = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["balance"], 16.0);
    let mine = app.my_package(&s).await;
    assert_eq!(
        (
            mine["name"].as_str(),
            mine["minutes"].as_i64(),
            mine["remainingMinutes"].as_i64()
        ),
        (Some("Basic"), Some(500), Some(500))
    );
    assert_eq!(mine["status"], "active");
    assert_eq!(mine["renews"], true);
    // Cancelled, it ends with its period instead of renewing.
    let id = mine["id"].as_i64().unwrap();
    let r = app
        .post_empty_as(&s, &format!("/api/packages/mine/{id}/cancel"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["renews"], false);
    let again = app
        .post_empty_as(&s, &format!("/api/packages/mine/{id}/cancel"))
        .await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);

    let expires = app.scalar("SELECT expires_at FROM user_packages").await;
    assert_eq!(
        run_once(&app.state, expires - DAY_MS)
            .await
            .unwrap()
            .packages_expired,
        0
    );
    assert_eq!(
        run_once(&app.state, expires + 1)
            .await
            .unwrap()
            .packages_expired,
        1
    );
    assert_eq!(app.my_package(&s).await["status"], "expired");
    app.assert_invariant().await;
}

#[tokio::test]
async fn administrators_manage_the_catalogue_and_a_used_package_is_deactivated_not_deleted() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    let body = json!({ "name": "Weekend", "minutes": 60, "price": "1.00", "validity": 7, "features": ["60 minutes"], "status": "active" });
    let r = app
        .post_as(&admin, "/api/admin/packages", body.clone())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["item"]["id"].as_i64().unwrap();
    assert_eq!(r.body["item"]["subscribers"], 0);
    let bad = app
        .post_as(
            &admin,
            "/api/admin/packages",
            json!({ "name": "", "minutes": 0 }),
        )
        .await;
    assert_eq!(
        bad.body["errors"]["minutes"],
        "Minutes must be between 1 and 100000"
    );

    app.fund(s.user_id, "10").await;
    assert_eq!(
        app.post_empty_as(&s, &format!("/api/packages/{id}/purchase"))
            .await
            .status,
        StatusCode::CREATED
    );
    let list = app.get_as(&admin, "/api/admin/packages").await;
    let weekend = list.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
        .clone();
    assert_eq!(weekend["subscribers"], 1);

    let mut edit = body.clone();
    edit["price"] = json!(0.85);
    let r = app
        .put_as(&admin, &format!("/api/admin/packages/{id}"), edit)
        .await;
    assert_eq!(r.body["item"]["price"], 0.85);

    let r = app
        .delete_as(&admin, &format!("/api/admin/packages/{id}"))
        .await;
    assert_eq!(r.body["deleted"], false);
    assert!(r.message().contains("deactivated instead of deleted"));
    let on_sale = app.get_as(&s, "/api/packages").await;
    assert!(on_sale.body["packages"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["id"] != id));
    assert_eq!(app.my_package(&s).await["status"], "active");

    let r = app.post_as(&admin, "/api/admin/packages", body).await;
    let unused = r.body["item"]["id"].as_i64().unwrap();
    let package = format!("/api/admin/packages/{unused}");
    let r = app.delete_as(&admin, &package).await;
    assert_eq!(r.body["deleted"], true);
    let r = app.post_empty_as(&s, &package).await;
    assert_eq!(r.status, StatusCode::METHOD_NOT_ALLOWED);
    let r = app.get_as(&s, "/api/admin/packages").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
