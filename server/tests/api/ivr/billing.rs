//! Routing a number to a flow: its first month charged once through the ledger, the
//! route read back, deletion refused while in use, and the monthly renewal on the
//! numbers' cycle (renewed while in use, ended when not or when unpaid).

use super::{balance_micros, create, front_desk, my_number_id, route};
use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_core::ivr::plan::MONTHLY_MICROS;
use dialtone_server::ivr::repo::flow_for_number;
use dialtone_server::jobs::run_once;
use serde_json::json;

const DAY_MS: i64 = 24 * 3600 * 1000;

/// A client with a US mobile number, a flow, and `left` dollars beside the number.
async fn opening(left: &str) -> (TestApp, crate::common::Session, i64, i64, String) {
    let app = TestApp::new().await;
    let (s, number) = crate::common::caller(&app, "ada@example.com", left).await;
    let number_id = my_number_id(&app, &s).await;
    let flow = create(&app, &s, front_desk("Front desk")).await["id"]
        .as_i64()
        .unwrap();
    (app, s, number_id, flow, number)
}

/// When flow `flow`'s subscription renews next.
async fn next_renewal(app: &TestApp, flow: i64) -> i64 {
    app.scalar_for(
        "SELECT renews_at FROM ivr_subscriptions WHERE flow_id = $1",
        flow,
    )
    .await
}

/// How many "IVR flow renews soon" notices the client has had.
async fn renewal_notices(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for(
        "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND title = 'IVR flow renews soon'",
        s.user_id,
    )
    .await
}

#[tokio::test]
async fn routing_a_number_to_a_flow_charges_its_first_month_once() {
    let (app, s, number_id, flow, number) = opening("50.00").await;
    let before = balance_micros(&app, &s).await;
    assert!(flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .is_none());

    let r = route(&app, &s, number_id, Some(flow)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["ivrFlowId"], flow);
    assert_eq!(r.body["forwardTo"], json!(null));
    assert_eq!(balance_micros(&app, &s).await, before - MONTHLY_MICROS);
    // Setting the same route again, or reading it, charges nothing more.
    assert_eq!(
        route(&app, &s, number_id, Some(flow)).await.status,
        StatusCode::OK
    );
    let read = app
        .get_as(&s, &format!("/api/numbers/{number_id}/route"))
        .await;
    assert_eq!(read.body["ivrFlowId"], flow);
    assert_eq!(balance_micros(&app, &s).await, before - MONTHLY_MICROS);
    assert_eq!(app.ledger_entries(&s, "ivr_subscription").await, 1);
    // Analytics counts the fee as IVR revenue, not as SMS, and money in apart.
    let admin = app.admin("root@example.com").await;
    let a = app.get_as(&admin, "/api/admin/analytics").await.body;
    let today = a["revenue"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (
            today["ivr"].clone(),
            today["sms"].clone(),
            today["refunds"].clone()
        ),
        (json!(29.99), json!(0.0), json!(0.0))
    );
    // The test's funds were an administrator's credit: not money paid in.
    assert_eq!(today["deposits"], json!(0.0), "{today}");

    // The media endpoint finds the flow by the number, with or without its '+'.
    let found = flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (found.flow_id, found.owner_id, found.number_id),
        (Some(flow), s.user_id, number_id)
    );
    assert_eq!(found.flow.start, "main");
    assert!(flow_for_number(&app.state.db.pool, &number[1..])
        .await
        .unwrap()
        .is_some());

    let detail = app.get_as(&s, &format!("/api/ivr/flows/{flow}")).await;
    assert_eq!(detail.body["numbers"], json!([number]));
    assert_eq!(detail.body["subscription"]["monthlyPrice"], json!(29.99));

    let refused = app.delete_as(&s, &format!("/api/ivr/flows/{flow}")).await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);

    // Forwarding and a flow at once are refused; unrouting removes the flow.
    let both = app
        .put_as(
            &s,
            &format!("/api/numbers/{number_id}/route"),
            json!({ "devices": [], "forwardTo": "+14155550199", "ivrFlowId": flow }),
        )
        .await;
    assert_eq!(both.status, StatusCode::BAD_REQUEST, "{}", both.body);
    assert!(both.body["errors"]["ivrFlowId"].is_string());
    let off = route(&app, &s, number_id, None).await;
    assert_eq!(off.body["ivrFlowId"], json!(null));
    assert!(flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .is_none());
    let gone = app.delete_as(&s, &format!("/api/ivr/flows/{flow}")).await;
    assert_eq!(gone.status, StatusCode::NO_CONTENT);
    app.assert_invariant().await;
}

#[tokio::test]
async fn without_the_first_month_the_route_is_refused_with_402_and_nothing_changes() {
    let (app, s, number_id, flow, number) = opening("10.00").await;
    let before = balance_micros(&app, &s).await;
    let r = route(&app, &s, number_id, Some(flow)).await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);
    assert_eq!(balance_micros(&app, &s).await, before);
    let read = app
        .get_as(&s, &format!("/api/numbers/{number_id}/route"))
        .await;
    assert_eq!(read.body["ivrFlowId"], json!(null));
    assert!(flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .is_none());
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_number_cannot_be_routed_to_another_customers_flow() {
    let (app, s, number_id, _, _) = opening("50.00").await;
    let bob = app.client("bob@example.com").await;
    let bobs = create(&app, &bob, front_desk("Bob's desk")).await["id"]
        .as_i64()
        .unwrap();
    let r = route(&app, &s, number_id, Some(bobs)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body["errors"]["ivrFlowId"].is_string());
    // Nor can Bob route Ada's number to his flow.
    let theirs = route(&app, &bob, number_id, Some(bobs)).await;
    assert_eq!(theirs.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_flow_in_use_renews_monthly_once_and_ends_when_unpaid_or_unused() {
    let (app, s, number_id, flow, number) = opening("70.00").await;
    assert_eq!(
        route(&app, &s, number_id, Some(flow)).await.status,
        StatusCode::OK
    );
    let renews_at = next_renewal(&app, flow).await;
    let before = balance_micros(&app, &s).await;

    // The notice, once, within the notice period (the number's notice comes too).
    let r = run_once(&app.state, renews_at - 6 * DAY_MS).await.unwrap();
    assert!(r.notices_sent >= 1, "{r:?}");
    let notices = renewal_notices(&app, &s).await;
    assert_eq!(notices, 1);
    let said = app.notice_text("IVR flow renews soon").await;
    let tail = " for $29.99. Keep your balance topped up to keep it answering calls.";
    let head = "The IVR flow Front desk renews on ";
    assert!(said.starts_with(head) && said.ends_with(tail), "{said}");
    run_once(&app.state, renews_at - 5 * DAY_MS).await.unwrap();
    let notices_again = renewal_notices(&app, &s).await;
    assert_eq!(notices_again, 1);

    // Renewed once however often the jobs run. (The number renews first: it is due
    // at the same moment, its price is 2.99.)
    let (a, b) = tokio::join!(
        run_once(&app.state, renews_at + 1000),
        run_once(&app.state, renews_at + 1000)
    );
    assert_eq!(a.unwrap().ivr_renewed + b.unwrap().ivr_renewed, 1);
    let number_monthly = app
        .scalar_for(
            "SELECT monthly_micros FROM phone_numbers WHERE id = $1",
            number_id,
        )
        .await;
    assert_eq!(
        balance_micros(&app, &s).await,
        before - MONTHLY_MICROS - number_monthly
    );
    assert!(flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .is_some());
    app.assert_invariant().await;

    // The next month the balance (about 4.04) does not cover it: ended, announced,
    // and calls no longer reach the flow.
    let next = next_renewal(&app, flow).await;
    assert!(next > renews_at);
    let r = run_once(&app.state, next + 1000).await.unwrap();
    assert_eq!((r.ivr_renewed, r.ivr_ended), (0, 1), "{r:?}");
    assert!(flow_for_number(&app.state.db.pool, &number)
        .await
        .unwrap()
        .is_none());
    assert_eq!(app.notices(&s, "ivr_ended").await, 1);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_flow_no_number_routes_to_ends_at_renewal_without_a_charge() {
    let (app, s, number_id, flow, _) = opening("80.00").await;
    assert_eq!(
        route(&app, &s, number_id, Some(flow)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        route(&app, &s, number_id, None).await.status,
        StatusCode::OK
    );
    let renews_at = next_renewal(&app, flow).await;
    let before = balance_micros(&app, &s).await;
    // No notice for a flow not in use.
    run_once(&app.state, renews_at - 6 * DAY_MS).await.unwrap();
    let notices = renewal_notices(&app, &s).await;
    assert_eq!(notices, 0);
    let r = run_once(&app.state, renews_at + 1000).await.unwrap();
    assert_eq!((r.ivr_renewed, r.ivr_ended), (0, 1));
    let number_monthly = app
        .scalar_for(
            "SELECT monthly_micros FROM phone_numbers WHERE id = $1",
            number_id,
        )
        .await;
    assert_eq!(balance_micros(&app, &s).await, before - number_monthly);
    // Routing it again starts a new month, charged.
    assert_eq!(
        route(&app, &s, number_id, Some(flow)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        balance_micros(&app, &s).await,
        before - number_monthly - MONTHLY_MICROS
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_plans_included_flow_pays_no_monthly_fee_and_a_second_one_does() {
    let (app, s, number_id, flow, _) = opening("50.00").await;
    app.fund(s.user_id, "50").await;
    // Professional includes one IVR flow.
    let bought = app.post_empty_as(&s, "/api/packages/2/purchase").await;
    assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
    let before = balance_micros(&app, &s).await;
    let r = route(&app, &s, number_id, Some(flow)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(
        balance_micros(&app, &s).await,
        before,
        "the plan pays its month"
    );
    assert_eq!(app.ledger_entries(&s, "ivr_subscription").await, 0);

    let second = create(&app, &s, front_desk("Night desk")).await["id"]
        .as_i64()
        .unwrap();
    let r = route(&app, &s, number_id, Some(second)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(balance_micros(&app, &s).await, before - MONTHLY_MICROS);
    app.assert_invariant().await;
}
