//! The free trial's one number (issue 44): a verified trial account takes one number
//! free, nothing more; it ends with the trial, or becomes an ordinary monthly number
//! billed from the day the account converts; calls to it are answered on trial credit.

use crate::common::{authorize, completed, Session, TestApp};
use axum::http::StatusCode;
use dialtone_core::trial::TRIAL_NUMBER_TAKEN_MESSAGE;
use dialtone_server::db::now_ms;
use dialtone_server::jobs::run_once;
use serde_json::{json, Value};

const PHONE: &str = "+14155550177";
const DAY_MS: i64 = 24 * 3600 * 1000;

/// `s` verifies PHONE with the code the loopback carrier delivered (its trial credit).
async fn verified(app: &TestApp, s: &Session) {
    let r = app
        .post_as(s, "/api/trial/verify", json!({ "number": PHONE }))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let phone = app.get_as(s, "/api/trial/demo-phone").await.body;
    let text = phone["messages"][0]["text"].as_str().unwrap().to_string();
    let code = &text["Your Dialtone verification code is ".len()..][..6];
    let body = json!({ "number": PHONE, "code": code });
    let r = app.post_as(s, "/api/trial/verify/confirm", body).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

async fn ledger_kinds(app: &TestApp, user_id: i64) -> Vec<String> {
    sqlx::query_scalar("SELECT kind FROM ledger_entries WHERE user_id = $1 ORDER BY id")
        .bind(user_id)
        .fetch_all(&app.state.db.pool)
        .await
        .unwrap()
}

async fn trial(app: &TestApp, s: &Session) -> Value {
    app.get_as(s, "/api/trial").await.body
}

/// A verified trial account and the number it took as its trial number.
async fn with_trial_number(app: &TestApp) -> (Session, Value) {
    let s = app.client("ada@example.com").await;
    assert_eq!(
        trial(app, &s).await["numberOffer"],
        false,
        "not before verifying"
    );
    verified(app, &s).await;
    assert_eq!(trial(app, &s).await["numberOffer"], true);
    let n = app.available(&s, "US", "mobile").await[0].clone();
    let r = app.purchase(&s, &n["id"]).send().await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    (s, r.body["number"].clone())
}

#[tokio::test]
async fn a_verified_trial_takes_one_number_free_and_no_second() {
    let app = TestApp::new().await;
    let (s, number) = with_trial_number(&app).await;
    assert_eq!(number["status"], "active");
    assert_eq!(app.balance_of(&s).await, json!(5.0), "nothing charged");
    assert_eq!(ledger_kinds(&app, s.user_id).await, ["trial_credit"]);
    let t = trial(&app, &s).await;
    assert_eq!(
        (t["numberOffer"].clone(), t["trialNumber"].clone()),
        (json!(false), number["number"].clone())
    );
    // It lasts as long as the trial, no longer.
    let ends = chrono::DateTime::parse_from_rfc3339(t["endsAt"].as_str().unwrap()).unwrap();
    let renews =
        chrono::DateTime::parse_from_rfc3339(number["expiryDate"].as_str().unwrap()).unwrap();
    assert_eq!(ends, renews);

    let other = app.available(&s, "US", "mobile").await[0].clone();
    let r = app.purchase(&s, &other["id"]).send().await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert_eq!(r.body["message"], TRIAL_NUMBER_TAKEN_MESSAGE);
    app.assert_invariant().await;
}

#[tokio::test]
async fn an_unverified_trial_account_gets_no_free_number() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    let n = app.available(&s, "US", "mobile").await[0].clone();
    let r = app.purchase(&s, &n["id"]).send().await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_purchases_at_once_give_one_trial_number() {
    let app = TestApp::new().await;
    let s = app.client("ada@example.com").await;
    verified(&app, &s).await;
    let offer = app.available(&s, "US", "mobile").await;
    let (a, b) = tokio::join!(
        app.purchase(&s, &offer[0]["id"]).send(),
        app.purchase(&s, &offer[1]["id"]).send()
    );
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::FORBIDDEN],
        "{} {}",
        a.body,
        b.body
    );
    let owned = app
        .scalar_for(
            "SELECT COUNT(*) FROM phone_numbers WHERE owner_id = $1",
            s.user_id,
        )
        .await;
    assert_eq!(owned, 1);
}

#[tokio::test]
async fn the_trial_number_is_released_when_the_trial_ends_and_never_given_again() {
    let app = TestApp::new().await;
    let (s, number) = with_trial_number(&app).await;
    run_once(&app.state, now_ms() + 7 * DAY_MS + 1000)
        .await
        .unwrap();
    let status: String = sqlx::query_scalar("SELECT status FROM phone_numbers WHERE number = $1")
        .bind(number["number"].as_str().unwrap())
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(status, "available", "back on sale");
    let notes = app.get_as(&s, "/api/notifications").await.body;
    assert!(
        notes
            .to_string()
            .contains("your free trial number, was released"),
        "{notes}"
    );
    let t = trial(&app, &s).await;
    assert_eq!(
        (t["numberOffer"].clone(), t["trialNumber"].clone()),
        (json!(false), Value::Null)
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn converting_keeps_the_trial_number_billed_monthly_from_that_day() {
    let app = TestApp::new().await;
    let (s, number) = with_trial_number(&app).await;
    app.fund(s.user_id, "20.00").await;
    assert_eq!(trial(&app, &s).await["status"], "converted");
    run_once(&app.state, now_ms() + 1000).await.unwrap();
    let kinds = ledger_kinds(&app, s.user_id).await;
    assert_eq!(kinds.last().unwrap(), "number_renewal", "{kinds:?}");
    let monthly: i64 = sqlx::query_scalar(
        "SELECT monthly_micros FROM phone_numbers WHERE number = $1 AND auto_renew = 1 AND trial_until IS NULL",
    )
    .bind(number["number"].as_str().unwrap())
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    let balance = app.balance_of(&s).await.as_f64().unwrap();
    assert_eq!((balance * 1e6).round() as i64, 20_000_000 - monthly);
    let mine = app.get_as(&s, "/api/numbers/mine").await.body;
    let renews =
        chrono::DateTime::parse_from_rfc3339(mine["numbers"][0]["expiryDate"].as_str().unwrap())
            .unwrap();
    assert!(
        renews.timestamp_millis() > now_ms() + 27 * DAY_MS,
        "a month on: {renews}"
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_call_to_the_trial_number_is_answered_on_trial_credit() {
    let app = TestApp::new().await;
    let (s, number) = with_trial_number(&app).await;
    let to = number["number"].as_str().unwrap();
    let a = authorize(&app, "trial-in-1", "inbound", "+12025550100", to).await;
    assert_eq!(a["allowed"], true, "{a}");
    completed(&app, "trial-in-1", "inbound", "+12025550100", to, 60).await;
    let left = app.balance_of(&s).await.as_f64().unwrap();
    assert!(
        left < 5.0 && left > 4.0,
        "billed at the inbound rate: {left}"
    );
    app.assert_invariant().await;
}
