//! Webhook deliveries: queued with the event, sent signed as Twilio signs, retried with
//! backoff for a day, never sent twice at once by two instances, listed and resent by
//! their owner only. Time is driven by passing `now` to the sender.

pub mod customer;
mod queue;

use crate::common::{Session, TestApp};
use axum::http::StatusCode;
use customer::{Customer, Reply};
use dialtone_server::db::{now_ms, Db};
use dialtone_server::state::AppState;
use dialtone_server::webhooks::{self, deliver_due, signature};
use queue::{attempts, deliveries, enqueue, status_params, summary, NEXT_ATTEMPT};
use serde_json::Value;
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_failing_endpoint_is_retried_until_it_answers_and_every_attempt_is_signed_and_logged() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let mut customer = Customer::start().await;
    customer.reply(&[Reply::Status(500)]);
    let url = customer.url("/hooks/status?account=ada");
    let id = enqueue(&app, s.user_id, &url).await;

    let first = app.scalar_for(NEXT_ATTEMPT, id).await;
    assert_eq!(deliver_due(&app.state, first).await.unwrap(), 1);
    assert_eq!(
        deliver_due(&app.state, first).await.unwrap(),
        0,
        "not due yet"
    );
    let d = &deliveries(&app, &s).await[0];
    assert_eq!(summary(d), ("pending", 1, Some(500)));
    let second = app.scalar_for(NEXT_ATTEMPT, id).await;
    assert_eq!(second - first, 5_000, "the first retry comes after 5 s");

    customer.stop().await;
    assert_eq!(deliver_due(&app.state, second).await.unwrap(), 1);
    let third = app.scalar_for(NEXT_ATTEMPT, id).await;
    assert_eq!(third - second, 30_000, "the second after 30 s");
    customer.restart().await;
    assert_eq!(deliver_due(&app.state, third).await.unwrap(), 1);

    let d = &deliveries(&app, &s).await[0];
    assert_eq!(summary(d), ("delivered", 3, Some(200)));
    assert_eq!(
        (&d["lastError"], &d["nextAttemptAt"]),
        (&Value::Null, &Value::Null)
    );
    assert!(d["deliveredAt"].is_string());
    assert_eq!(
        (d["event"].as_str(), d["url"].as_str()),
        (Some("message.status"), Some(url.as_str()))
    );
    assert_eq!(
        attempts(&app, id).await,
        [
            (Some(500), None),
            (None, Some("Could not connect".into())),
            (Some(200), None)
        ]
    );

    let token = dialtone_server::credentials::auth_token(&app.state, s.user_id)
        .await
        .unwrap();
    let received = customer.received();
    assert_eq!(received.len(), 2, "the refused attempt never arrived");
    let sent: Vec<(String, String)> = status_params("SM0001")
        .into_iter()
        .map(|(n, v)| (n.to_string(), v))
        .collect();
    for r in &received {
        assert_eq!(r.url, url);
        assert_eq!(r.params, sent, "the same parameters, in order, each time");
        assert_eq!(
            r.headers["x-twilio-signature"],
            signature(&token, &r.url, &r.params)
        );
        assert_eq!(
            r.headers["content-type"],
            "application/x-www-form-urlencoded"
        );
        assert_eq!(r.headers["user-agent"], "Dialtone-Webhooks/1.0");
    }
    assert_ne!(
        signature("another token", &url, &sent),
        signature(&token, &url, &sent)
    );
}

#[tokio::test]
async fn a_slow_endpoint_times_out_without_holding_up_other_deliveries_or_the_api() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let customer = Customer::start().await;
    customer.hang_on("/slow");
    let slow = enqueue(&app, s.user_id, &customer.url("/slow")).await;
    let fast = enqueue(&app, s.user_id, &customer.url("/fast")).await;

    let started = Instant::now();
    let state = app.state.clone();
    let run = tokio::spawn(async move { deliver_due(&state, now_ms()).await });
    // The fast one is delivered, and the API answers, while the slow one still hangs.
    loop {
        let listed = deliveries(&app, &s).await;
        let status = |id: i64| listed.iter().find(|d| d["id"] == id).unwrap()["status"].clone();
        if status(fast) == "delivered" {
            assert_eq!(status(slow), "pending");
            break;
        }
        assert!(!run.is_finished(), "the fast one waited for the slow one");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!run.is_finished());
    assert_eq!(run.await.unwrap().unwrap(), 2);
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(
        attempts(&app, slow).await,
        [(None, Some("No answer within 10 seconds".into()))]
    );
    let listed = deliveries(&app, &s).await;
    let d = listed.iter().find(|d| d["id"] == slow).unwrap();
    assert_eq!(summary(d), ("pending", 1, None));
    assert_eq!(d["lastError"], "No answer within 10 seconds");
    assert!(d["nextAttemptAt"].is_string());
}

#[tokio::test]
async fn a_delivery_that_keeps_failing_gives_up_a_day_after_it_was_queued() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let customer = Customer::start().await;
    customer.reply(&[Reply::Status(503); 40]);
    let id = enqueue(&app, s.user_id, &customer.url("/down")).await;
    let created = app.scalar_for(NEXT_ATTEMPT, id).await;

    // Each attempt at the moment the previous one scheduled, until none is.
    let mut last = created;
    while let Some(at) = sqlx::query_scalar(NEXT_ATTEMPT)
        .bind(id)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
    {
        assert_eq!(deliver_due(&app.state, at).await.unwrap(), 1);
        last = at;
    }
    const DAY: i64 = 24 * 3600 * 1000;
    assert!(
        last <= created + DAY && last > created + DAY - 3600 * 1000,
        "hourly to the end"
    );
    let d = &deliveries(&app, &s).await[0];
    assert_eq!(summary(d), ("failed", 29, Some(503)));
    assert_eq!(d["nextAttemptAt"], Value::Null);
    assert_eq!(attempts(&app, id).await.len(), 29);
    assert_eq!(deliver_due(&app.state, created + 2 * DAY).await.unwrap(), 0);
    assert_eq!(customer.received().len(), 29);
}

#[tokio::test]
async fn resend_queues_a_delivered_webhook_again() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let customer = Customer::start().await;
    let id = enqueue(&app, s.user_id, &customer.url("/hook")).await;
    assert_eq!(deliver_due(&app.state, now_ms()).await.unwrap(), 1);
    assert_eq!(deliver_due(&app.state, now_ms()).await.unwrap(), 0);

    let r = app
        .post_empty_as(&s, &format!("/api/developer/webhooks/{id}/resend"))
        .await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.body);
    let d = &r.body["delivery"];
    assert_eq!(
        (d["id"].as_i64(), summary(d)),
        (Some(id), ("pending", 1, Some(200)))
    );
    assert!(d["nextAttemptAt"].is_string());

    assert_eq!(deliver_due(&app.state, now_ms()).await.unwrap(), 1);
    assert_eq!(
        summary(&deliveries(&app, &s).await[0]),
        ("delivered", 2, Some(200))
    );
    let received = customer.received();
    assert_eq!(received.len(), 2);
    assert_eq!(
        received[0].params, received[1].params,
        "exactly the same request"
    );
}

#[tokio::test]
async fn two_instances_sending_at_once_post_each_delivery_once() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let config = app.state.config.clone();
    let db = Db::connect(&config.database_url).await.unwrap();
    let other = AppState::new(config, db);
    let customer = Customer::start().await;
    customer.delay(Duration::from_millis(20));
    // Five accounts: one account's share (16 in flight) would leave the second
    // instance nothing to take at times.
    let mut owners = vec![s.user_id];
    for k in 1..5 {
        owners.push(app.client(&format!("user{k}@example.com")).await.user_id);
    }
    let queue = |range: std::ops::Range<usize>| {
        let (app, owners, customer) = (&app, &owners, &customer);
        async move {
            for n in range {
                let owner = owners[n % owners.len()];
                enqueue(app, owner, &customer.url(&format!("/hook?n={n}"))).await;
            }
        }
    };
    queue(0..50).await;

    // The second instance claims while the first is sending its batch: it takes what
    // is left, not what the first holds.
    let now = now_ms();
    let first = tokio::spawn({
        let state = app.state.clone();
        async move { deliver_due(&state, now).await.unwrap() }
    });
    while customer.waiting() == 0 {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let second = deliver_due(&other, now).await.unwrap();
    assert_eq!((first.await.unwrap(), second), (32, 18), "one batch each");

    // Both claiming at the same moment, round after round: on PostgreSQL one may find
    // every row of its pick locked by the other and take none that round, never one
    // the other took.
    queue(50..100).await;
    let now = now_ms();
    loop {
        let (a, b) = tokio::join!(deliver_due(&app.state, now), deliver_due(&other, now));
        if a.unwrap() + b.unwrap() == 0 {
            break;
        }
    }
    let mut urls: Vec<String> = customer.received().into_iter().map(|r| r.url).collect();
    urls.sort();
    let mut expected: Vec<String> = (0..100)
        .map(|n| customer.url(&format!("/hook?n={n}")))
        .collect();
    expected.sort();
    assert_eq!(urls, expected, "each delivery POSTed exactly once");
    assert_eq!(
        app.scalar(
            "SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'delivered' AND attempts = 1"
        )
        .await,
        100
    );
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM webhook_attempts").await,
        100
    );
}

#[tokio::test]
async fn a_user_sees_and_resends_only_their_own_deliveries() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let id = enqueue(&app, ada.user_id, "http://127.0.0.1:9/hook").await;

    assert_eq!(deliveries(&app, &ada).await.len(), 1);
    assert!(deliveries(&app, &bob).await.is_empty());
    let resend = |s: &Session, id: i64| {
        app.post_empty_as(s, &format!("/api/developer/webhooks/{id}/resend"))
    };
    assert_eq!(resend(&bob, id).await.status, StatusCode::NOT_FOUND);
    assert_eq!(resend(&ada, id + 1).await.status, StatusCode::NOT_FOUND);
    assert_eq!(resend(&ada, id).await.status, StatusCode::ACCEPTED);
    let anonymous = app.get("/api/developer/webhooks").send().await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_delivery_queued_in_a_transaction_that_rolls_back_never_exists() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let mut tx = app.state.db.begin_write().await.unwrap();
    let params = status_params("SM0002");
    webhooks::enqueue(
        &mut *tx,
        s.user_id,
        webhooks::MESSAGE_STATUS,
        "http://127.0.0.1:9/",
        &params,
    )
    .await
    .unwrap();
    tx.rollback().await.unwrap();
    assert!(deliveries(&app, &s).await.is_empty());
    assert_eq!(deliver_due(&app.state, now_ms()).await.unwrap(), 0);
}

#[tokio::test]
async fn a_url_leading_into_dialtones_own_network_is_refused_unless_allowed() {
    let app = TestApp::with(|c| c.webhook_private_targets = false).await;
    let s = app.client("ada@example.com").await;
    let customer = Customer::start().await;
    let by_address = enqueue(&app, s.user_id, &customer.url("/hooks")).await;
    let localhost = customer.url("/hooks").replace("127.0.0.1", "localhost");
    let by_name = enqueue(&app, s.user_id, &localhost).await;
    let now = app.scalar_for(NEXT_ATTEMPT, by_name).await;
    assert_eq!(deliver_due(&app.state, now).await.unwrap(), 2);
    assert!(
        customer.received().is_empty(),
        "nothing reached the loopback server"
    );
    for id in [by_address, by_name] {
        let tried = attempts(&app, id).await;
        assert_eq!(
            tried,
            [(
                None,
                Some("Refused: the URL leads to a private or local address".to_string())
            )]
        );
    }
    // No retry would get through either: failed at once, with its reason.
    let listed = deliveries(&app, &s).await;
    for id in [by_address, by_name] {
        let d = listed.iter().find(|d| d["id"] == id).unwrap();
        assert_eq!(d["status"], "failed", "{d}");
    }
    // Both in the Debugger as errors, to their owner only.
    let events = app
        .get_as(&s, "/api/debugger?source=webhook&level=error")
        .await
        .body;
    assert_eq!(events["total"], 2, "{events}");
    assert_eq!(events["items"][0]["code"], 11200);
    let other = app.client("bob@example.com").await;
    assert_eq!(app.get_as(&other, "/api/debugger").await.body["total"], 0);
    let bad = app.get_as(&s, "/api/debugger?level=fatal").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST, "{}", bad.body);
}

/// The reported case: a hundred callbacks of one account pointing at a server that never
/// answers. That account gets its share of the sender, turn about with the others, and
/// its silent endpoint is then parked: another account's callbacks go through at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_accounts_silent_endpoint_takes_only_its_share_and_is_parked() {
    let app = TestApp::new().await;
    let ada = app.client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    let tarpit = Customer::start().await;
    tarpit.hang_on("/never");
    let fast = Customer::start().await;
    for _ in 0..100 {
        enqueue(&app, ada.user_id, &tarpit.url("/never")).await;
    }
    for _ in 0..5 {
        enqueue(&app, bob.user_id, &fast.url("/hooks")).await;
    }
    let now = now_ms();
    // One batch: 16 of ada's (her share) and all 5 of bob's, taken in turns.
    assert_eq!(deliver_due(&app.state, now).await.unwrap(), 21);
    assert_eq!(fast.received().len(), 5);
    let tried = app
        .scalar(&format!(
            "SELECT COUNT(*) FROM webhook_attempts a JOIN webhook_deliveries d \
             ON d.id = a.delivery_id WHERE d.user_id = {}",
            ada.user_id
        ))
        .await;
    assert_eq!(tried, 16, "her share, not the sender's 32");
    // Parked: the next round sends bob's new callbacks and none of ada's.
    for _ in 0..3 {
        enqueue(&app, bob.user_id, &fast.url("/hooks")).await;
    }
    assert_eq!(deliver_due(&app.state, now_ms()).await.unwrap(), 3);
    assert_eq!(fast.received().len(), 3);
    let until = app.scalar("SELECT parked_until FROM webhook_parked").await;
    assert!(
        until >= now + dialtone_server::webhooks::repo::PARK_MS,
        "{until}"
    );
}
