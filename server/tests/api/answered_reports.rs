//! The switch reports answered calls in batches (issue 42: one request a tenth of a
//! second instead of one a call). The real switch's batches are in `sip::live`.

use crate::common::{authorize, caller, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

fn report(call_id: &str, sip_call_id: &str) -> Value {
    json!({ "callId": call_id, "sipCallId": sip_call_id, "fromTag": "f1", "toTag": "t1",
            "switch": "http://127.0.0.1:5064" })
}

#[tokio::test]
async fn a_batch_records_each_answer_and_refuses_only_an_invalid_report() {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "5.00").await;
    for id in ["call-a", "call-b"] {
        let a = authorize(&app, id, "outbound", &mine, "+12125550199").await;
        assert_eq!(a["allowed"], true, "{a}");
    }
    let oversized = "x".repeat(300);
    let batch = json!({ "answered": [report("call-a", "sip-a"), report("call-b", "sip-b"),
        report("call-c", &oversized)] });
    let r = app
        .post_as(SWITCH, "/api/telephony/answered/batch", batch)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["recorded"], 2);
    assert_eq!(r.body["refused"][0]["index"], 2);
    assert_eq!(
        r.body["refused"][0]["message"],
        "sipCallId is required (at most 256 characters)"
    );
    let live = app.get_as(&s, "/api/calls/live").await.body;
    let answered: Vec<bool> = live["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["answeredAt"].is_i64())
        .collect();
    assert_eq!(answered, [true, true], "{live}");
}

#[tokio::test]
async fn a_batch_holds_one_to_five_hundred_reports_and_only_the_switch_sends_one() {
    let app = TestApp::new().await;
    let (s, _) = caller(&app, "ada@example.com", "5.00").await;
    let path = "/api/telephony/answered/batch";
    let empty = app.post_as(SWITCH, path, json!({ "answered": [] })).await;
    assert_eq!(empty.status, StatusCode::BAD_REQUEST);
    let many: Vec<Value> = (0..501).map(|i| report(&format!("c{i}"), "s")).collect();
    let r = app.post_as(SWITCH, path, json!({ "answered": many })).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"]["answered"],
        "answered must hold 1 to 500 reports"
    );
    let r = app
        .post_as(&s, path, json!({ "answered": [report("c", "s")] }))
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}
