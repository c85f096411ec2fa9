//! dialtone-traffic: places realistic calls through a running Dialtone's switch
//! interface (authorize, then CDR, then the recording), as a softswitch would.
//!
//! usage: dialtone-traffic --base http://127.0.0.1:8080 --token SWITCH_TOKEN \
//!            --from +14155550100 [--from ...] [--calls 100] [--concurrency 8] [--seed 1]
//!        dialtone-traffic --direct DATABASE_URL --from ... (same options, no --base/--token)
//!
//! --direct runs the same calls through the server's functions in this process (the
//! server itself idle or stopped): the database's ceiling for the call path's writes.
//! With --guards off it runs them with the fraud guards off (`Config::call_guards`),
//! the benchmark's measure of what they cost; a server has no such setting.

#[path = "../../tools/traffic.rs"]
#[allow(dead_code)] // the in-process runner is the demo's and the tests'
mod traffic;

use traffic::{plan_calls, run_direct, run_http};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (mut base, mut token, mut from) = (
        "http://127.0.0.1:8080".to_string(),
        std::env::var("DIALTONE_SWITCH_TOKEN").unwrap_or_default(),
        Vec::new(),
    );
    let (mut calls, mut concurrency, mut seed) = (100usize, 8usize, 1u64);
    let mut direct: Option<String> = None;
    let mut guards = true;
    while let Some(flag) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
        match flag.as_str() {
            "--base" => base = value,
            "--token" => token = value,
            "--from" => from.push(value),
            "--calls" => calls = value.parse()?,
            "--concurrency" => concurrency = value.parse()?,
            "--seed" => seed = value.parse()?,
            "--direct" => direct = Some(value),
            "--guards" => guards = value != "off",
            other => anyhow::bail!("unknown option {other}"),
        }
    }
    anyhow::ensure!(
        !from.is_empty(),
        "give at least one --from: an active customer number"
    );
    anyhow::ensure!(
        direct.is_some() || !token.is_empty(),
        "give --token or DIALTONE_SWITCH_TOKEN"
    );
    let runtime = tokio::runtime::Runtime::new()?;
    let now = chrono::Utc::now().timestamp_millis();
    let plans = plan_calls(seed, &from, calls, now, 3_600_000);
    // The recordings of a direct run go to DIALTONE_DATA_DIR, kept (the bench's, see
    // scripts/bench-calls.sh), or else to a directory of its own, removed after.
    let kept = std::env::var_os("DIALTONE_DATA_DIR").map(std::path::PathBuf::from);
    let own = std::env::temp_dir().join(format!("dialtone-traffic-{}", std::process::id()));
    let dir = kept.clone().unwrap_or_else(|| own.clone());
    let state = match &direct {
        Some(url) => {
            let mut config = dialtone_server::config::Config::local(url.clone(), dir.clone());
            config.call_guards = guards;
            Some(runtime.block_on(dialtone_server::prepare(config))?)
        }
        None => None,
    };
    let started = std::time::Instant::now();
    let mut s = match &state {
        Some(state) => runtime.block_on(run_direct(state, plans, concurrency)),
        None => runtime.block_on(run_http(
            base.trim_end_matches('/'),
            &token,
            plans,
            concurrency,
        )),
    };
    let secs = started.elapsed().as_secs_f64();
    if kept.is_none() {
        let _ = std::fs::remove_dir_all(&own);
    }
    s.latencies_ms.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        s.latencies_ms
            .get(((s.latencies_ms.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "placed {} calls in {secs:.2}s: {} completed through CDR, {} refused, {} errors; {:.0} call pairs/s; p50 {:.2} ms, p99 {:.2} ms",
        s.placed, s.allowed, s.refused, s.errors, s.allowed as f64 / secs, pct(0.5), pct(0.99)
    );
    Ok(())
}
