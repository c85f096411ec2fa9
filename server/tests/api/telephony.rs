use crate::common::{authorize, caller, cdr, completed, send_cdr, Session, TestApp, SWITCH};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// What `s` has held back for calls in progress, in micro-dollars.
pub async fn reserved(app: &TestApp, s: &Session) -> i64 {
    app.scalar_for("SELECT reserved_micros FROM users WHERE id = $1", s.user_id)
        .await
}

#[tokio::test]
async fn one_dollar_at_two_cents_a_minute_is_authorized_for_3000_seconds() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let a = authorize(&app, "call-1", "outbound", &mine, "+12125550199").await;
    assert_eq!(
        a,
        json!({ "allowed": true, "maxDurationSeconds": 3000, "reason": null })
    );
    assert_eq!(reserved(&app, &s).await, 1_000_000);
    // Asking again for the same call answers the same, reserving nothing more.
    assert_eq!(
        authorize(&app, "call-1", "outbound", &mine, "+12125550199").await["maxDurationSeconds"],
        3000
    );
    assert_eq!(reserved(&app, &s).await, 1_000_000);
}

#[tokio::test]
async fn twenty_concurrent_authorizations_never_reserve_more_than_the_balance() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let handles: Vec<_> = (0..20)
        .map(|i| {
            let body = json!({ "callId": format!("c{i}"), "direction": "outbound", "from": mine, "to": "+12125550199" });
            tokio::spawn(app.post_as(SWITCH, "/api/telephony/authorize", body))
        })
        .collect();
    let mut allowed_secs = 0;
    for h in handles {
        let r = h.await.unwrap();
        if r.body["allowed"] == true {
            allowed_secs += r.body["maxDurationSeconds"].as_i64().unwrap();
        } else {
            assert_eq!(r.body["reason"], "insufficient_funds");
        }
    }
    assert!(
        allowed_secs <= 3000,
        "{allowed_secs} seconds authorized for $1.00"
    );
    assert!(reserved(&app, &s).await <= 1_000_000);
    let held = app
        .scalar("SELECT CAST(COALESCE(SUM(amount_micros), 0) AS BIGINT) FROM call_reservations")
        .await;
    assert!(held <= 1_000_000, "{held}");
}

#[tokio::test]
async fn a_cdr_delivered_five_times_charges_once_and_releases_the_reservation() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    authorize(&app, "call-9", "outbound", &mine, "+12125550199").await;
    let mut first = Value::Null;
    for i in 0..5 {
        let r = completed(&app, "call-9", "outbound", &mine, "+12125550199", 90).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        if i == 0 {
            first = r.body.clone();
        }
        assert_eq!(r.body, first, "a replay answers the same result");
    }
    assert_eq!(first["cost"], 0.03);
    assert_eq!(app.balance_of(&s).await, 0.97);
    assert_eq!(reserved(&app, &s).await, 0);
    let calls = app
        .scalar("SELECT COUNT(*) FROM ledger_entries WHERE kind = 'call'")
        .await;
    assert_eq!(calls, 1);
    app.assert_invariant().await;
}

#[tokio::test]
async fn package_minutes_are_used_before_money() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "10.00").await;
    assert_eq!(
        app.post_empty_as(&s, "/api/packages/1/purchase")
            .await
            .status,
        StatusCode::CREATED
    );
    assert_eq!(app.balance_of(&s).await, 1.0);
    // 100 of the plan's 500 minutes left, so that what it allows stays under 4 hours.
    app.scalar("UPDATE user_packages SET seconds_remaining = 6000 RETURNING id")
        .await;
    let a = authorize(&app, "p1", "outbound", &mine, "+12125550199").await;
    assert_eq!(a["maxDurationSeconds"], 6000 + 3000);
    let r = completed(&app, "p1", "outbound", &mine, "+12125550199", 300).await;
    assert_eq!(
        (r.body["packageSeconds"].as_i64(), r.body["cost"].clone()),
        (Some(300), json!(0.0))
    );
    assert_eq!(app.balance_of(&s).await, 1.0);
    let mine_pkg = app.my_package(&s).await;
    assert_eq!(mine_pkg["remainingMinutes"], 95);
    // A call longer than what is left of the package pays the rest with money.
    authorize(&app, "p2", "outbound", &mine, "+12125550199").await;
    let r = completed(&app, "p2", "outbound", &mine, "+12125550199", 5760).await;
    assert_eq!(
        (r.body["packageSeconds"].as_i64(), r.body["cost"].clone()),
        (Some(5700), json!(0.02))
    );
    assert_eq!(app.my_package(&s).await["status"], "used");
    app.assert_invariant().await;
}

#[tokio::test]
async fn inbound_calls_are_rated_by_the_numbers_country_and_unanswered_calls_cost_nothing() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let a = authorize(&app, "in-1", "inbound", "+442079460999", &mine).await;
    assert_eq!(a["maxDurationSeconds"], 4000, "US inbound is 0.015/min");
    let r = completed(&app, "in-1", "inbound", "+442079460999", &mine, 120).await;
    assert_eq!(r.body["cost"], 0.03);
    let r = send_cdr(
        &app,
        cdr("na-1", "outbound", &mine, "+12125550199", 0, "no-answer"),
    )
    .await;
    assert_eq!(
        (r.body["cost"].clone(), r.body["billableSeconds"].as_i64()),
        (json!(0.0), Some(0))
    );
    assert_eq!(app.balance_of(&s).await, 0.97);
}

#[tokio::test]
async fn refusals_say_why() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "0.00").await;
    assert_eq!(
        authorize(&app, "r1", "outbound", "+19995550100", "+12125550199").await["reason"],
        "unknown_number"
    );
    assert_eq!(
        authorize(&app, "r2", "outbound", &mine, "+12125550199").await["reason"],
        "insufficient_funds"
    );
    assert_eq!(
        authorize(&app, "r3", "outbound", &mine, "+99912345678").await["reason"],
        "no_rate"
    );
    sqlx::query("UPDATE countries SET status = 'inactive' WHERE code = 'GB'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    app.fund(s.user_id, "5").await;
    assert_eq!(
        authorize(&app, "r4", "outbound", &mine, "+442079460999").await["reason"],
        "no_rate"
    );
    sqlx::query("UPDATE users SET status = 'suspended' WHERE id = $1")
        .bind(s.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(
        authorize(&app, "r5", "outbound", &mine, "+12125550199").await["reason"],
        "account_suspended"
    );
}

#[tokio::test]
async fn the_switch_interface_needs_the_switch_token_not_a_user_token() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let body =
        json!({ "callId": "x", "direction": "outbound", "from": mine, "to": "+12125550199" });
    assert_eq!(
        app.post_json("/api/telephony/authorize", body.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.post_as(&s, "/api/telephony/authorize", body.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let call = cdr("x", "outbound", &mine, "+12125550199", 5, "completed");
    let r = app.post_as(&s, "/api/telephony/cdr", call).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_switch_may_present_its_token_as_http_basic_for_the_user_switch() {
    // Kamailio's named HTTP connections, the ones it keeps open, send only Basic.
    use base64::{engine::general_purpose::STANDARD, Engine};
    let (app, _s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    let body = |id: &str| json!({ "callId": id, "direction": "outbound", "from": mine, "to": "+12125550199" });
    let basic = |credentials: &str| format!("Basic {}", STANDARD.encode(credentials));
    let ask = |id: &str, credentials: &str| {
        app.post("/api/telephony/authorize")
            .header("authorization", &basic(credentials))
            .json(body(id))
            .send()
    };
    let r = ask("b1", &format!("switch:{SWITCH}")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["allowed"], true);
    for wrong in [
        format!("admin:{SWITCH}"),
        "switch:guess".into(),
        format!("switch:{SWITCH}x"),
    ] {
        assert_eq!(
            ask("b2", &wrong).await.status,
            StatusCode::UNAUTHORIZED,
            "{wrong}"
        );
    }
}

#[tokio::test]
async fn a_reservation_without_a_cdr_is_released_after_its_timeout() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    authorize(&app, "lost", "outbound", &mine, "+12125550199").await;
    assert_eq!(
        authorize(&app, "second", "outbound", &mine, "+12125550199").await["allowed"],
        false
    );
    let later = dialtone_server::db::now_ms() + 3000 * 1000 + 11 * 60 * 1000;
    let r = dialtone_server::jobs::run_once(&app.state, later)
        .await
        .unwrap();
    assert_eq!(r.reservations_released, 1);
    assert_eq!(reserved(&app, &s).await, 0);
    assert_eq!(
        authorize(&app, "third", "outbound", &mine, "+12125550199").await["allowed"],
        true
    );
}

#[tokio::test]
async fn the_same_cdr_delivered_concurrently_is_applied_once_and_answered_alike() {
    let (app, s, mine) = TestApp::with_caller("ada@example.com", "1.00").await;
    authorize(&app, "dup", "outbound", &mine, "+12125550199").await;
    let sends: Vec<_> = (0..6)
        .map(|_| {
            tokio::spawn(app.post_as(
                SWITCH,
                "/api/telephony/cdr",
                cdr("dup", "outbound", &mine, "+12125550199", 90, "completed"),
            ))
        })
        .collect();
    for h in sends {
        let r = h.await.unwrap();
        assert_eq!(
            (r.status, r.body["cost"].clone()),
            (StatusCode::OK, json!(0.03)),
            "{}",
            r.body
        );
    }
    assert_eq!(app.balance_of(&s).await, 0.97);
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_call_that_takes_the_balance_under_the_threshold_warns_once() {
    let app = TestApp::new().await;
    // $5.50 left; the threshold is $5.00 (the default).
    let (s, mine) = caller(&app, "low@example.com", "5.50").await;
    let to = "+12125550199";
    authorize(&app, "low-1", "outbound", &mine, to).await;
    let r = completed(&app, "low-1", "outbound", &mine, to, 60).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(app.notices(&s, "low_balance").await, 0, "$5.48 is not low");
    authorize(&app, "low-2", "outbound", &mine, to).await;
    completed(&app, "low-2", "outbound", &mine, to, 1800).await;
    assert_eq!(app.notices(&s, "low_balance").await, 1, "$4.88 is low");
    authorize(&app, "low-3", "outbound", &mine, to).await;
    completed(&app, "low-3", "outbound", &mine, to, 60).await;
    assert_eq!(
        app.notices(&s, "low_balance").await,
        1,
        "one notice until a deposit"
    );

    // The administrator's threshold applies to the very next call.
    let (t, theirs) = caller(&app, "low2@example.com", "1.50").await;
    authorize(&app, "low-4", "outbound", &theirs, to).await;
    completed(&app, "low-4", "outbound", &theirs, to, 60).await;
    assert_eq!(app.notices(&t, "low_balance").await, 1, "$1.48 is under $5");
    let (u, other) = caller(&app, "low3@example.com", "1.50").await;
    sqlx::query("UPDATE settings SET value = '1000000' WHERE key = 'low_balance_micros'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    authorize(&app, "low-5", "outbound", &other, to).await;
    completed(&app, "low-5", "outbound", &other, to, 60).await;
    assert_eq!(app.notices(&u, "low_balance").await, 0, "$1.48 is over $1");
    app.assert_invariant().await;
}
