//! A benchmark, not a timed test: seeds a million call records and reports how long
//! the admin analytics, overview and call-list queries take. `make bench` runs it
//! (release build, both backends) and prints the figures; nothing here fails on time.

use crate::common::{self, TestApp};
use dialtone_server::db::Backend;
use std::time::Instant;

const CALLS: i64 = 1_000_000;

async fn seed(app: &TestApp, user_id: i64) {
    let now = dialtone_server::db::now_ms();
    let pool = &app.state.db.pool;
    let series = match app.state.db.backend {
        Backend::Sqlite => format!("WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < {CALLS}) SELECT x FROM seq"),
        Backend::Postgres => format!("SELECT x FROM generate_series(CAST(1 AS BIGINT), {CALLS}) AS x"),
    };
    // A year of calls to the ten countries; three in four answered.
    let sql = format!(
        "INSERT INTO calls (call_id, user_id, direction, from_number, to_number, country_id, started_at, answered_at, ended_at, \
           duration_seconds, billable_seconds, package_seconds, cost_micros, status, recording, created_at) \
         SELECT 'bench-' || x, $1, CASE WHEN x % 3 = 0 THEN 'inbound' ELSE 'outbound' END, '+14155550100', '+44207946' || (x % 1000), \
           1 + x % 10, $2 - (x * 31536) , $2 - (x * 31536), $2 - (x * 31536) + (x % 600) * 1000, \
           CASE WHEN x % 4 = 0 THEN 0 ELSE x % 600 END, CASE WHEN x % 4 = 0 THEN 0 ELSE x % 600 END, 0, \
           CASE WHEN x % 4 = 0 THEN 0 ELSE (x % 600) * 333 END, CASE WHEN x % 4 = 0 THEN 'no-answer' ELSE 'completed' END, 0, $2 \
         FROM ({series}) AS s"
    );
    sqlx::query(&sql)
        .bind(user_id)
        .bind(now)
        .execute(pool)
        .await
        .unwrap();
    // The daily rollup and the lists' totals, as recording each CDR keeps them.
    for sql in [
        "DELETE FROM call_daily",
        "INSERT INTO call_daily (day, country_id, calls, answered, seconds, cost_micros) \
         SELECT started_at / 86400000, COALESCE(country_id, 0), COUNT(*), SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), \
                SUM(billable_seconds), SUM(cost_micros) FROM calls GROUP BY started_at / 86400000, COALESCE(country_id, 0)",
        "DELETE FROM call_totals",
        "INSERT INTO call_totals (user_id, direction, status, calls, seconds, cost_micros) \
         SELECT user_id, direction, status, COUNT(*), SUM(duration_seconds), SUM(cost_micros) FROM calls \
         GROUP BY user_id, direction, status",
    ] {
        sqlx::query(sql).execute(pool).await.unwrap();
    }
    if app.state.db.backend == Backend::Postgres {
        sqlx::query("ANALYZE").execute(pool).await.unwrap();
    }
}

async fn time<F: std::future::Future<Output = common::Resp>>(
    label: &str,
    runs: u32,
    f: impl Fn() -> F,
) {
    let mut ms = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let r = f().await;
        assert!(r.status.is_success(), "{label}: {}", r.status);
        ms.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    println!(
        "BENCH analytics {label:<48} median {:>9.2} ms  max {:>9.2} ms  ({runs} runs)",
        ms[ms.len() / 2],
        ms[ms.len() - 1]
    );
}

#[tokio::test]
#[ignore = "a benchmark: make bench runs it in release mode"]
async fn a_million_call_records() {
    let (app, admin) = TestApp::with_admin().await;
    let client = app.client("load@example.com").await;
    let t = Instant::now();
    seed(&app, client.user_id).await;
    let backend = format!("{:?}", app.state.db.backend);
    println!(
        "BENCH analytics [{backend}] seeded {CALLS} calls in {:.1} s",
        t.elapsed().as_secs_f64()
    );
    let token = admin.token.clone();
    // The last year of the seeded calls, up to today.
    let today = chrono::Utc::now().date_naive();
    let year_ago = today - chrono::Days::new(364);
    let year = format!("/api/admin/analytics?from={year_ago}&to={today}");
    let ctoken = client.token.clone();
    // The admin's reports and lists, then the customer's own call history over the
    // same million.
    for (label, path, token) in [
        ("/admin/analytics (30 days)", "/api/admin/analytics", &token),
        ("/admin/analytics (a year)", year.as_str(), &token),
        ("/admin/stats", "/api/admin/stats", &token),
        ("/admin/calls (page 1, totals)", "/api/admin/calls", &token),
        (
            "/admin/calls?type=outbound",
            "/api/admin/calls?type=outbound",
            &token,
        ),
        ("/calls (client, page 1, totals)", "/api/calls", &ctoken),
        (
            "/calls?type=inbound&status=completed",
            "/api/calls?type=inbound&status=completed",
            &ctoken,
        ),
    ] {
        let label = format!("[{backend}] GET {label}");
        time(&label, 5, || app.get(path).bearer(token).send()).await;
    }
    // Deep in the list: page 25,000 by number, and the same depth by keyset cursor.
    let deep = app.get_as(&token, "/api/admin/calls?page=24999").await;
    let before = deep.body["next"]
        .as_str()
        .expect("a next cursor")
        .to_string();
    let by_cursor = format!("/api/admin/calls?before={before}");
    time(
        &format!("[{backend}] GET /admin/calls?before= (page 25,000)"),
        5,
        || app.get(&by_cursor).bearer(&token).send(),
    )
    .await;
    time(
        &format!("[{backend}] GET /admin/calls?page=25000"),
        3,
        || app.get("/api/admin/calls?page=25000").bearer(&token).send(),
    )
    .await;
    let a = app.get(&by_cursor).bearer(&token).send().await.body;
    let b = app.get_as(&token, "/api/admin/calls?page=25000").await.body;
    assert_eq!(
        a["items"], b["items"],
        "a cursor reads the same page as its number"
    );
    assert_eq!(a["total"], CALLS);
    // The same year of per-day figures straight from the raw rows, for comparison.
    let t = Instant::now();
    let rows: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT started_at / 86400000, COUNT(*) FROM calls GROUP BY started_at / 86400000",
    )
    .fetch_all(&app.state.db.pool)
    .await
    .unwrap();
    println!(
        "BENCH analytics [{backend}] raw GROUP BY day over all calls ({} days)   {:>9.2} ms",
        rows.len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
}
