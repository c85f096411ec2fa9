//! Receipts and statements: a receipt for every payment, statements that equal the
//! ledger across a month boundary (read back from the PDF with pdftotext), numbers
//! without gaps under concurrent issuing, and each account sees only its own.

use crate::common::{caller, card, completed, serve, Session, TestApp};
use dialtone_core::dates::month_start_ms;
use dialtone_server::db::now_ms;
use serde_json::{json, Value};

const HOUR: i64 = 3_600_000;

async fn deposit(app: &TestApp, who: &Session, amount: i64) {
    let r = app.deposit(who, json!(amount)).await;
    let secret = r.body["clientSecret"].as_str().unwrap().to_string();
    let paid = app
        .post_as(
            who,
            "/api/payment/sandbox/confirm",
            card(&secret, "4242424242424242"),
        )
        .await;
    assert_eq!(paid.body["status"], "succeeded", "{}", paid.body);
}

async fn documents(app: &TestApp, who: &Session) -> Vec<Value> {
    let r = app.get_as(who, "/api/documents?pageSize=100").await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body["items"].as_array().unwrap().clone()
}

/// A document's PDF as text, through poppler's pdftotext.
async fn pdf_text(app: &TestApp, who: &Session, id: i64) -> String {
    let response = tower::ServiceExt::oneshot(
        app.router.clone(),
        axum::http::Request::get(format!("/api/documents/{id}/pdf"))
            .header("authorization", format!("Bearer {}", who.token))
            .body(axum::body::Body::empty())
            .unwrap(),
    )
    .await
    .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, &bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", path.to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext (make test installs poppler-utils)");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// A carrier that takes every message except those to +44 (refused: refunded).
async fn carrier() -> String {
    let router = axum::Router::new().route(
        "/messages",
        axum::routing::post(|body: axum::Json<Value>| async move {
            match body.0["to"].as_str().unwrap_or("").starts_with("+44") {
                true => (
                    axum::http::StatusCode::SERVICE_UNAVAILABLE,
                    axum::Json(json!({})),
                ),
                false => (
                    axum::http::StatusCode::OK,
                    axum::Json(json!({ "id": "c-1" })),
                ),
            }
        }),
    );
    format!("{}/messages", serve(router).await)
}

/// An amount of the API (a JSON number of dollars) as documents print it (core's format).
fn money(v: &Value) -> String {
    dialtone_core::money::format_micros((v.as_f64().unwrap() * 1e6).round() as i64)
}

#[tokio::test]
async fn statements_across_a_month_boundary_equal_the_ledger() {
    let url = carrier().await;
    let app = TestApp::with(move |c| {
        c.sms_provider = "http".into();
        c.sms_http_url = Some(url);
    })
    .await;
    let (ada, mine) = caller(&app, "ada@example.com", "20").await;
    deposit(&app, &ada, 30).await;
    completed(&app, "st-1", "outbound", &mine, "+12125550199", 120).await;
    completed(&app, "st-2", "inbound", "+16045550111", &mine, 60).await;
    let sms = app.send_sms(&ada, "+14155550123", "Statement test").await;
    assert!(sms.status.is_success(), "{}", sms.body);
    let refused = app.send_sms(&ada, "+447700900123", "Refunded").await;
    assert_eq!(refused.status, 502, "{}", refused.body);
    // All of that happened last month: the ledger's times move back, in order.
    let last_month = month_start_ms(now_ms()) - 10 * 24 * HOUR;
    sqlx::query("UPDATE ledger_entries SET created_at = $1 + id WHERE user_id = $2")
        .bind(last_month)
        .bind(ada.user_id)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    // This month: another deposit, another call and an auto-recharge.
    deposit(&app, &ada, 10).await;
    completed(&app, "st-3", "outbound", &mine, "+12125550199", 60).await;
    super::save_sandbox_card(&app, &ada, "4242424242424242").await;
    super::turn_on(&app, &ada, "100", "25", "100").await;
    assert_eq!(super::run(&app.state, now_ms()).await, 1);

    let this_month = month_start_ms(now_ms());
    let issue = |now| dialtone_server::documents::issue_statements(&app.state, now);
    assert_eq!(
        issue(this_month + 2 * HOUR).await.unwrap(),
        1,
        "Ada has a ledger last month"
    );
    assert_eq!(
        issue(this_month + 3 * HOUR).await.unwrap(),
        0,
        "once per month"
    );
    let next_month = month_start_ms(this_month + 40 * 24 * HOUR);
    issue(next_month + 2 * HOUR).await.unwrap();

    let docs = documents(&app, &ada).await;
    let kinds: Vec<(&str, &str)> = docs
        .iter()
        .map(|d| (d["kind"].as_str().unwrap(), d["number"].as_str().unwrap()))
        .collect();
    assert_eq!(kinds.iter().filter(|k| k.0 == "receipt").count(), 3);
    let statements: Vec<&Value> = docs
        .iter()
        .filter(|d| d["kind"] == "statement")
        .rev()
        .collect();
    assert_eq!(statements.len(), 2);
    let balance = app.balance_of(&ada).await;
    assert_eq!(
        statements[1]["total"], balance,
        "the last closing balance is the balance"
    );

    let first = pdf_text(&app, &ada, statements[0]["id"].as_i64().unwrap()).await;
    let second = pdf_text(&app, &ada, statements[1]["id"].as_i64().unwrap()).await;
    let closing = money(&statements[0]["total"]);
    for (text, number) in [
        (&first, &statements[0]["number"]),
        (&second, &statements[1]["number"]),
    ] {
        assert!(
            text.contains(&format!("Statement {}", number.as_str().unwrap())),
            "{text}"
        );
    }
    let line = |text: &str, label: &str| -> String {
        text.lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or("")
            .to_string()
    };
    assert!(
        line(&first, "Closing balance")
            .trim_end()
            .ends_with(&closing),
        "{first}"
    );
    assert!(
        line(&second, "Opening balance")
            .trim_end()
            .ends_with(&closing),
        "{second}"
    );
    let last = line(&second, "Closing balance");
    assert!(
        last.trim_end().ends_with(&money(&balance)),
        "{last:?} against {balance}"
    );
    assert!(
        first.contains("Outbound calls to United States (1)"),
        "{first}"
    );
    assert!(first.contains("Inbound calls from"), "{first}");
    assert!(first.contains("Deposit by card (1)"), "{first}");
    assert!(
        first.contains("Number first months and setup fees (2)"),
        "{first}"
    );
    assert!(first.contains("Messages (2)"), "{first}");
    assert!(first.contains("Refunds (1)"), "{first}");
    let refunds = line(&first, "Refunds");
    assert!(!refunds.trim_end().ends_with("$0.00"), "{refunds:?}");
    assert!(second.contains("Auto-recharge by card (1)"), "{second}");

    // The CSV's lines lead from the opening to the closing balance.
    let id = statements[1]["id"].as_i64().unwrap();
    let csv = app.get_as(&ada, &format!("/api/documents/{id}/csv")).await;
    assert_eq!(csv.status, 200);
    let text = csv.text.clone();
    let amounts: Vec<f64> = text
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().parse::<f64>().unwrap())
        .collect();
    let (opening, closing) = (amounts[0], *amounts.last().unwrap());
    let moved: f64 = amounts[1..amounts.len() - 1].iter().sum();
    assert!((opening + moved - closing).abs() < 0.005, "{text}");

    // Nobody else reads them; an administrator does.
    let bob = app.client("bob@example.com").await;
    assert_eq!(
        app.get_as(&bob, &format!("/api/documents/{id}/pdf"))
            .await
            .status,
        404
    );
    let admin = app.funding_admin().await;
    let listed = app
        .get_as(
            &admin,
            &format!("/api/admin/users/{}/documents", ada.user_id),
        )
        .await;
    assert_eq!(listed.body["total"], 5);
    let copy = app
        .get_as(&admin, &format!("/api/admin/documents/{id}/csv"))
        .await;
    assert_eq!(copy.status, 200);
    assert_eq!(copy.text, text);
    assert_eq!(
        app.get_as(&ada, &format!("/api/admin/documents/{id}/csv"))
            .await
            .status,
        403
    );
    app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn receipts_are_numbered_without_gaps_under_concurrent_payments() {
    let app = TestApp::new().await;
    let mut who = Vec::new();
    for i in 0..10 {
        who.push(app.client(&format!("payer{i}@example.com")).await);
    }
    let mut tasks = Vec::new();
    for s in who.iter() {
        for _ in 0..2 {
            let r = app.deposit(s, json!(5)).await;
            let secret = r.body["clientSecret"].as_str().unwrap().to_string();
            let confirm = app.post_as(
                s,
                "/api/payment/sandbox/confirm",
                card(&secret, "4242424242424242"),
            );
            tasks.push(tokio::spawn(
                async move { confirm.await.body["status"].clone() },
            ));
        }
    }
    for t in tasks {
        assert_eq!(t.await.unwrap(), "succeeded");
    }
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT number FROM documents WHERE series = 'RC' ORDER BY number")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(numbers, (1..=20).collect::<Vec<i64>>());
    // Statements issued by two instances at once: one each, numbered 1..n.
    let dir = tempfile::tempdir().unwrap();
    let config = dialtone_server::config::Config::local(
        app.state.config.database_url.clone(),
        dir.path().into(),
    );
    let other = dialtone_server::prepare(config).await.unwrap();
    let later = month_start_ms(now_ms() + 40 * 24 * HOUR) + 2 * HOUR;
    let (a, b) = tokio::join!(
        dialtone_server::documents::issue_statements(&app.state, later),
        dialtone_server::documents::issue_statements(&other, later)
    );
    assert_eq!(a.unwrap() + b.unwrap(), 10);
    let numbers: Vec<i64> =
        sqlx::query_scalar("SELECT number FROM documents WHERE series = 'ST' ORDER BY number")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    assert_eq!(numbers, (1..=10).collect::<Vec<i64>>());
}

#[tokio::test]
async fn documents_carry_both_parties_and_are_mailed_with_their_pdf() {
    let (app, admin, ada) = TestApp::with_admin_and_client().await;
    let provider = json!({ "legalName": "Dialtone Ltd", "address": "1 Main Street\nLondon", "taxId": "GB123456789", "email": "billing@dialtone.test" });
    let r = app
        .put_as(&admin, "/api/admin/billing/provider", provider)
        .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let bad = app
        .put_as(
            &ada,
            "/api/billing/profile",
            json!({ "billingEmail": "nope" }),
        )
        .await;
    assert_eq!(
        bad.body["errors"]["billingEmail"],
        dialtone_core::email::INVALID_EMAIL_MESSAGE
    );
    let profile = json!({ "company": "Ada Analytics", "address": "2 High Street", "taxId": "GB987", "billingEmail": "accounts@ada.test" });
    assert_eq!(
        app.put_as(&ada, "/api/billing/profile", profile)
            .await
            .status,
        200
    );
    deposit(&app, &ada, 12).await;
    let docs = documents(&app, &ada).await;
    assert_eq!(docs[0]["number"], "RC-000001");
    let text = pdf_text(&app, &ada, docs[0]["id"].as_i64().unwrap()).await;
    for expected in [
        "Receipt RC-000001",
        "Dialtone Ltd",
        "London",
        "Tax ID: GB123456789",
        "Ada Analytics",
        "Tax ID: GB987",
        "Deposit by card",
        "$12.00",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert_eq!(
        dialtone_server::documents::mail_documents(&app.state, now_ms())
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        dialtone_server::documents::mail_documents(&app.state, now_ms())
            .await
            .unwrap(),
        0
    );
    let (to, name): (String, String) = sqlx::query_as(
        "SELECT to_addr, attachment_name FROM mail_outbox WHERE attachment IS NOT NULL",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(
        (to.as_str(), name.as_str()),
        ("accounts@ada.test", "RC-000001.pdf")
    );
    // A receipt issued keeps what it said: a later change of details is for later documents.
    app.put_as(
        &ada,
        "/api/billing/profile",
        json!({ "company": "Renamed" }),
    )
    .await;
    let again = pdf_text(&app, &ada, docs[0]["id"].as_i64().unwrap()).await;
    assert!(again.contains("Ada Analytics") && !again.contains("Renamed"));
}
