//! The world catalogue (issue 41): every country with a calling code is priced, the
//! pages' claims are computed from the list, the United Kingdom is GB without breaking
//! "UK", numbers are sold in 40 countries and stocked with numbers valid for their
//! country and type, and an administrator cannot add a number the plan refuses.

use crate::common::{with_code, TestApp};
use axum::http::StatusCode;
use dialtone_server::infra::regions;
use serde_json::json;

#[tokio::test]
async fn the_summary_is_computed_from_the_price_list() {
    let app = TestApp::new().await;
    let r = app.get("/api/catalogue/pricing").send().await;
    assert_eq!(r.status, StatusCode::OK);
    let countries = r.body["countries"].as_array().unwrap();
    let summary = &r.body["summary"];
    assert_eq!(summary["countries"], countries.len());
    // Canada's mobile ($1.89) and rates ($0.014 in, $0.019 out) are the list's lowest.
    assert_eq!(
        summary,
        &json!({ "countries": countries.len(), "numbersFrom": 1.89, "inboundFrom": 0.014,
                 "outboundFrom": 0.019, "smsFrom": 0.01, "setupFee": 1.0, "recordingRate": 0.0025 })
    );
    assert_eq!(with_code(countries, "JM")["smsRate"], 0.04);

    sqlx::query("UPDATE countries SET outbound_rate_micros = 12000 WHERE code = 'DE'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = app.get("/api/catalogue/pricing").send().await;
    assert_eq!(r.body["summary"]["outboundFrom"], 0.012);
}

#[tokio::test]
async fn the_united_kingdom_is_gb_and_uk_still_finds_it() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let by_gb = app.available(&s, "GB", "mobile").await;
    let by_uk = app.available(&s, "UK", "mobile").await;
    assert!(!by_gb.is_empty());
    assert_eq!(by_gb, by_uk);
    let countries = app.get_as(&s, "/api/numbers/countries").await.body;
    let codes: Vec<&str> = countries["countries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert!(codes.contains(&"GB") && !codes.contains(&"UK"), "{codes:?}");
    // A number bought before is still the United Kingdom's.
    app.fund(s.user_id, "20").await;
    let r = app.purchase(&s, &by_uk[0]["id"]).send().await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let country: String = sqlx::query_scalar(
        "SELECT c.code FROM phone_numbers n JOIN countries c ON c.id = n.country_id WHERE n.owner_id = $1",
    )
    .bind(s.user_id)
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(country, "GB");
}

#[tokio::test]
async fn demo_stock_in_every_country_sold_is_valid_for_its_country_and_type() {
    let app = TestApp::with(|c| c.demo = true).await;
    let stock: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT n.number, c.code, n.number_type FROM phone_numbers n JOIN countries c ON c.id = n.country_id \
         WHERE n.status = 'available' AND c.code NOT IN ('US', 'GB', 'CA')",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    let countries: std::collections::BTreeSet<&str> =
        stock.iter().map(|(_, code, _)| code.as_str()).collect();
    assert_eq!(countries.len(), 37, "{countries:?}");
    for (number, code, kind) in &stock {
        assert!(
            regions::fits(number, code, kind),
            "{number} as {code} {kind}"
        );
    }
}

#[tokio::test]
async fn an_admin_cannot_add_a_number_the_plan_refuses_for_the_country_and_type() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let range = |first: &str, country: &str, kind: &str| json!({ "first": first, "count": "3", "countryCode": country, "type": kind, "apply": true });
    let r = app
        .post_as(
            &admin,
            "/api/admin/phones/range",
            range("+14155550500", "DE", "landline"),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["first"],
        "+14155550500 is not a valid landline number of the chosen country"
    );
    let landline = regions::example_number("DE", "landline").unwrap();
    let r = app
        .post_as(
            &admin,
            "/api/admin/phones/range",
            range(&landline, "DE", "landline"),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["added"].as_array().unwrap().len(), 3);
    let mobile = regions::example_number("DE", "mobile").unwrap();
    let one = json!({ "number": mobile, "countryCode": "DE", "type": "tollfree" });
    let r = app.post_as(&admin, "/api/admin/phones", one).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["number"],
        format!("{mobile} is not a valid toll-free number of the chosen country")
    );
}

#[tokio::test]
async fn the_wizard_searches_by_area_code_and_digits_contained() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let search = |query: &str| {
        let path = format!("/api/numbers/available?country=US&type=mobile&{query}");
        let app = &app;
        let s = &s;
        async move { app.get_as(s, &path).await }
    };
    let all = app.available(&s, "US", "mobile").await;
    let first = all[0]["number"].as_str().unwrap().to_string();
    let area = &first[2..5];
    let by_area = search(&format!("prefix={area}")).await;
    assert_eq!(by_area.status, StatusCode::OK, "{}", by_area.body);
    let found = by_area.body["numbers"].as_array().unwrap();
    assert!(!found.is_empty());
    assert!(found.iter().all(|n| n["number"]
        .as_str()
        .unwrap()
        .starts_with(&format!("+1{area}"))));
    assert!(search("prefix=999").await.body["numbers"]
        .as_array()
        .unwrap()
        .is_empty());
    let tail = &first[first.len() - 4..];
    let by_digits = search(&format!("contains={tail}")).await.body;
    assert!(
        by_digits["numbers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n["number"] == first.as_str()),
        "{by_digits}"
    );
    let bad = search("prefix=4a&contains=5-5").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (
            bad.body["errors"]["prefix"].clone(),
            bad.body["errors"]["contains"].clone()
        ),
        (
            json!(dialtone_core::inventory::PREFIX_MESSAGE),
            json!(dialtone_core::inventory::CONTAINS_MESSAGE)
        )
    );
    // Every number takes calls and SMS and says so; MMS finds none; a made-up
    // capability is refused.
    assert_eq!(all[0]["capabilities"], json!(["voice", "sms"]));
    let sms = search("capability=sms").await.body;
    assert_eq!(sms["numbers"].as_array().unwrap().len(), all.len());
    let mms = search("capability=mms").await.body;
    assert_eq!(mms["numbers"], json!([]));
    let bad = search("capability=pager").await;
    assert_eq!(
        bad.body["errors"]["capability"],
        "pager is not a capability: voice, sms, mms or fax"
    );
}
