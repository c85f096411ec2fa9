//! A benchmark, not a timed test: one account with a million calls in a month, and how
//! long issuing its statement, rendering the PDF and the CSV take. `make bench` runs it
//! (release build, both backends); nothing here fails on time.

use crate::common::TestApp;
use dialtone_core::dates::month_start_ms;
use dialtone_server::db::{now_ms, Backend};
use std::time::Instant;

const CALLS: i64 = 1_000_000;
const HOUR: i64 = 3_600_000;

async fn seed(app: &TestApp, user_id: i64, month: i64) {
    let pool = &app.state.db.pool;
    let series = match app.state.db.backend {
        Backend::Sqlite => format!("WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < {CALLS}) SELECT x FROM seq"),
        Backend::Postgres => format!("SELECT x FROM generate_series(CAST(1 AS BIGINT), {CALLS}) AS x"),
    };
    let start = 1_000_000_000_000i64;
    sqlx::query("INSERT INTO ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, reference, created_at) \
         VALUES ($1, $2, $2, 'deposit', 'Deposit by card', 'bench-deposit', $3)")
        .bind(user_id)
        .bind(start)
        .bind(month)
        .execute(pool)
        .await
        .unwrap();
    // A million calls to the ten countries across the month, each with its ledger row.
    let calls = format!(
        "INSERT INTO calls (call_id, user_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
           duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at) \
         SELECT 'bench-' || x, $1, CASE WHEN x % 3 = 0 THEN 'inbound' ELSE 'outbound' END, '+14155550100', '+44207946' || (x % 1000), \
           1 + x % 10, $2 + x * 2000, $2 + x * 2000, $2 + x * 2000 + 60000, 60, 60, 0, 333, 'completed', 0, $2 + x * 2000 \
         FROM ({series}) AS s"
    );
    let ledger = format!(
        "INSERT INTO ledger_entries (user_id, amount_micros, balance_after_micros, kind, description, reference, created_at) \
         SELECT $1, -333, {start} - x * 333, 'call', 'Call', 'call:bench-' || x, $2 + x * 2000 FROM ({series}) AS s"
    );
    for sql in [calls, ledger] {
        sqlx::query(&sql)
            .bind(user_id)
            .bind(month + 1)
            .execute(pool)
            .await
            .unwrap();
    }
    if app.state.db.backend == Backend::Postgres {
        sqlx::query("ANALYZE").execute(pool).await.unwrap();
    }
}

#[tokio::test]
#[ignore = "a benchmark: make bench runs it in release"]
async fn a_statement_of_a_million_calls() {
    let app = TestApp::new().await;
    let s = app.client("bench@example.com").await;
    let month = month_start_ms(now_ms()) - 40 * 24 * HOUR;
    let month = month_start_ms(month);
    let t = Instant::now();
    seed(&app, s.user_id, month).await;
    let seeded = t.elapsed();
    let next = month_start_ms(month + 40 * 24 * HOUR);
    let t = Instant::now();
    let issued = dialtone_server::documents::issue_statements(&app.state, next + 2 * HOUR)
        .await
        .unwrap();
    let month_ms = t.elapsed().as_millis();
    assert_eq!(issued, 1);
    let id: i64 =
        sqlx::query_scalar("SELECT id FROM documents WHERE user_id = $1 AND period_start = $2")
            .bind(s.user_id)
            .bind(month)
            .fetch_one(&app.state.db.pool)
            .await
            .unwrap();
    let t = Instant::now();
    let (_, pdf) = dialtone_server::documents::pdf_file(&app.state, id, s.user_id)
        .await
        .unwrap();
    let pdf_ms = t.elapsed().as_millis();
    let backend = format!("{:?}", app.state.db.backend).to_lowercase();
    println!(
        "BENCH {backend}: seeded {CALLS} calls and ledger rows in {:.1} s",
        seeded.as_secs_f64()
    );
    println!("BENCH {backend}: the month's statement of {CALLS} calls issued in {month_ms} ms; its PDF ({} bytes) rendered in {pdf_ms} ms", pdf.len());
}
