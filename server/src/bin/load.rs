//! dialtone-load: HTTP load on one Dialtone operation, printing one JSON line with
//! throughput and latency percentiles. Used by `make bench`.
//!
//! usage: dialtone-load MODE --base URL [--token T] [--requests N] [--concurrency C]
//!   MODE: info (GET /api/user/info), sms (POST /api/sms), login (POST /api/auth/login
//!   with --email/--password), purchase (POST /api/numbers/purchase of US numbers)

use serde_json::{json, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Instant;

struct Args {
    mode: String,
    base: String,
    token: String,
    email: String,
    password: String,
    requests: usize,
    concurrency: usize,
}

fn parse() -> anyhow::Result<Args> {
    let mut it = std::env::args().skip(1);
    let mode = it
        .next()
        .ok_or_else(|| anyhow::anyhow!("give a mode: info, sms, login or purchase"))?;
    let mut a = Args {
        mode,
        base: "http://127.0.0.1:8080".into(),
        token: String::new(),
        email: String::new(),
        password: String::new(),
        requests: 1000,
        concurrency: 16,
    };
    while let Some(flag) = it.next() {
        let v = it
            .next()
            .ok_or_else(|| anyhow::anyhow!("{flag} needs a value"))?;
        match flag.as_str() {
            "--base" => a.base = v,
            "--token" => a.token = v,
            "--email" => a.email = v,
            "--password" => a.password = v,
            "--requests" => a.requests = v.parse()?,
            "--concurrency" => a.concurrency = v.parse()?,
            other => anyhow::bail!("unknown option {other}"),
        }
    }
    Ok(a)
}

fn main() -> anyhow::Result<()> {
    let args = Arc::new(parse()?);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let http = reqwest::Client::builder().pool_max_idle_per_host(args.concurrency).build()?;
        let numbers: Arc<Vec<Value>> = Arc::new(if args.mode == "purchase" {
            let r: Value = http.get(format!("{}/api/numbers/available?country=US&type=mobile", args.base)).bearer_auth(&args.token).send().await?.json().await?;
            r["numbers"].as_array().cloned().unwrap_or_default()
        } else {
            Vec::new()
        });
        let next = Arc::new(AtomicUsize::new(0));
        let started = Instant::now();
        let mut workers = Vec::new();
        for _ in 0..args.concurrency.max(1) {
            let (http, args, next, numbers) = (http.clone(), args.clone(), next.clone(), numbers.clone());
            workers.push(tokio::spawn(async move {
                let (mut lat, mut ok, mut statuses) = (Vec::new(), 0usize, std::collections::BTreeMap::<u16, usize>::new());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.requests {
                        return (lat, ok, statuses);
                    }
                    let req = match args.mode.as_str() {
                        "info" => http.get(format!("{}/api/user/info", args.base)).bearer_auth(&args.token),
                        "sms" => http.post(format!("{}/api/sms", args.base)).bearer_auth(&args.token).json(&json!({ "to": "+14155550123", "message": format!("load {i}") })),
                        "login" => http.post(format!("{}/api/auth/login", args.base)).json(&json!({ "email": args.email, "password": args.password })),
                        _ => {
                            let id = numbers.get(i % numbers.len().max(1)).map(|n| n["id"].clone()).unwrap_or(Value::Null);
                            http.post(format!("{}/api/numbers/purchase", args.base)).bearer_auth(&args.token).json(&json!({ "numberId": id }))
                        }
                    };
                    let t = Instant::now();
                    match req.send().await {
                        Ok(r) => {
                            let s = r.status();
                            let _ = r.bytes().await;
                            *statuses.entry(s.as_u16()).or_default() += 1;
                            if s.is_success() {
                                ok += 1;
                            }
                        }
                        Err(_) => *statuses.entry(0).or_default() += 1,
                    }
                    lat.push(t.elapsed().as_secs_f64() * 1000.0);
                }
            }));
        }
        let (mut lat, mut ok, mut statuses) = (Vec::new(), 0, std::collections::BTreeMap::<u16, usize>::new());
        for w in workers {
            let (l, o, s) = w.await?;
            lat.extend(l);
            ok += o;
            for (k, v) in s {
                *statuses.entry(k).or_default() += v;
            }
        }
        let secs = started.elapsed().as_secs_f64();
        lat.sort_by(f64::total_cmp);
        let pct = |p: f64| lat.get(((lat.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0);
        let line = json!({
            "mode": args.mode, "concurrency": args.concurrency, "requests": lat.len(), "ok": ok,
            "statuses": statuses.iter().map(|(k, v)| (k.to_string(), json!(v))).collect::<serde_json::Map<_, _>>(),
            "seconds": (secs * 1000.0).round() / 1000.0, "per_second": (lat.len() as f64 / secs).round(),
            "p50_ms": (pct(0.5) * 100.0).round() / 100.0, "p99_ms": (pct(0.99) * 100.0).round() / 100.0,
        });
        println!("{line}");
        anyhow::Ok(())
    })
}
