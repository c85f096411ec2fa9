//! Crash safety: purchases, deposits and CDRs run against the real server binary,
//! which is killed with SIGKILL in the middle; after a restart every acknowledged
//! operation is present, nothing is half-applied, and balance == sum(ledger).
use crate::common;
use crate::support::{free_port, wait_ready};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The server process, killed when dropped: a failing test must not leave it running
/// (it holds the suite's output pipe, and `make test` would wait on it).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start(db_url: &str, data: &std::path::Path, port: u16) -> Server {
    Server(
        Command::new(env!("CARGO_BIN_EXE_dialtone-server"))
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", db_url)
            .env("DIALTONE_DATA_DIR", data)
            .env("DIALTONE_JWT_SECRET", "crash-test-secret-0123456789abcdef")
            // The demo admin drives the admin API with its password alone.
            .env("DIALTONE_ADMIN_TWO_FACTOR", "off")
            .env("DIALTONE_SWITCH_TOKEN", "crash-switch")
            .env("DIALTONE_DEMO", "1")
            .env("RUST_LOG", "error")
            .stdout(Stdio::null())
            .spawn()
            .expect("server binary"),
    )
}

async fn call(
    http: &Client,
    base: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Value,
) -> Option<(StatusCode, Value)> {
    let r = http
        .request(method.parse().unwrap(), format!("{base}/api{path}"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .ok()?;
    let status = r.status();
    Some((status, r.json().await.unwrap_or(Value::Null)))
}

#[derive(Default)]
struct Acknowledged {
    credits: Vec<i64>,
    numbers: Vec<(i64, i64)>,
    calls: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_sigkill_in_the_middle_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let db_url = if common::backend_is_postgres() {
        common::fresh_postgres_url().await
    } else {
        format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("crash.db").display()
        )
    };
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let mut server = start(&db_url, dir.path(), port);
    wait_ready(&base).await;
    let http = Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();

    // Arrange: clients with money and a number each, logged in before the crash.
    let admin = http
        .post(format!("{base}/api/auth/login"))
        .json(&json!({ "email": "admin@dialtone.test", "password": "admin123" }))
        .send()
        .await
        .unwrap();
    let admin: Value = admin.json().await.unwrap();
    let admin = admin["accessToken"].as_str().unwrap().to_string();
    let mut clients = Vec::new();
    for i in 0..4 {
        let email = format!("crash{i}@example.com");
        http.post(format!("{base}/api/auth/signup"))
            .json(&json!({ "name": "Crash Client", "email": email, "password": "password1" }))
            .send()
            .await
            .unwrap();
        let login: Value = http
            .post(format!("{base}/api/auth/login"))
            .json(&json!({ "email": email, "password": "password1" }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let (id, token) = (
            login["user"]["id"].as_i64().unwrap(),
            login["accessToken"].as_str().unwrap().to_string(),
        );
        call(
            &http,
            &base,
            "POST",
            &format!("/admin/balances/{id}/adjust"),
            &admin,
            json!({ "type": "credit", "amount": "100", "reason": "seed" }),
        )
        .await;
        let avail = call(
            &http,
            &base,
            "GET",
            "/numbers/available?country=UK&type=mobile",
            &token,
            Value::Null,
        )
        .await
        .unwrap()
        .1;
        let n = avail["numbers"][i]["id"].clone();
        let bought = call(
            &http,
            &base,
            "POST",
            "/numbers/purchase",
            &token,
            json!({ "numberId": n }),
        )
        .await
        .unwrap()
        .1;
        clients.push((
            id,
            token,
            bought["number"]["number"].as_str().unwrap().to_string(),
        ));
    }

    // Act: traffic from several tasks; SIGKILL while it runs.
    let acked = Arc::new(Mutex::new(Acknowledged::default()));
    let mut tasks = Vec::new();
    for (worker, (id, token, number)) in clients.iter().cloned().enumerate() {
        let (http, base, admin, acked) = (http.clone(), base.clone(), admin.clone(), acked.clone());
        tasks.push(tokio::spawn(async move {
            for step in 0.. {
                let call_id = format!("crash-{worker}-{step}");
                let cdr = json!({ "callId": call_id, "direction": "outbound", "from": number, "to": "+12125550199",
                    "startedAt": "2026-11-20T10:00:00Z", "answeredAt": "2026-11-20T10:00:02Z", "endedAt": "2026-11-20T10:01:02Z",
                    "durationSeconds": 60, "status": "completed" });
                match call(&http, &base, "POST", "/telephony/cdr", "crash-switch", cdr).await {
                    Some((s, _)) if s.is_success() => acked.lock().unwrap().calls.push(call_id),
                    Some(_) => {}
                    None => return,
                }
                let credit = json!({ "type": "credit", "amount": "1.00", "reason": "crash test" });
                match call(&http, &base, "POST", &format!("/admin/balances/{id}/adjust"), &admin, credit).await {
                    Some((s, b)) if s.is_success() => acked.lock().unwrap().credits.push(b["entryId"].as_i64().unwrap()),
                    Some(_) => {}
                    None => return,
                }
                if step % 5 == 0 {
                    let avail = call(&http, &base, "GET", "/numbers/available?country=CA&type=mobile", &token, Value::Null).await;
                    let Some((_, avail)) = avail else { return };
                    if let Some(n) = avail["numbers"][worker].get("id").and_then(Value::as_i64) {
                        match call(&http, &base, "POST", "/numbers/purchase", &token, json!({ "numberId": n })).await {
                            Some((StatusCode::CREATED, _)) => acked.lock().unwrap().numbers.push((id, n)),
                            Some(_) => {}
                            None => return,
                        }
                    }
                }
            }
        }));
    }
    // Kill once some of each has been acknowledged (the traffic goes on meanwhile).
    for _ in 0..300 {
        let enough = {
            let a = acked.lock().unwrap();
            a.credits.len() >= 5 && a.calls.len() >= 5
        };
        if enough {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.0.kill().unwrap(); // SIGKILL
    server.0.wait().unwrap();
    for t in tasks {
        t.await.unwrap();
    }

    // Assert: restart on the same database; everything acknowledged is there.
    let mut server = start(&db_url, dir.path(), port);
    wait_ready(&base).await;
    let acked = std::mem::take(&mut *acked.lock().unwrap());
    assert!(
        acked.credits.len() >= 5 && acked.calls.len() >= 5,
        "traffic ran before the kill: {} credits, {} calls",
        acked.credits.len(),
        acked.calls.len()
    );
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db_url).await.unwrap();
    for entry in &acked.credits {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM ledger_entries WHERE id = $1")
            .bind(*entry)
            .fetch_optional(&pool)
            .await
            .unwrap();
        assert!(found.is_some(), "acknowledged credit {entry} survived");
    }
    for call_id in &acked.calls {
        let (calls, charges): (i64, i64) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM calls WHERE call_id = $1), (SELECT COUNT(*) FROM ledger_entries WHERE reference = 'call:' || $1)",
        )
        .bind(call_id)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(
            (calls, charges),
            (1, 1),
            "call {call_id}: record and charge, together and once"
        );
    }
    for (owner, number) in &acked.numbers {
        let held: Option<i64> =
            sqlx::query_scalar("SELECT owner_id FROM phone_numbers WHERE id = $1")
                .bind(*number)
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(held, Some(*owner));
    }
    // Nothing half-applied: every call has its charge, every charge its call.
    let orphans: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM ledger_entries l WHERE l.kind = 'call' AND NOT EXISTS (SELECT 1 FROM calls c WHERE 'call:' || c.call_id = l.reference)) \
              + (SELECT COUNT(*) FROM calls c WHERE c.cost_micros > 0 AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.reference = 'call:' || c.call_id))",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(orphans, 0);
    assert_eq!(
        dialtone_server::ledger::invariant_violations(&pool)
            .await
            .unwrap(),
        Vec::<String>::new()
    );
    server.0.kill().unwrap();
    server.0.wait().unwrap();
}
