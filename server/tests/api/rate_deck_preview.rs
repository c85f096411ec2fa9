//! A rate deck's preview against the rates in force (issue 41): a prefix the deck in
//! force lacks is compared with the country rate that rates its numbers now.

use crate::common::TestApp;
use crate::rate_decks::{day, uploaded, HEADER};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_new_prefix_is_previewed_against_its_country_rate_and_a_jump_flagged() {
    let (app, admin) = TestApp::with_admin().await;
    let date = day(1);
    // Jamaica is at $0.15 a minute outbound in Country Pricing; no deck is in force.
    let csv = format!(
        "{HEADER}\n1876,Jamaica,JM,landline,0.04,0.348,0.04,1,1,{date}\n\
         49,Germany,DE,landline,0.02,0.03,0.065,1,1,{date}\n"
    );
    let id = uploaded(&app, &admin, csv).await;
    let r = app
        .get_as(
            &admin,
            &format!("/api/admin/rate-decks/{id}/preview?threshold=50"),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let diff = &r.body["diff"];
    assert_eq!(
        (diff["added"].clone(), diff["flagged"].clone()),
        (json!(2), json!(1))
    );
    let jamaica = &diff["changes"][0];
    assert_eq!(
        (jamaica["prefix"].clone(), jamaica["flagged"].clone()),
        (json!("1876"), json!(true))
    );
    assert_eq!(
        jamaica["moves"],
        json!([{ "rate": "outbound", "before": "150000", "after": "348000", "percent": "132", "flagged": true }])
    );
    let germany = &diff["changes"][1];
    assert_eq!(germany["flagged"], false);
    assert_eq!(
        germany["moves"][0]["before"], "28000",
        "Germany's country rate"
    );
}
