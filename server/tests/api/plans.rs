//! Monthly plans (issue 41): one catalogue for every page, renewed each period with
//! fresh minutes, and the numbers and IVR flows whose monthly fees they pay.

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::jobs::run_once;
use serde_json::json;

async fn balance(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for("SELECT balance_micros FROM users WHERE id = $1", s.user_id)
        .await
}

#[tokio::test]
async fn the_public_plans_are_the_client_catalogue_with_what_each_includes_and_saves() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let public = app.get("/api/catalogue/plans").send().await;
    assert_eq!(public.status, StatusCode::OK, "{}", public.body);
    assert_eq!(public.body["payAsYouGoFrom"], 0.019);
    let plans = public.body["plans"].as_array().unwrap();
    let basic = &plans[0];
    assert_eq!(
        basic["highlights"],
        json!([
            "500 outbound minutes",
            "1 phone number included",
            "Basic IVR",
            "Email support"
        ])
    );
    // 500 minutes at $0.019 cost $9.50 without the plan: $9.00 saves 5.26%.
    assert_eq!(basic["saving"], 5);
    assert_eq!(basic["savingText"], "Saves 5% against pay as you go");
    let professional = &plans[1];
    assert_eq!(professional["popular"], true);
    assert_eq!(
        professional["highlights"],
        json!([
            "2,000 outbound minutes",
            "3 phone numbers included",
            "Advanced IVR",
            "1 IVR flow included",
            "Priority support"
        ])
    );
    assert_eq!(professional["saving"], 23);
    let client = app.get_as(&s, "/api/packages").await;
    assert_eq!(client.body["packages"], public.body["plans"]);
}

#[tokio::test]
async fn an_administrator_cannot_put_on_sale_a_plan_dearer_than_pay_as_you_go() {
    let (app, admin) = TestApp::with_admin().await;
    let plan = json!({ "name": "Dear", "minutes": 100, "price": "19.99", "validity": 30,
        "includedNumbers": 2, "ivrFlows": "1", "support": "priority", "popular": true });
    let r = app
        .post_as(&admin, "/api/admin/packages", plan.clone())
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert_eq!(
        r.body["errors"]["price"],
        "A plan on sale must cost less than pay as you go: 100 minutes at the lowest rate of $0.019 a minute cost $1.90, so the price must be at most $1.89"
    );
    let mut draft = plan.clone();
    draft["status"] = json!("inactive");
    let r = app.post_as(&admin, "/api/admin/packages", draft).await;
    assert_eq!(
        r.status,
        StatusCode::CREATED,
        "a draft may be dear: {}",
        r.body
    );
    let mut fair = plan;
    fair["price"] = json!("1.89");
    let r = app.post_as(&admin, "/api/admin/packages", fair).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let item = &r.body["item"];
    assert_eq!(
        (
            &item["includedNumbers"],
            &item["ivrFlows"],
            &item["support"]
        ),
        (&json!(2), &json!(1), &json!("priority"))
    );
    let bad = json!({ "name": "X", "minutes": 10, "price": "0.10", "validity": 30,
        "includedNumbers": 101, "support": "phone" });
    let r = app.post_as(&admin, "/api/admin/packages", bad).await;
    assert_eq!(
        (
            &r.body["errors"]["includedNumbers"],
            &r.body["errors"]["support"]
        ),
        (
            &json!("Included numbers must be between 0 and 100"),
            &json!("Support must be email or priority")
        )
    );
}

#[tokio::test]
async fn a_plan_renews_each_period_with_fresh_minutes_until_the_balance_cannot_pay() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "20").await;
    let r = app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(balance(&app, &s).await, 11_000_000);
    // Most of the first period's minutes used: they lapse at the renewal.
    app.scalar("UPDATE user_packages SET seconds_remaining = 60 RETURNING id")
        .await;
    let first_end = app.scalar("SELECT expires_at FROM user_packages").await;

    let report = run_once(&app.state, first_end + 1).await.unwrap();
    assert_eq!((report.plans_renewed, report.packages_expired), (1, 0));
    assert_eq!(balance(&app, &s).await, 2_000_000);
    let mine = app.my_package(&s).await;
    assert_eq!(
        (&mine["remainingMinutes"], &mine["status"]),
        (&json!(500), &json!("active"))
    );
    let second_end = app.scalar("SELECT expires_at FROM user_packages").await;
    assert_eq!(
        second_end,
        first_end + 30 * dialtone_server::settings::DAY_MS
    );
    assert!(app
        .notice_text("Plan renewed")
        .await
        .contains("Basic plan renewed for $9.00"));
    // Run again for the same moment: the period is paid once.
    let again = run_once(&app.state, first_end + 2).await.unwrap();
    assert_eq!(again.plans_renewed, 0);
    assert_eq!(balance(&app, &s).await, 2_000_000);

    let report = run_once(&app.state, second_end + 1).await.unwrap();
    assert_eq!((report.plans_renewed, report.packages_expired), (0, 1));
    assert_eq!(app.my_package(&s).await["status"], "expired");
    assert_eq!(
        app.notice_text("Plan not renewed").await,
        "Your Basic plan could not renew: the balance did not cover $9.00. Add funds and buy it again to continue."
    );
    assert_eq!(balance(&app, &s).await, 2_000_000);
    app.assert_invariant().await;
}

/// A moment past both the plan's period and the numbers' next renewal (a month is 28
/// to 31 days, a plan's period 30).
async fn next_renewals(app: &TestApp) -> i64 {
    let numbers = "SELECT MAX(renews_at) FROM phone_numbers WHERE owner_id IS NOT NULL";
    let plan = "SELECT MAX(expires_at) FROM user_packages";
    app.scalar(numbers).await.max(app.scalar(plan).await) + 1
}

#[tokio::test]
async fn a_plans_included_number_pays_no_monthly_fee_while_the_plan_is_in_force() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "40").await;
    app.post_empty_as(&s, "/api/packages/1/purchase").await;
    assert_eq!(balance(&app, &s).await, 31_000_000);
    // Basic includes one number: the first pays only its setup fee.
    app.buy_first(&s, "US", "mobile").await;
    assert_eq!(balance(&app, &s).await, 30_000_000);
    app.buy_first(&s, "US", "mobile").await;
    assert_eq!(
        balance(&app, &s).await,
        26_010_000,
        "$2.99 and the setup fee"
    );
    let included = "SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1 AND included = 1";
    assert_eq!(app.scalar_for(included, s.user_id).await, 1);

    // The numbers' first renewal: the plan renewed first ($9.00) and still pays one.
    let report = run_once(&app.state, next_renewals(&app).await)
        .await
        .unwrap();
    assert_eq!((report.plans_renewed, report.renewed), (1, 2));
    assert_eq!(balance(&app, &s).await, 26_010_000 - 9_000_000 - 2_990_000);

    // Cancelled, the plan ends with its period, and the number pays its own fee.
    let mine = app.my_package(&s).await;
    let id = mine["id"].as_i64().unwrap();
    app.post_empty_as(&s, &format!("/api/packages/mine/{id}/cancel"))
        .await;
    let report = run_once(&app.state, next_renewals(&app).await)
        .await
        .unwrap();
    assert_eq!((report.packages_expired, report.renewed), (1, 2));
    assert_eq!(balance(&app, &s).await, 14_020_000 - 2 * 2_990_000);
    assert_eq!(app.scalar_for(included, s.user_id).await, 0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_customer_whose_plan_has_priority_support_is_answered_first() {
    let (app, admin, s) = TestApp::with_admin_and_client().await;
    app.fund(s.user_id, "40").await;
    let r = app.post_empty_as(&s, "/api/packages/2/purchase").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let send = |email: &str, subject: &str| json!({ "name": "Someone", "email": email, "subject": subject, "message": "Hello there" });
    let client = app.get_as(&s, "/api/user/info").await.body["user"]["email"].clone();
    let client = client.as_str().unwrap();
    let first = app
        .post_as(&s, "/api/contact", send(client, "From a plan"))
        .await;
    assert_eq!(first.status, StatusCode::CREATED, "{}", first.body);
    // Typing a priority customer's address without being them gains nothing.
    let typed = send(client, "Their address, not signed in");
    assert_eq!(
        app.post_json("/api/contact", typed).await.status,
        StatusCode::CREATED
    );
    app.post_json(
        "/api/contact",
        send("walk-in@example.com", "Later, no plan"),
    )
    .await;
    let inbox = app.get_as(&admin, "/api/admin/messages").await;
    let order: Vec<(&str, bool)> = inbox.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["subject"].as_str().unwrap(),
                m["priority"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("From a plan", true),
            ("Later, no plan", false),
            ("Their address, not signed in", false)
        ]
    );
}

#[tokio::test]
async fn a_renewing_plan_is_announced_three_days_ahead_once_a_period_at_the_price_it_will_cost() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "20").await;
    app.post_empty_as(&s, "/api/packages/1/purchase").await;
    let end = app.scalar("SELECT expires_at FROM user_packages").await;
    let day = dialtone_server::settings::DAY_MS;
    let announced = "SELECT COUNT(*) FROM notifications WHERE title = 'Plan renews soon'";
    run_once(&app.state, end - 4 * day).await.unwrap();
    assert_eq!(app.scalar(announced).await, 0, "too early");
    // The renewal charges the plan as it is sold then, and the notice says so.
    app.scalar("UPDATE packages SET price_micros = 8000000 WHERE id = 1 RETURNING id")
        .await;
    run_once(&app.state, end - 2 * day).await.unwrap();
    run_once(&app.state, end - day).await.unwrap();
    assert_eq!(app.scalar(announced).await, 1, "once per period");
    let date = dialtone_server::numbers::renewals::renewal_date(end);
    assert_eq!(
        app.notice_text("Plan renews soon").await,
        format!("Your Basic plan renews on {date} for $8.00. Keep your balance topped up to keep its minutes coming.")
    );
    let expiring = "SELECT COUNT(*) FROM notifications WHERE title = 'Package expiring soon'";
    assert_eq!(app.scalar(expiring).await, 0, "it does not expire");
    run_once(&app.state, end + 1).await.unwrap();
    assert_eq!(balance(&app, &s).await, 3_000_000);
    let second_end = app.scalar("SELECT expires_at FROM user_packages").await;
    run_once(&app.state, second_end - day).await.unwrap();
    assert_eq!(
        app.scalar(announced).await,
        2,
        "the next period is announced too"
    );
}
