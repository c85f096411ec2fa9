use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use dialtone_server::jobs::run_once;
use dialtone_server::settings::DAY_MS;
use serde_json::json;

const RENEWS_AT: &str = "SELECT renews_at FROM phone_numbers WHERE id = $1";

async fn buy(app: &TestApp, s: &Session, country: &str) -> (i64, i64) {
    let id = app.buy_first(s, country, "mobile").await["id"]
        .as_i64()
        .unwrap();
    (id, app.scalar_for(RENEWS_AT, id).await)
}

#[tokio::test]
async fn the_renewal_notice_goes_out_once_seven_days_before() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10").await;
    let (_, renews_at) = buy(&app, &s, "US").await;
    let r = run_once(&app.state, renews_at - 8 * DAY_MS).await.unwrap();
    assert_eq!(r.notices_sent, 0, "too early");
    let r = run_once(&app.state, renews_at - 7 * DAY_MS + 1000)
        .await
        .unwrap();
    assert_eq!(r.notices_sent, 1);
    let r = run_once(&app.state, renews_at - 6 * DAY_MS).await.unwrap();
    assert_eq!(r.notices_sent, 0, "once per period");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM notifications WHERE kind = 'renewal_notice'")
            .await,
        1
    );
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM mail_outbox WHERE subject = 'Your Dialtone number renews soon'"
        )
        .await,
        1
    );
    let said = app.notice_text("Number renews soon").await;
    let tail = " for $2.99. Keep your balance topped up to keep it.";
    let head = said.starts_with('+') && said.contains(" renews on ");
    assert!(head && said.ends_with(tail), "{said}");
}

#[tokio::test]
async fn a_renewal_run_twice_charges_once_and_extends_a_month() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10").await;
    let (id, renews_at) = buy(&app, &s, "US").await;
    let after = renews_at + 1000;
    assert_eq!(run_once(&app.state, after).await.unwrap().renewed, 1);
    assert_eq!(run_once(&app.state, after).await.unwrap().renewed, 0);
    let (first, second) = tokio::join!(run_once(&app.state, after), run_once(&app.state, after));
    assert_eq!(first.unwrap().renewed + second.unwrap().renewed, 0);
    assert_eq!(app.balance_of(&s).await, 3.02, "10.00 - 3.99 - 2.99");
    let next = app.scalar_for(RENEWS_AT, id).await;
    let gap = (next - renews_at) / DAY_MS;
    assert!((28..=31).contains(&gap), "{gap}");
    // The next period's notice is due again.
    assert_eq!(
        run_once(&app.state, next - 7 * DAY_MS + 1000)
            .await
            .unwrap()
            .notices_sent,
        1
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn without_funds_a_number_expires_then_returns_to_inventory_after_the_grace_period() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "4").await;
    let (id, renews_at) = buy(&app, &s, "US").await;
    let r = run_once(&app.state, renews_at + 1000).await.unwrap();
    assert_eq!((r.renewed, r.expired), (0, 1));
    let mine = app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0].clone();
    assert_eq!(mine["status"], "expired");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM notifications WHERE kind = 'number_expired'")
            .await,
        1
    );
    assert_eq!(
        run_once(&app.state, renews_at + 6 * DAY_MS)
            .await
            .unwrap()
            .released,
        0,
        "still in grace"
    );
    assert_eq!(
        run_once(&app.state, renews_at + 8 * DAY_MS)
            .await
            .unwrap()
            .released,
        1
    );
    assert_eq!(
        app.get_as(&s, "/api/numbers/mine").await.body["numbers"],
        json!([])
    );
    assert!(app
        .available(&s, "US", "mobile")
        .await
        .iter()
        .any(|n| n["id"] == id));
    app.assert_invariant().await;
}

#[tokio::test]
async fn topping_up_within_the_grace_period_lets_the_owner_renew() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "4").await;
    let (id, renews_at) = buy(&app, &s, "US").await;
    run_once(&app.state, renews_at + 1000).await.unwrap();
    let poor = app
        .post_empty_as(&s, &format!("/api/numbers/{id}/renew"))
        .await;
    assert_eq!(poor.status, StatusCode::PAYMENT_REQUIRED);
    app.fund(s.user_id, "5").await;
    let r = app
        .post_empty_as(&s, &format!("/api/numbers/{id}/renew"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body["number"]["status"], "active");
    assert_eq!(r.body["balance"], 2.02, "0.01 + 5.00 - 2.99");
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_cancelled_number_ends_at_expiry_without_a_charge() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10").await;
    let (id, renews_at) = buy(&app, &s, "UK").await;
    app.post_empty_as(&s, &format!("/api/numbers/{id}/cancel"))
        .await;
    assert_eq!(
        run_once(&app.state, renews_at - 3 * DAY_MS)
            .await
            .unwrap()
            .notices_sent,
        0,
        "no renewal, no notice"
    );
    let r = run_once(&app.state, renews_at + 1000).await.unwrap();
    assert_eq!((r.renewed, r.expired), (0, 1));
    assert_eq!(app.balance_of(&s).await, 6.51, "10.00 - 2.49 - 1.00");
    assert!(app
        .available(&s, "UK", "mobile")
        .await
        .iter()
        .any(|n| n["id"] == id));
}
