//! Auto-recharge with the sandbox provider: once per crossing under concurrency and
//! across instances, the monthly maximum, declines and 3-D Secure, the form's rules.

use super::{recharges, run, save_sandbox_card, turn_on};
use crate::common::{card, TestApp};
use dialtone_server::config::Config;
use dialtone_server::db::now_ms;
use dialtone_server::state::AppState;
use serde_json::json;

const HOUR: i64 = 3_600_000;

/// A second Dialtone instance on the same database.
async fn second_instance(app: &TestApp) -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let config = Config::local(
        app.state.config.database_url.clone(),
        dir.path().to_path_buf(),
    );
    (dialtone_server::prepare(config).await.unwrap(), dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fifty_concurrent_debits_and_two_instances_recharge_once_per_crossing() {
    let (app, admin, ada) = TestApp::with_admin_and_client().await;
    save_sandbox_card(&app, &ada, "4242424242424242").await;
    turn_on(&app, &ada, "10", "50", "500").await;
    app.fund(ada.user_id, "30").await;
    let (other, _dir) = second_instance(&app).await;

    // 50 debits of $0.50 at once take the balance from $30 to $5, while both
    // instances run the job over and over.
    let mut tasks = Vec::new();
    for i in 0..50 {
        let r = app.adjust(&admin, ada.user_id, "debit", "0.50", &format!("usage {i}"));
        tasks.push(tokio::spawn(async move { r.await.status }));
    }
    let mut jobs = Vec::new();
    for state in [app.state.clone(), other.clone()] {
        jobs.push(tokio::spawn(async move {
            let mut charged = 0;
            for _ in 0..40 {
                charged += dialtone_server::payments::recharge::run_due(&state, now_ms())
                    .await
                    .unwrap();
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
            charged
        }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), 200);
    }
    let mut charged = 0;
    for j in jobs {
        charged += j.await.unwrap();
    }
    charged += run(&app.state, now_ms()).await + run(&app.state, now_ms()).await;
    assert_eq!(charged, 1, "one crossing, one charge");
    assert_eq!(
        recharges(&app, ada.user_id).await,
        vec![("succeeded".into(), 50_000_000)]
    );
    assert_eq!(app.balance_of(&ada).await, 55.0);
    // The next crossing recharges again: once.
    app.adjust(&admin, ada.user_id, "debit", "50", "usage")
        .await;
    assert_eq!(
        run(&other, now_ms()).await + run(&app.state, now_ms()).await,
        1
    );
    assert_eq!(app.balance_of(&ada).await, 55.0);
    app.assert_invariant().await;
    let entries = app
        .scalar_for("SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1 AND description = 'Auto-recharge by card'", ada.user_id)
        .await;
    assert_eq!(entries, 2);
}

#[tokio::test]
async fn a_recharge_that_leaves_the_balance_below_the_threshold_is_not_repeated() {
    // Twilio's incident of 2024-01-24: auto-recharges charged again and again while
    // the balance stayed below the threshold. Here a $5 recharge against a $10
    // threshold from $0 leaves $5: still below, and no second charge.
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    save_sandbox_card(&app, &ada, "4242424242424242").await;
    turn_on(&app, &ada, "10", "5", "500").await;
    for _ in 0..5 {
        run(&app.state, now_ms()).await;
    }
    assert_eq!(recharges(&app, ada.user_id).await.len(), 1);
    assert_eq!(app.balance_of(&ada).await, 5.0);
    // Back above the threshold by a deposit, then below again: a new crossing.
    app.fund(ada.user_id, "10").await;
    run(&app.state, now_ms()).await;
    assert_eq!(
        recharges(&app, ada.user_id).await.len(),
        1,
        "above: nothing to do"
    );
    let admin = app.funding_admin().await;
    app.adjust(&admin, ada.user_id, "debit", "14", "usage")
        .await;
    run(&app.state, now_ms()).await;
    assert_eq!(recharges(&app, ada.user_id).await.len(), 2);
    app.assert_invariant().await;
}

#[tokio::test]
async fn the_monthly_maximum_lowers_the_last_recharge_then_pauses_until_next_month() {
    let (app, admin, ada) = TestApp::with_admin_and_client().await;
    save_sandbox_card(&app, &ada, "4242424242424242").await;
    turn_on(&app, &ada, "10", "50", "60").await;
    run(&app.state, now_ms()).await;
    app.adjust(&admin, ada.user_id, "debit", "45", "usage")
        .await;
    run(&app.state, now_ms()).await;
    app.adjust(&admin, ada.user_id, "debit", "10", "usage")
        .await;
    run(&app.state, now_ms()).await;
    let amounts: Vec<i64> = recharges(&app, ada.user_id)
        .await
        .into_iter()
        .map(|r| r.1)
        .collect();
    assert_eq!(
        amounts,
        vec![50_000_000, 10_000_000],
        "the second is what the month had left"
    );
    assert!(app
        .notice_text("Auto-recharge paused for this month")
        .await
        .contains("$60.00"));
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    assert_eq!(view.body["rechargedThisMonth"], 60.0);
    // Next month the cap is lifted.
    let next_month = dialtone_core::dates::month_start_ms(now_ms()) + 40 * 24 * HOUR;
    run(&app.state, next_month).await;
    assert_eq!(recharges(&app, ada.user_id).await.len(), 3);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_declined_card_is_retried_twice_over_a_day_then_auto_recharge_turns_off() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    save_sandbox_card(&app, &ada, "4000000000000341").await;
    turn_on(&app, &ada, "10", "50", "500").await;
    let t0 = now_ms();
    assert_eq!(run(&app.state, t0).await, 1);
    assert!(app
        .notice_text("Auto-recharge failed")
        .await
        .contains("Your card was declined."));
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    assert_eq!(view.body["enabled"], true);
    assert!(view.body["retryAt"].is_string(), "{}", view.body);
    assert_eq!(
        run(&app.state, t0 + HOUR).await,
        0,
        "not before the retry is due"
    );
    assert_eq!(run(&app.state, t0 + 6 * HOUR).await, 1);
    assert_eq!(run(&app.state, t0 + 12 * HOUR).await, 0);
    assert_eq!(run(&app.state, t0 + 24 * HOUR).await, 1);
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    assert_eq!(view.body["enabled"], false);
    let reason = view.body["offReason"].as_str().unwrap();
    assert!(reason.starts_with("Auto-recharge is now off"), "{reason}");
    assert_eq!(app.notice_text("Auto-recharge turned off").await, reason);
    assert_eq!(run(&app.state, t0 + 48 * HOUR).await, 0);
    let statuses: Vec<String> = recharges(&app, ada.user_id)
        .await
        .into_iter()
        .map(|r| r.0)
        .collect();
    assert_eq!(statuses, vec!["failed"; 3]);
    assert_eq!(app.balance_of(&ada).await, 0.0);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_card_asking_for_3d_secure_waits_for_the_customer_then_credits_once() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    save_sandbox_card(&app, &ada, "4000002760003184").await;
    turn_on(&app, &ada, "10", "50", "500").await;
    assert_eq!(run(&app.state, now_ms()).await, 1);
    assert_eq!(
        run(&app.state, now_ms()).await,
        0,
        "one waits for the customer"
    );
    assert!(app
        .notice_text("Confirm your auto-recharge")
        .await
        .contains("$50.00"));
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    let secret = view.body["awaitingConfirmation"]["clientSecret"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(view.body["awaitingConfirmation"]["amount"], 50.0);
    // The customer confirms on the payment page (the sandbox form, authenticated).
    let paid = app
        .post_as(
            &ada,
            "/api/payment/sandbox/confirm",
            card(&secret, "4000002760003184"),
        )
        .await;
    assert_eq!(paid.body["status"], "succeeded", "{}", paid.body);
    let again = app
        .post_as(
            &ada,
            "/api/payment/sandbox/confirm",
            card(&secret, "4000002760003184"),
        )
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(app.balance_of(&ada).await, 50.0);
    assert_eq!(
        recharges(&app, ada.user_id).await,
        vec![("succeeded".into(), 50_000_000)]
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn the_form_is_checked_by_core_and_needs_a_saved_card() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bad = json!({ "enabled": true, "threshold": "0.5", "amount": "50", "monthlyMax": "20" });
    let r = app.put_as(&ada, "/api/payment/auto-recharge", bad).await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.body["errors"]["threshold"],
        dialtone_core::recharge::THRESHOLD_MESSAGE
    );
    assert_eq!(
        r.body["errors"]["monthlyMax"],
        dialtone_core::recharge::MONTHLY_BELOW_AMOUNT
    );
    let good = json!({ "enabled": true, "threshold": "10", "amount": "50", "monthlyMax": "500" });
    let r = app
        .put_as(&ada, "/api/payment/auto-recharge", good.clone())
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.message(),
        "Save a card first: auto-recharge charges your saved card"
    );
    // A card Stripe refuses to save, and a good one.
    let declined = json!({ "cardNumber": "4000000000000002", "expMonth": "12", "expYear": crate::common::exp_year(), "cvc": "123" });
    let r = app
        .post_as(&ada, "/api/payment/sandbox/card", declined)
        .await;
    assert_eq!(r.body["errors"]["cardNumber"], "Your card was declined.");
    let saved = save_sandbox_card(&app, &ada, "5555 5555 5555 4444").await;
    assert_eq!(saved["card"]["brand"], "Mastercard");
    assert_eq!(saved["card"]["last4"], "4444");
    assert_eq!(
        app.notices(&ada, "security").await,
        1,
        "the owner hears of a new card"
    );
    let r = app.put_as(&ada, "/api/payment/auto-recharge", good).await;
    assert_eq!((r.status.as_u16(), &r.body["enabled"]), (200, &json!(true)));
    assert_eq!(r.body["threshold"], 10.0);
    // Removing the card turns auto-recharge off, saying why.
    let r = app.delete_as(&ada, "/api/payment/card").await;
    assert_eq!(r.body["card"], serde_json::Value::Null);
    let view = app.get_as(&ada, "/api/payment/auto-recharge").await;
    assert_eq!(view.body["enabled"], false);
    assert_eq!(view.body["offReason"], "Your saved card was removed");
    assert_eq!(run(&app.state, now_ms()).await, 0);
    // Another account sees none of it.
    let bob = app.client("bob@example.com").await;
    assert_eq!(
        app.get_as(&bob, "/api/payment/card").await.body["card"],
        serde_json::Value::Null
    );
    assert_eq!(
        app.get_as(&bob, "/api/payment/auto-recharge").await.body["enabled"],
        false
    );
}
