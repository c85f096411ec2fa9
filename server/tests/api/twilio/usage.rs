//! Usage records and usage triggers through the Twilio-compatible API.

use super::{assert_twilio_error, call, creds, get, post};
use crate::common::{at_now, caller, cdr, completed, send_cdr, TestApp};
use axum::http::Method;
use dialtone_server::db::now_ms;

/// A completed call dated now (`completed` dates its calls 2026-11-20, which
/// "ThisMonth" left when the clock reached December).
async fn completed_now(app: &TestApp, id: &str, dir: &str, from: &str, to: &str, secs: i64) {
    let r = send_cdr(app, at_now(cdr(id, dir, from, to, secs, "completed"))).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test]
async fn usage_records_count_calls_by_direction_and_numbers() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    completed_now(&app, "u-1", "outbound", &mine, "+12125550199", 60).await;
    completed_now(&app, "u-2", "outbound", &mine, "+12125550199", 30).await;
    completed_now(&app, "u-3", "inbound", "+16045550111", &mine, 45).await;
    let c = creds(&app, &ada).await;
    let all = get(&app, &c, "/Usage/Records.json").await;
    assert_eq!(all.status, 200, "{}", all.body);
    let records = all.body["usage_records"].as_array().unwrap();
    let of = |category: &str| {
        records
            .iter()
            .find(|r| r["category"] == category)
            .unwrap()
            .clone()
    };
    assert_eq!(
        (
            of("calls")["count"].as_str(),
            of("calls")["usage_unit"].as_str()
        ),
        (Some("3"), Some("minutes"))
    );
    assert_eq!(of("calls-outbound")["count"], "2");
    assert_eq!(
        of("calls-outbound")["usage"],
        "2",
        "90 seconds are 2 minutes"
    );
    assert_eq!(of("calls-inbound")["count"], "1");
    assert_eq!(of("phonenumbers")["count"], "1");
    let outbound_price: f64 = of("calls-outbound")["price"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(outbound_price > 0.0);

    let month = get(&app, &c, "/Usage/Records/ThisMonth.json?Category=calls").await;
    let only = month.body["usage_records"].as_array().unwrap();
    assert_eq!((only.len(), only[0]["count"].as_str()), (1, Some("3")));
    let yesterday = get(&app, &c, "/Usage/Records/Yesterday.json?Category=calls").await;
    assert_eq!(yesterday.body["usage_records"][0]["count"], "0");
    assert_twilio_error(
        &get(&app, &c, "/Usage/Records.json?Category=nonsense").await,
        400,
        20001,
    );
    assert_twilio_error(
        &get(&app, &c, "/Usage/Records/Weekly.json").await,
        404,
        20404,
    );
}

#[tokio::test]
async fn usage_records_by_day_and_by_month() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    // completed() dates its calls 2026-11-20.
    completed(&app, "d-1", "outbound", &mine, "+12125550199", 60).await;
    completed(&app, "d-2", "inbound", "+16045550111", &mine, 45).await;
    let c = creds(&app, &ada).await;
    let range = "StartDate=2026-11-19&EndDate=2026-11-21";
    let daily = get(
        &app,
        &c,
        &format!("/Usage/Records/Daily.json?Category=calls&{range}"),
    )
    .await;
    assert_eq!(daily.status, 200, "{}", daily.body);
    let days: Vec<(String, String)> = daily.body["usage_records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["start_date"].as_str().unwrap().to_string(),
                r["count"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let day = |d: &str, n: &str| (d.to_string(), n.to_string());
    assert_eq!(
        days,
        vec![
            day("2026-11-19", "0"),
            day("2026-11-20", "2"),
            day("2026-11-21", "0")
        ]
    );
    assert_eq!(daily.body["usage_records"][1]["end_date"], "2026-11-20");

    let months = "/Usage/Records/Monthly.json?Category=calls-outbound&StartDate=2026-10-15&EndDate=2026-11-30";
    let monthly = get(&app, &c, months).await;
    let records = monthly.body["usage_records"].as_array().unwrap();
    assert_eq!(records.len(), 2, "{}", monthly.body);
    assert_eq!(
        (&records[0]["start_date"], &records[0]["end_date"]),
        (&"2026-10-15".into(), &"2026-10-31".into())
    );
    assert_eq!(
        (&records[1]["count"], &records[1]["usage"]),
        (&"1".into(), &"1".into())
    );

    // Every category of three days, five to a page: the page's records and a next page.
    let page = get(
        &app,
        &c,
        &format!("/Usage/Records/Daily.json?{range}&PageSize=5&Page=1"),
    )
    .await;
    let shown = page.body["usage_records"].as_array().unwrap();
    assert_eq!(shown.len(), 5, "{}", page.body);
    assert!(page.body["next_page_uri"].is_string(), "{}", page.body);
    let yearly = get(&app, &c, "/Usage/Records/Yearly.json?Category=totalprice").await;
    assert_eq!(yearly.status, 200, "{}", yearly.body);
    assert!(!yearly.body["usage_records"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_trigger_fires_once_per_period_with_a_signed_callback() {
    let app = TestApp::new().await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    let c = creds(&app, &ada).await;
    let form = [
        ("CallbackUrl", "https://hooks.example.com/usage"),
        ("TriggerValue", "2"),
        ("UsageCategory", "calls-outbound"),
        ("TriggerBy", "count"),
        ("Recurring", "alltime"),
        ("FriendlyName", "Busy day"),
    ];
    let created = post(&app, &c, "/Usage/Triggers.json", &form).await;
    assert_eq!(created.status, 201, "{}", created.body);
    let sid = created.body["sid"].as_str().unwrap().to_string();
    assert!(sid.starts_with("UT") && sid.len() == 34);
    assert_eq!(created.body["current_value"], "0");
    let fire = || dialtone_server::usage::triggers::fire_due(&app.state, now_ms());

    completed(&app, "t-1", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(fire().await.unwrap(), 0, "one call is below two");
    completed(&app, "t-2", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(fire().await.unwrap(), 1);
    completed(&app, "t-3", "outbound", &mine, "+12125550199", 60).await;
    assert_eq!(fire().await.unwrap(), 0, "once in its period");
    let body: String =
        sqlx::query_scalar("SELECT body FROM webhook_deliveries WHERE event = 'usage.trigger'")
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    assert!(body.contains(&format!("UsageTriggerSid={sid}")), "{body}");
    assert!(
        body.contains("CurrentValue=2") && body.contains("UsageCategory=calls-outbound"),
        "{body}"
    );
    assert!(app
        .notice_text("Usage trigger fired")
        .await
        .contains("Busy day"));
    // Tomorrow counts from nothing: no calls yet, nothing fires.
    let tomorrow = now_ms() + 86_400_000;
    assert_eq!(
        dialtone_server::usage::triggers::fire_due(&app.state, tomorrow)
            .await
            .unwrap(),
        0
    );

    let path = format!("/Usage/Triggers/{sid}.json");
    let fetched = get(&app, &c, &path).await;
    assert!(fetched.body["date_fired"].is_string(), "{}", fetched.body);
    let renamed = post(&app, &c, &path, &[("FriendlyName", "Quiet day")]).await;
    assert_eq!(renamed.body["friendly_name"], "Quiet day");
    assert_eq!(
        renamed.body["callback_url"],
        "https://hooks.example.com/usage"
    );
    let listed = get(&app, &c, "/Usage/Triggers.json").await;
    assert_eq!(listed.body["usage_triggers"].as_array().unwrap().len(), 1);
    // Another account sees none of it.
    let (bob, _) = caller(&app, "bob@example.com", "1").await;
    let bc = creds(&app, &bob).await;
    assert_twilio_error(&get(&app, &bc, &path).await, 404, 20404);
    let gone = call(&app, &c, Method::DELETE, &path, &[]).await;
    assert_eq!(gone.status, 204);
    assert_twilio_error(&get(&app, &c, &path).await, 404, 20404);
}

#[tokio::test]
async fn a_trigger_is_refused_without_what_it_needs() {
    let app = TestApp::new().await;
    let ada = app.client("ada@example.com").await;
    let c = creds(&app, &ada).await;
    let base = [
        ("CallbackUrl", "https://hooks.example.com/u"),
        ("UsageCategory", "sms"),
    ];
    let bad_value = [base[0], base[1], ("TriggerValue", "1.5")];
    assert_twilio_error(
        &post(&app, &c, "/Usage/Triggers.json", &bad_value).await,
        400,
        20001,
    );
    let bad_category = [base[0], ("UsageCategory", "fax"), ("TriggerValue", "5")];
    assert_twilio_error(
        &post(&app, &c, "/Usage/Triggers.json", &bad_category).await,
        400,
        20001,
    );
    let no_url = [base[1], ("TriggerValue", "5")];
    assert_twilio_error(
        &post(&app, &c, "/Usage/Triggers.json", &no_url).await,
        400,
        21609,
    );
    let weekly = [
        base[0],
        base[1],
        ("TriggerValue", "5"),
        ("Recurring", "weekly"),
    ];
    assert_twilio_error(
        &post(&app, &c, "/Usage/Triggers.json", &weekly).await,
        400,
        20001,
    );
    let price = [
        base[0],
        base[1],
        ("TriggerValue", "1.50"),
        ("TriggerBy", "price"),
    ];
    assert_eq!(
        post(&app, &c, "/Usage/Triggers.json", &price).await.status,
        201
    );
}
