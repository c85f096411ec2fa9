//! Business billing (issue 46): the saved card and auto-recharge.

mod alerts;
mod auto_recharge;
mod documents;
mod leaving;
mod recharge_stripe;
mod statement_scale;

use crate::common::{exp_year, Session, TestApp};
use dialtone_server::state::AppState;
use serde_json::{json, Value};

/// `who` saves one of Stripe's test cards in the sandbox.
pub async fn save_sandbox_card(app: &TestApp, who: &Session, number: &str) -> Value {
    let card =
        json!({ "cardNumber": number, "expMonth": "12", "expYear": exp_year(), "cvc": "123" });
    let r = app.post_as(who, "/api/payment/sandbox/card", card).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

/// `who` turns auto-recharge on: below `threshold`, add `amount`, at most `max` a month.
pub async fn turn_on(app: &TestApp, who: &Session, threshold: &str, amount: &str, max: &str) {
    let body =
        json!({ "enabled": true, "threshold": threshold, "amount": amount, "monthlyMax": max });
    let r = app.put_as(who, "/api/payment/auto-recharge", body).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

/// The account's auto-recharge payments as (status, amount in micro-dollars), oldest first.
pub async fn recharges(app: &TestApp, user_id: i64) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT status, amount_micros FROM payments WHERE user_id = $1 AND purpose = 'auto_recharge' ORDER BY id",
    )
    .bind(user_id)
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap()
}

/// Runs the auto-recharge job once as of `now`.
pub async fn run(state: &AppState, now: i64) -> u64 {
    dialtone_server::payments::recharge::run_due(state, now)
        .await
        .unwrap()
}
