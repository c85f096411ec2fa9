//! Two server processes on one PostgreSQL database behind nginx on loopback, the way
//! a provider deploys Dialtone. Concurrent money traffic goes through nginx to both;
//! afterwards every invariant holds.
//!
//! Needs PostgreSQL and nginx, so `make test` runs it in the PostgreSQL suite
//! (`--include-ignored`); it fails rather than skips if either is missing there.

use crate::common::card;
use crate::support::cluster::{start_cluster, Api};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::time::Duration;

/// The mobile numbers on sale in the United States and in Canada.
const US: &str = "/numbers/available?country=US&type=mobile";
const CA: &str = "/numbers/available?country=CA&type=mobile";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL and nginx: make test runs it in the PostgreSQL suite"]
async fn two_instances_behind_nginx_keep_every_money_invariant() {
    let cluster = start_cluster().await;
    let api = std::sync::Arc::new(Api {
        http: Client::new(),
        base: cluster.base.clone(),
        upstreams: Default::default(),
    });

    // Deposits: 12 clients pay at the same time; each payment is confirmed twice
    // concurrently (a double click on two instances) and credits once.
    let mut tasks = Vec::new();
    for i in 0..12 {
        let api = api.clone();
        tasks.push(tokio::spawn(async move {
            let (_, token) = api.client(&format!("load{i}@example.com")).await;
            let (_, b) = api
                .call(
                    "POST",
                    "/payment/stripe",
                    Some(&token),
                    Some(json!({ "amount": 20 })),
                )
                .await;
            let secret = b["clientSecret"].as_str().unwrap().to_string();
            let card = card(&secret, "4242424242424242");
            let (a, b) = tokio::join!(
                api.call(
                    "POST",
                    "/payment/sandbox/confirm",
                    Some(&token),
                    Some(card.clone())
                ),
                api.call("POST", "/payment/sandbox/confirm", Some(&token), Some(card))
            );
            let succeeded = [&a, &b]
                .iter()
                .filter(|(s, body)| *s == StatusCode::OK && body["status"] == "succeeded")
                .count();
            assert!(succeeded >= 1, "{a:?} {b:?}");
            let (_, me) = api.call("GET", "/user/info", Some(&token), None).await;
            assert_eq!(me["user"]["balance"], 20.0);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }

    // Deductions: 60 concurrent 1.00 debits of a 15.00 balance through both instances.
    let (_, admin) = api.login("admin@dialtone.test", "admin123").await;
    let (victim, victim_token) = api.client("victim@example.com").await;
    let (s, _) = api
        .call(
            "POST",
            &format!("/admin/balances/{victim}/adjust"),
            Some(&admin),
            Some(json!({ "type": "credit", "amount": "15", "reason": "seed" })),
        )
        .await;
    assert_eq!(s, StatusCode::OK);
    let mut debits = Vec::new();
    for _ in 0..60 {
        let api = api.clone();
        let admin = admin.clone();
        debits.push(tokio::spawn(async move {
            let body = json!({ "type": "debit", "amount": "1.00", "reason": "load" });
            api.call(
                "POST",
                &format!("/admin/balances/{victim}/adjust"),
                Some(&admin),
                Some(body),
            )
            .await
            .0
        }));
    }
    let mut ok = 0;
    for d in debits {
        if d.await.unwrap() == StatusCode::OK {
            ok += 1;
        }
    }
    assert_eq!(ok, 15);
    let (_, me) = api
        .call("GET", "/user/info", Some(&victim_token), None)
        .await;
    assert_eq!(me["user"]["balance"], 0.0);

    // Sign-in throttling is shared: five failures, wherever they land, lock the sixth.
    for _ in 0..5 {
        let s = api.login_status("load0@example.com", "wrong-pass").await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
    for _ in 0..2 {
        let s = api.login_status("load0@example.com", "password1").await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS);
    }

    // Purchases: eleven funded clients (load0 is locked out above) race for one number.
    let (_, probe) = api.login("load1@example.com", "password1").await;
    let (_, avail) = api.call("GET", US, Some(&probe), None).await;
    let contested = avail["numbers"][0]["id"].clone();
    let mut buys = Vec::new();
    for i in 1..12 {
        let api = api.clone();
        let contested = contested.clone();
        buys.push(tokio::spawn(async move {
            let (_, token) = api
                .login(&format!("load{i}@example.com"), "password1")
                .await;
            api.call(
                "POST",
                "/numbers/purchase",
                Some(&token),
                Some(json!({ "numberId": contested })),
            )
            .await
            .0
        }));
    }
    let mut winners = 0;
    for b in buys {
        let status = b.await.unwrap();
        assert!(
            status == StatusCode::CREATED || status == StatusCode::CONFLICT,
            "{status}"
        );
        winners += usize::from(status == StatusCode::CREATED);
    }
    assert_eq!(winners, 1, "one number, one owner");

    // Renewals: clients buy numbers, then they all fall due at once; both instances'
    // job timers race for them and each is charged exactly once.
    let pool = sqlx::AnyPool::connect(&cluster.db_url).await.unwrap();
    let mut owned = Vec::new();
    for i in 1..12 {
        let (_, token) = api
            .login(&format!("load{i}@example.com"), "password1")
            .await;
        let (_, avail) = api.call("GET", CA, Some(&token), None).await;
        let id = avail["numbers"][0]["id"].clone();
        let (s, b) = api
            .call(
                "POST",
                "/numbers/purchase",
                Some(&token),
                Some(json!({ "numberId": id })),
            )
            .await;
        if s == StatusCode::CREATED {
            owned.push(b["number"]["id"].as_i64().unwrap());
        }
    }
    assert!(owned.len() >= 6, "{} numbers bought", owned.len());
    let due = chrono::Utc::now().timestamp_millis() - 1000;
    for id in &owned {
        sqlx::query("UPDATE phone_numbers SET renews_at = $1 WHERE id = $2")
            .bind(due)
            .bind(*id)
            .execute(&pool)
            .await
            .unwrap();
    }
    let count_renewals = || {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM ledger_entries WHERE kind = 'number_renewal'",
        )
        .fetch_one(&pool)
    };
    let mut renewed = 0;
    for _ in 0..100 {
        renewed = count_renewals().await.unwrap();
        if renewed == owned.len() as i64 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Let both timers run a few more times over the same (now renewed) numbers. A real
    // wait: the timers tick in two other processes, where no clock can be injected,
    // and a run that does nothing leaves no trace to wait for.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    let renewed_after = count_renewals().await.unwrap();
    assert_eq!(
        (renewed, renewed_after),
        (owned.len() as i64, owned.len() as i64),
        "each renewal charged exactly once"
    );

    // Calls: each owned number places calls through nginx; every CDR is delivered
    // twice at once (a switch retrying), so the copies can land on both instances.
    let numbers: Vec<String> =
        sqlx::query_scalar("SELECT number FROM phone_numbers WHERE status = 'active' ORDER BY id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut calls = Vec::new();
    for (i, number) in numbers.iter().enumerate() {
        for k in 0..4 {
            let (api, number) = (api.clone(), number.clone());
            calls.push(tokio::spawn(async move {
                let call_id = format!("mi-{i}-{k}");
                let switch = |path: &str, body: Value| {
                    let http = api.http.clone();
                    let url = format!("{}/api{path}", api.base);
                    async move { http.post(url).bearer_auth("multi-switch-token").json(&body).send().await.unwrap() }
                };
                let auth: Value = switch("/telephony/authorize", json!({ "callId": call_id, "direction": "outbound", "from": number, "to": "+12125550199" }))
                    .await
                    .json()
                    .await
                    .unwrap();
                if auth["allowed"] != true {
                    return 0;
                }
                let cdr = json!({ "callId": call_id, "direction": "outbound", "from": number, "to": "+12125550199",
                    "startedAt": "2026-11-20T10:00:00Z", "answeredAt": "2026-11-20T10:00:01Z", "endedAt": "2026-11-20T10:00:31Z",
                    "durationSeconds": 30, "status": "completed" });
                let (a, b) = tokio::join!(switch("/telephony/cdr", cdr.clone()), switch("/telephony/cdr", cdr));
                assert!(a.status().is_success() && b.status().is_success());
                1
            }));
        }
    }
    let mut placed = 0;
    for c in calls {
        placed += c.await.unwrap();
    }
    assert!(placed >= 8, "{placed} calls placed");
    // Calls covered by package minutes cost nothing and carry no charge; every call
    // that cost money carries exactly one, and no charge exists without its call.
    let (records, paid, charges, distinct, held): (i64, i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM calls WHERE call_id LIKE 'mi-%'), \
                (SELECT COUNT(*) FROM calls WHERE call_id LIKE 'mi-%' AND cost_micros > 0), \
                (SELECT COUNT(*) FROM ledger_entries WHERE reference LIKE 'call:mi-%'), \
                (SELECT COUNT(DISTINCT reference) FROM ledger_entries WHERE reference LIKE 'call:mi-%'), \
                (SELECT COUNT(*) FROM call_reservations)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(records, placed, "each CDR recorded once");
    assert_eq!(
        (charges, distinct, held),
        (paid, paid, 0),
        "each paid call charged once, every reservation released"
    );

    assert_eq!(
        api.upstreams.lock().unwrap().len(),
        2,
        "nginx spread the traffic over both instances"
    );

    let violations = dialtone_server::ledger::invariant_violations(&pool)
        .await
        .unwrap();
    assert_eq!(
        violations,
        Vec::<String>::new(),
        "balance == sum(ledger) for every account"
    );
    let credits: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM ledger_entries WHERE kind = 'deposit' AND reference LIKE 'payment:%'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(credits, 12, "each deposit credited exactly once");
    let paid: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payments WHERE status = 'succeeded'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(paid, 12);
    let demo_admins: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM users WHERE email_lower = 'admin@dialtone.test'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(demo_admins, 1, "both instances seeded the demo data once");
}
