//! The call lists at scale: totals kept per customer, direction and status as each
//! CDR is recorded (never a COUNT per request unless searching) and keyset paging.
//! Both must show exactly what counting the rows and paging by number show.

use crate::common::{caller, cdr, completed, send_cdr, TestApp};
use axum::http::StatusCode;
use serde_json::Value;

async fn totals(app: &TestApp, token: &str, path: &str) -> Value {
    let r = app.get(path).bearer(token).send().await;
    assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
    r.body["totals"].clone()
}

#[tokio::test]
async fn kept_totals_equal_the_counted_ones_for_every_filter_and_a_replay_counts_once() {
    let (app, ada, mine) = TestApp::with_caller("ada@example.com", "5.00").await;
    let (bob, theirs) = caller(&app, "bob@example.com", "3.00").await;
    let admin = app.admin("admin@example.com").await;
    completed(&app, "t1", "outbound", &mine, "+12125550199", 61).await;
    completed(&app, "t2", "inbound", "+16045550111", &mine, 30).await;
    send_cdr(
        &app,
        cdr("t3", "outbound", &mine, "+442079460999", 0, "failed"),
    )
    .await;
    send_cdr(
        &app,
        cdr("t4", "outbound", &mine, "+12125550100", 0, "no-answer"),
    )
    .await;
    completed(&app, "t5", "outbound", &theirs, "+12125550199", 125).await;
    // The switch sends t1 again: the call is recorded, and counted, once.
    let replay = completed(&app, "t1", "outbound", &mine, "+12125550199", 61).await;
    assert_eq!(replay.status, StatusCode::OK);

    let filters = [
        "",
        "type=outbound",
        "type=inbound",
        "status=completed",
        "status=failed",
        "type=outbound&status=no-answer",
        "type=inbound&status=failed",
    ];
    for (who, list) in [
        (&ada.token, "/api/calls"),
        (&bob.token, "/api/calls"),
        (&admin.token, "/api/admin/calls"),
    ] {
        for filter in filters {
            let kept = totals(&app, who, &format!("{list}?{filter}")).await;
            // Every number has a "+": the same set, counted from the rows.
            let counted = totals(&app, who, &format!("{list}?{filter}&search=%2B")).await;
            assert_eq!(kept, counted, "{list}?{filter}");
        }
    }
    let all = totals(&app, &admin.token, "/api/admin/calls").await;
    assert_eq!(
        (all["calls"].as_i64(), all["durationSeconds"].as_i64()),
        (Some(5), Some(216))
    );
    let ada_out = totals(&app, &ada.token, "/api/calls?type=outbound").await;
    assert_eq!(ada_out["calls"], 3);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_cursor_reads_the_pages_page_numbers_read_and_ends_with_no_next() {
    let (app, ada, mine) = TestApp::with_caller("ada@example.com", "5.00").await;
    // Seven calls started at the same second: the id orders them.
    for i in 0..7 {
        let status = if i % 2 == 0 { "completed" } else { "failed" };
        let seconds = if status == "completed" { 10 + i } else { 0 };
        let id = format!("k{i}");
        send_cdr(
            &app,
            cdr(&id, "outbound", &mine, "+12125550199", seconds, status),
        )
        .await;
    }
    for filter in ["", "&status=completed"] {
        let mut by_number = Vec::new();
        for page in 1..=3 {
            let path = format!("/api/calls?pageSize=3&page={page}{filter}");
            let r = app.get_as(&ada, &path).await.body;
            by_number.extend(r["items"].as_array().unwrap().iter().cloned());
        }
        let mut by_cursor = Vec::new();
        let mut path = format!("/api/calls?pageSize=3{filter}");
        let mut pages = 0;
        loop {
            let r = app.get_as(&ada, &path).await.body;
            pages += 1;
            by_cursor.extend(r["items"].as_array().unwrap().iter().cloned());
            match r["next"].as_str() {
                Some(next) => path = format!("/api/calls?pageSize=3{filter}&before={next}"),
                None => break,
            }
        }
        assert_eq!(by_cursor, by_number, "filter {filter:?}");
        let expected = if filter.is_empty() { 7 } else { 4 };
        assert_eq!(by_number.len(), expected);
        assert!(pages <= 3, "no empty page after the last: {pages}");
        let ids: Vec<i64> = by_cursor
            .iter()
            .map(|c| c["id"].as_i64().unwrap())
            .collect();
        assert!(ids.windows(2).all(|w| w[0] > w[1]), "newest first: {ids:?}");
    }
    let bad = app.get_as(&ada, "/api/calls?before=yesterday").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body["errors"]["before"].is_string(), "{}", bad.body);
}
