//! Flows: created, read, listed, replaced, duplicated and deleted by their owner only,
//! validated by core at the IVR level the customer's packages give.

use super::{create, front_desk};
use crate::common::TestApp;
use axum::http::StatusCode;
use dialtone_core::ivr::{validate_flow, Flow, Iana, Level};
use dialtone_core::quota::Kept;
use serde_json::json;

#[tokio::test]
async fn a_flow_is_created_read_listed_replaced_duplicated_and_deleted() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let created = create(&app, &s, front_desk("Front desk")).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["name"], "Front desk");
    assert_eq!(created["flow"]["start"], "main");
    assert_eq!(created["numbers"], json!([]));
    assert_eq!(created["subscription"], json!(null));
    // Every step that speaks has its prompt rendered at save time.
    let prompts = created["prompts"].as_array().unwrap();
    let steps: Vec<&str> = prompts
        .iter()
        .map(|p| p["stepId"].as_str().unwrap())
        .collect();
    assert_eq!(steps, ["main", "vm"]);
    assert!(prompts
        .iter()
        .all(|p| p["source"] == "tts" && p["seconds"].as_f64().unwrap() > 0.5));

    let got = app.get_as(&s, &format!("/api/ivr/flows/{id}")).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.body["flow"], created["flow"]);

    let mut changed = front_desk("Front desk, evenings");
    changed["steps"]["vm"]["greeting"] = json!("We are closed. Leave a message.");
    let put = app
        .put_as(&s, &format!("/api/ivr/flows/{id}"), changed)
        .await;
    assert_eq!(put.status, StatusCode::OK, "{}", put.body);
    assert_eq!(put.body["name"], "Front desk, evenings");
    let vm = put.body["prompts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["stepId"] == "vm")
        .cloned()
        .unwrap();
    assert_eq!(vm["label"], "We are closed. Leave a message.");

    let copy = app
        .post_empty_as(&s, &format!("/api/ivr/flows/{id}/duplicate"))
        .await;
    assert_eq!(copy.status, StatusCode::CREATED, "{}", copy.body);
    assert_eq!(copy.body["name"], "Copy of Front desk, evenings");
    assert_eq!(copy.body["prompts"].as_array().unwrap().len(), 2);
    let copy_id = copy.body["id"].as_i64().unwrap();

    let list = app.get_as(&s, "/api/ivr/flows").await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.body["level"], "basic");
    assert_eq!(list.body["monthlyPrice"], json!(29.99));
    assert_eq!(list.body["limits"]["menus"], 1);
    let ids: Vec<i64> = list.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [copy_id, id]);
    assert_eq!(list.body["items"][1]["steps"], 3);

    let gone = app.delete_as(&s, &format!("/api/ivr/flows/{id}")).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT, "{}", gone.body);
    let again = app.get_as(&s, &format!("/api/ivr/flows/{id}")).await;
    assert_eq!(again.status, StatusCode::NOT_FOUND);
    let list = app.get_as(&s, "/api/ivr/flows").await;
    assert_eq!(list.body["items"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_flow_with_problems_is_refused_with_each_problem_and_its_step() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let mut flow = front_desk("Front desk");
    flow["steps"]["main"]["options"]["3"] = json!("nowhere");
    flow["steps"]["vm"]["greeting"] = json!("");
    let expected = validate_flow(
        &serde_json::from_value::<Flow>(flow.clone()).unwrap(),
        Level::Basic,
        &Iana,
    );
    assert!(expected.len() >= 2, "{expected:?}");

    let r = app.post_as(&s, "/api/ivr/flows", flow).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let problems = r.body["problems"].as_array().unwrap();
    assert_eq!(problems.len(), expected.len());
    for (got, want) in problems.iter().zip(&expected) {
        assert_eq!(got["step"].as_str(), want.step.as_deref());
        assert_eq!(got["message"], want.message.as_str());
    }
    assert_eq!(r.body["message"], expected[0].message.as_str());
    assert!(problems.iter().any(|p| p["step"] == "main"));
    assert!(problems.iter().any(|p| p["step"] == "vm"));
    assert_eq!(app.scalar("SELECT COUNT(*) FROM ivr_flows").await, 0);

    let not_a_flow = app
        .post_as(&s, "/api/ivr/flows", json!({ "steps": 3 }))
        .await;
    assert_eq!(not_a_flow.status, StatusCode::BAD_REQUEST);
}

/// A flow with business hours: more than Basic allows.
fn with_hours() -> serde_json::Value {
    let mut flow = front_desk("Office hours");
    flow["start"] = json!("hours");
    flow["steps"]["hours"] = json!({
        "type": "hours",
        "timeZone": "America/New_York",
        "weekly": { "monday": [{ "from": "09:00", "to": "17:00" }] },
        "holidays": [],
        "open": "main",
        "closed": "vm"
    });
    flow
}

#[tokio::test]
async fn the_ivr_level_follows_the_customers_package() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "100.00").await;
    let basic = validate_flow(
        &serde_json::from_value::<Flow>(with_hours()).unwrap(),
        Level::Basic,
        &Iana,
    );
    assert!(!basic.is_empty());
    let refused = app.post_as(&s, "/api/ivr/flows", with_hours()).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{}", refused.body);
    assert_eq!(
        refused.body["problems"][0]["message"],
        basic[0].message.as_str()
    );

    // The Professional plan (id 2) gives the Advanced level.
    let bought = app.post_empty_as(&s, "/api/packages/2/purchase").await;
    assert!(bought.status.is_success(), "{}", bought.body);
    let list = app.get_as(&s, "/api/ivr/flows").await;
    assert_eq!(list.body["level"], "advanced");
    assert_eq!(list.body["limits"]["businessHours"], true);
    create(&app, &s, with_hours()).await;
    app.assert_invariant().await;
}

#[tokio::test]
async fn another_customers_flow_is_not_found() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let id = create(&app, &ada, front_desk("Front desk")).await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/ivr/flows/{id}");
    assert_eq!(app.get_as(&bob, &path).await.status, StatusCode::NOT_FOUND);
    let put = app.put_as(&bob, &path, front_desk("Mine now")).await;
    assert_eq!(put.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.delete_as(&bob, &path).await.status,
        StatusCode::NOT_FOUND
    );
    let dup = app.post_empty_as(&bob, &format!("{path}/duplicate")).await;
    assert_eq!(dup.status, StatusCode::NOT_FOUND);
    let prompt = app.get_as(&bob, &format!("{path}/prompts/main")).await;
    assert_eq!(prompt.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get_as(&bob, "/api/ivr/flows").await.body["items"],
        json!([])
    );
    // Nothing changed for its owner; and nobody signed in gets nothing.
    assert_eq!(app.get_as(&ada, &path).await.body["name"], "Front desk");
    assert_eq!(
        app.get("/api/ivr/flows").send().await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn flows_stop_at_the_accounts_quota_even_when_created_at_once() {
    let (app, s, _) = TestApp::with_caller("ada@example.com", "1.00").await;
    let answers: Vec<_> = (0..25)
        .map(|i| {
            let body = super::front_desk(&format!("Desk {i}"));
            tokio::spawn(app.post_as(&s, "/api/ivr/flows", body))
        })
        .collect();
    let mut created = 0;
    for answer in answers {
        let r = answer.await.unwrap();
        match r.status {
            StatusCode::CREATED => created += 1,
            _ => {
                assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
                assert_eq!(
                    r.body["message"],
                    dialtone_core::ivr::limits::flow_quota(false, 20).unwrap_err()
                );
            }
        }
    }
    assert_eq!(created, 20, "a paying account keeps 20 flows");
    let kept = app.scalar("SELECT COUNT(*) FROM ivr_flows").await;
    assert_eq!(kept, 20);
}

#[tokio::test]
async fn a_trial_account_keeps_three_flows_and_hears_how_to_keep_more() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    for i in 0..3 {
        super::create(&app, &s, super::front_desk(&format!("Desk {i}"))).await;
    }
    let r = app
        .post_as(&s, "/api/ivr/flows", super::front_desk("One more"))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["message"],
        dialtone_core::ivr::limits::flow_quota(true, 3).unwrap_err()
    );
}

/// The reported abuse: one large flow duplicated over and over, each copy with its
/// prompts. Copies are flows and stop at the quota, even asked for at once.
#[tokio::test]
async fn duplicates_of_a_flow_stop_at_the_quota_even_asked_for_at_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let id = super::create(&app, &s, super::front_desk("Original")).await["id"].clone();
    let path = format!("/api/ivr/flows/{id}/duplicate");
    let answers: Vec<_> = (0..6)
        .map(|_| tokio::spawn(app.post_as(&s, &path, serde_json::json!({}))))
        .collect();
    let mut copies = 0;
    for answer in answers {
        let r = answer.await.unwrap();
        match r.status {
            StatusCode::CREATED => copies += 1,
            _ => {
                assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
                let refusal = dialtone_core::quota::check(Kept::IvrFlows, true, 3).unwrap_err();
                assert_eq!(r.body["message"], refusal);
            }
        }
    }
    assert_eq!(
        copies, 2,
        "a trial account keeps three flows, the original and two copies"
    );
    let prompts = app
        .scalar("SELECT COUNT(DISTINCT flow_id) FROM ivr_prompts")
        .await;
    assert!(prompts <= 3, "no prompts beyond the flows kept: {prompts}");
}
