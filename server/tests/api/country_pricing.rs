use crate::common::{with_code, TestApp};
use axum::http::StatusCode;
use serde_json::json;

/// Kosovo (+383): the one country of the numbering plan the catalogue lacks, as ISO
/// 3166 has not assigned its code (XK is user-assigned), so an administrator adds it.
fn kosovo() -> serde_json::Value {
    json!({ "country": "Kosovo", "code": "XK", "callingCode": "+383", "flag": "🇽🇰",
            "inboundRate": 0.021, "outboundRate": "0.0295", "smsRate": 0.05, "status": "active" })
}

#[tokio::test]
async fn an_admin_lists_searches_and_filters_the_rate_table() {
    let (app, admin) = TestApp::with_admin().await;
    let r = app
        .get_as(&admin, "/api/admin/country-pricing?pageSize=4")
        .await;
    let active = app
        .scalar("SELECT COUNT(*) FROM countries WHERE status = 'active'")
        .await;
    assert!(active >= 235, "{active}");
    assert_eq!(r.body["total"], active);
    assert_eq!(r.body["items"].as_array().unwrap().len(), 4);
    let us = &r.body["items"][0];
    assert_eq!(
        (us["country"].as_str(), us["code"].as_str()),
        (Some("United States"), Some("US"))
    );
    assert_eq!(
        (
            us["inboundRate"].clone(),
            us["outboundRate"].clone(),
            us["smsRate"].clone()
        ),
        (json!(0.015), json!(0.02), json!(0.01))
    );
    assert!(us["lastUpdated"].as_str().unwrap().ends_with('Z'));
    let r = app
        .get_as(&admin, "/api/admin/country-pricing?search=ger")
        .await;
    assert_eq!(r.body["items"][0]["code"], "DE");
    let r = app
        .get_as(&admin, "/api/admin/country-pricing?search=jp")
        .await;
    assert_eq!(r.body["items"][0]["country"], "Japan");
    let r = app
        .get_as(&admin, "/api/admin/country-pricing?status=inactive")
        .await;
    assert_eq!(r.body["total"], 0);
}

#[tokio::test]
async fn a_new_and_an_edited_rate_show_on_the_public_pricing_page_and_are_audited() {
    let (app, admin) = TestApp::with_admin().await;
    let r = app
        .post_as(&admin, "/api/admin/country-pricing", kosovo())
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.body["item"]["id"].as_i64().unwrap();
    assert_eq!(r.body["item"]["callingCode"], "383");
    let dup = app
        .post_as(&admin, "/api/admin/country-pricing", kosovo())
        .await;
    assert_eq!(
        dup.body["errors"]["code"],
        "A country with this code already exists"
    );

    let mut edit = kosovo();
    edit["outboundRate"] = json!("0.031");
    let r = app
        .put_as(&admin, &format!("/api/admin/country-pricing/{id}"), edit)
        .await;
    assert_eq!(r.body["item"]["outboundRate"], 0.031);
    let public = app.get("/api/catalogue/pricing").send().await;
    let cl = with_code(public.body["countries"].as_array().unwrap(), "XK");
    assert_eq!(
        (cl["outboundRate"].clone(), cl["mobile"].clone()),
        (json!(0.031), json!(null))
    );

    let mut off = kosovo();
    off["status"] = json!("inactive");
    app.put_as(&admin, &format!("/api/admin/country-pricing/{id}"), off)
        .await;
    let public = app.get("/api/catalogue/pricing").send().await;
    assert!(public.body["countries"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["code"] != "XK"));

    let row = format!("/api/admin/country-pricing/{id}");
    let r = app.delete_as(&admin, &row).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    let r = app.put_as(&admin, &row, kosovo()).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let actions = app
        .strings("SELECT action FROM audit_log ORDER BY id")
        .await;
    assert_eq!(
        actions,
        [
            "country.create",
            "country.update",
            "country.update",
            "country.delete"
        ]
    );
}

#[tokio::test]
async fn rate_rows_are_validated_with_cores_messages() {
    let (app, admin) = TestApp::with_admin().await;
    let bad = json!({ "country": "", "code": "chl", "callingCode": "0056", "inboundRate": -1, "outboundRate": "x", "smsRate": 11 });
    let r = app.post_as(&admin, "/api/admin/country-pricing", bad).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"],
        json!({ "country": "Country is required", "code": "Code must be two capital letters, e.g. DE",
                "callingCode": "Calling code must be 1 to 4 digits, e.g. 49", "inboundRate": "Inbound rate cannot be negative",
                "outboundRate": "Outbound rate must be a number", "smsRate": "SMS rate must be at most $10.000" })
    );
}

#[tokio::test]
async fn clients_cannot_touch_the_rate_table() {
    let (app, client) = TestApp::with_client("ada@example.com").await;
    app.assert_refused(&client, "/api/admin/country-pricing")
        .await;
    let r = app
        .post_as(&client, "/api/admin/country-pricing", kosovo())
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = app
        .put_as(&client, "/api/admin/country-pricing/1", kosovo())
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}
