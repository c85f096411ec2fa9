//! Realistic telephony traffic: the calls a softswitch would report for customers.
//! Demo mode runs a plan in-process to give the demo client a history; the
//! `dialtone-traffic` binary runs one over HTTP against a live server.

use dialtone_server::state::AppState;
use dialtone_server::voice::ivr_endpoint::wav;
use dialtone_server::voice::{authorize, cdr};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::time::Instant;

#[derive(Debug, Clone)]
pub struct CallPlan {
    pub call_id: String,
    pub direction: &'static str,
    /// The customer's number.
    pub ours: String,
    /// The other party.
    pub other: String,
    pub started_at_ms: i64,
    /// Seconds talked (0 when not answered).
    pub talk_seconds: i64,
    pub status: &'static str,
    pub recording: bool,
}

impl CallPlan {
    pub fn parties(&self) -> (&str, &str) {
        if self.direction == "outbound" {
            (&self.ours, &self.other)
        } else {
            (&self.other, &self.ours)
        }
    }
}

/// Destinations people call, weighted towards home (+1) and the big markets.
const DESTINATIONS: [(&str, u32); 8] = [
    ("+1212555", 30),
    ("+1604555", 10),
    ("+44207946", 15),
    ("+4930", 8),
    ("+3314", 8),
    ("+6129", 5),
    ("+8135", 4),
    ("+5511", 5),
];

fn destination(rng: &mut StdRng) -> String {
    let total: u32 = DESTINATIONS.iter().map(|d| d.1).sum();
    let mut pick = rng.gen_range(0..total);
    for (prefix, weight) in DESTINATIONS {
        if pick < weight {
            let digits = 12usize.saturating_sub(prefix.len() - 1);
            let rest: String = (0..digits)
                .map(|_| char::from(b'0' + rng.gen_range(0..10u8)))
                .collect();
            return format!("{prefix}{rest}");
        }
        pick -= weight;
    }
    "+12125550100".into()
}

/// `count` calls from the customer numbers `ours`, spread over `span_ms` before `end_ms`.
pub fn plan_calls(
    seed: u64,
    ours: &[String],
    count: usize,
    end_ms: i64,
    span_ms: i64,
) -> Vec<CallPlan> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut plans: Vec<CallPlan> = (0..count)
        .map(|i| {
            let roll = rng.gen_range(0..100);
            let (status, talk) = match roll {
                0..=79 => (
                    "completed",
                    if rng.gen_bool(0.7) {
                        rng.gen_range(15..240)
                    } else {
                        rng.gen_range(240..1200)
                    },
                ),
                80..=91 => ("no-answer", 0),
                _ => ("failed", 0),
            };
            CallPlan {
                call_id: format!("sim-{seed}-{i}-{}", rng.gen::<u32>()),
                direction: if rng.gen_bool(0.65) {
                    "outbound"
                } else {
                    "inbound"
                },
                ours: ours[rng.gen_range(0..ours.len())].clone(),
                other: destination(&mut rng),
                started_at_ms: end_ms - rng.gen_range(0..span_ms.max(1)),
                talk_seconds: talk,
                status,
                recording: status == "completed" && rng.gen_bool(0.25),
            }
        })
        .collect();
    plans.sort_by_key(|p| p.started_at_ms);
    plans
}

fn iso(ms: i64) -> String {
    dialtone_server::db::iso(ms)
}

/// The CDR a switch sends for a plan, cut to what authorization allowed.
pub fn cdr_body(p: &CallPlan, max_seconds: i64) -> Value {
    let (from, to) = p.parties();
    let talk = p.talk_seconds.min(max_seconds);
    let answered = (p.status == "completed").then(|| iso(p.started_at_ms + 4000));
    json!({
        "callId": p.call_id, "direction": p.direction, "from": from, "to": to,
        "startedAt": iso(p.started_at_ms), "answeredAt": answered,
        "endedAt": iso(p.started_at_ms + 4000 + talk * 1000), "durationSeconds": talk,
        "status": p.status, "recording": p.recording,
    })
}

/// One second of a 440 Hz tone as 8 kHz 16-bit mono WAV: a small, real recording,
/// made once (the load generator sends it with a quarter of the answered calls).
pub fn tone_wav() -> &'static [u8] {
    static WAV: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    WAV.get_or_init(make_tone_wav)
}

fn make_tone_wav() -> Vec<u8> {
    let rate = wav::RATE as f32;
    let samples: Vec<i16> = (0..wav::RATE)
        .map(|i| ((i as f32 * 440.0 * std::f32::consts::TAU / rate).sin() * 8000.0) as i16)
        .collect();
    wav::encode(&samples)
}

#[derive(Debug, Default)]
pub struct Summary {
    pub placed: usize,
    pub allowed: usize,
    pub refused: usize,
    pub errors: usize,
    /// Milliseconds per authorize+CDR pair.
    pub latencies_ms: Vec<f64>,
}

impl Summary {
    fn add(&mut self, other: Summary) {
        self.placed += other.placed;
        self.allowed += other.allowed;
        self.refused += other.refused;
        self.errors += other.errors;
        self.latencies_ms.extend(other.latencies_ms);
    }
}

/// The switch's question for a plan, as the server's own function takes it.
fn authorize_request(p: &CallPlan) -> authorize::AuthorizeRequest {
    let (from, to) = p.parties();
    authorize::AuthorizeRequest {
        call_id: p.call_id.clone(),
        direction: p.direction.into(),
        from: from.into(),
        to: to.into(),
        device: None,
        ivr_leg: None,
    }
}

/// Runs plans in-process through the same functions the HTTP handlers call.
pub async fn run_in_process(state: &AppState, plans: &[CallPlan]) -> anyhow::Result<Summary> {
    let mut summary = Summary::default();
    for p in plans {
        summary.placed += 1;
        let answer = authorize::authorize(state, &authorize_request(p))
            .await
            .map_err(|e| anyhow::anyhow!("authorize: {e}"))?;
        if !answer.allowed {
            summary.refused += 1;
            continue;
        }
        summary.allowed += 1;
        let record: cdr::Cdr = serde_json::from_value(cdr_body(p, answer.max_duration_seconds))?;
        cdr::record(state, &record)
            .await
            .map_err(|e| anyhow::anyhow!("cdr: {e}"))?;
        if p.recording {
            dialtone_server::voice::calls::recording::store(state, &p.call_id, tone_wav())
                .await
                .map_err(|e| anyhow::anyhow!("recording: {e}"))?;
        }
    }
    Ok(summary)
}

/// The server's answer to a call's authorization.
enum Answer {
    /// For at most this many seconds.
    Allowed(i64),
    Refused,
    /// No answer (an error, or a transport failure): counted as an error.
    Failed,
}

/// How a worker reaches the server for each step of a call: the direct and HTTP runs
/// differ only here, so that both measure the same sequence of steps.
trait Switch: Send + Sync + 'static {
    /// Whether a call's recording is still sent after its CDR failed: the two runs
    /// counted errors differently before they shared one loop, and still do.
    const RECORDS_AFTER_FAILED_CDR: bool;
    fn authorize(&self, p: &CallPlan) -> impl std::future::Future<Output = Answer> + Send;
    /// Whether the CDR was recorded.
    fn cdr(&self, p: &CallPlan, max_seconds: i64)
        -> impl std::future::Future<Output = bool> + Send;
    /// Whether the recording was stored.
    fn recording(&self, p: &CallPlan) -> impl std::future::Future<Output = bool> + Send;
}

/// Runs plans with `concurrency` calls in flight through `switch`. A call's latency is
/// its authorize+CDR pair; the recording is sent after it is taken.
async fn run<S: Switch>(switch: S, plans: Vec<CallPlan>, concurrency: usize) -> Summary {
    let switch = std::sync::Arc::new(switch);
    let queue = std::sync::Arc::new(std::sync::Mutex::new(plans));
    let mut workers = Vec::new();
    for _ in 0..concurrency.max(1) {
        let (switch, queue) = (switch.clone(), queue.clone());
        workers.push(tokio::spawn(async move {
            let mut s = Summary::default();
            loop {
                let Some(p) = queue.lock().expect("not poisoned").pop() else {
                    return s;
                };
                s.placed += 1;
                let begun = Instant::now();
                let max = match switch.authorize(&p).await {
                    Answer::Allowed(max) => max,
                    Answer::Refused => {
                        s.refused += 1;
                        continue;
                    }
                    Answer::Failed => {
                        s.errors += 1;
                        continue;
                    }
                };
                if switch.cdr(&p, max).await {
                    s.allowed += 1;
                    s.latencies_ms.push(begun.elapsed().as_secs_f64() * 1000.0);
                } else {
                    s.errors += 1;
                    if !S::RECORDS_AFTER_FAILED_CDR {
                        continue;
                    }
                }
                if p.recording && !switch.recording(&p).await {
                    s.errors += 1;
                }
            }
        }));
    }
    let mut total = Summary::default();
    for w in workers {
        if let Ok(s) = w.await {
            total.add(s);
        }
    }
    total
}

/// The server's functions in this process: the same authorize and CDR transactions as
/// over HTTP, without HTTP, JSON or the load generator's own work.
struct Direct(AppState);

impl Switch for Direct {
    const RECORDS_AFTER_FAILED_CDR: bool = false;

    async fn authorize(&self, p: &CallPlan) -> Answer {
        match authorize::authorize(&self.0, &authorize_request(p)).await {
            Ok(a) if a.allowed => Answer::Allowed(a.max_duration_seconds),
            Ok(_) => Answer::Refused,
            Err(_) => Answer::Failed,
        }
    }

    async fn cdr(&self, p: &CallPlan, max_seconds: i64) -> bool {
        match serde_json::from_value::<cdr::Cdr>(cdr_body(p, max_seconds)) {
            Ok(record) => cdr::record(&self.0, &record).await.is_ok(),
            Err(_) => false,
        }
    }

    async fn recording(&self, p: &CallPlan) -> bool {
        dialtone_server::voice::calls::recording::store(&self.0, &p.call_id, tone_wav())
            .await
            .is_ok()
    }
}

/// A running server's switch interface, with the switch's token.
struct Http {
    http: reqwest::Client,
    base: String,
    token: String,
}

impl Switch for Http {
    const RECORDS_AFTER_FAILED_CDR: bool = true;

    async fn authorize(&self, p: &CallPlan) -> Answer {
        let (from, to) = p.parties();
        let auth = self
            .http
            .post(format!("{}/api/telephony/authorize", self.base))
            .bearer_auth(&self.token)
            .json(&json!({ "callId": p.call_id, "direction": p.direction, "from": from, "to": to }))
            .send()
            .await;
        let answer: Value = match auth {
            Ok(r) if r.status().is_success() => r.json().await.unwrap_or_default(),
            _ => return Answer::Failed,
        };
        if answer["allowed"] != true {
            return Answer::Refused;
        }
        Answer::Allowed(answer["maxDurationSeconds"].as_i64().unwrap_or(0))
    }

    async fn cdr(&self, p: &CallPlan, max_seconds: i64) -> bool {
        let cdr = self
            .http
            .post(format!("{}/api/telephony/cdr", self.base))
            .bearer_auth(&self.token)
            .json(&cdr_body(p, max_seconds))
            .send()
            .await;
        cdr.is_ok_and(|r| r.status().is_success())
    }

    async fn recording(&self, p: &CallPlan) -> bool {
        let put = self
            .http
            .put(format!(
                "{}/api/telephony/recordings/{}",
                self.base, p.call_id
            ))
            .bearer_auth(&self.token)
            .body(tone_wav())
            .send()
            .await;
        put.is_ok_and(|r| r.status().is_success())
    }
}

/// Runs plans in-process with `concurrency` calls in flight: the same authorize and
/// CDR transactions as over HTTP, without HTTP, JSON or the load generator's own work
/// (the bench's ceiling of the database for the call path's writes). Recordings are
/// stored as over HTTP, after the pair's latency is taken.
pub async fn run_direct(state: &AppState, plans: Vec<CallPlan>, concurrency: usize) -> Summary {
    run(Direct(state.clone()), plans, concurrency).await
}

/// Runs plans over HTTP with `concurrency` calls in flight, as a switch would.
pub async fn run_http(
    base: &str,
    token: &str,
    plans: Vec<CallPlan>,
    concurrency: usize,
) -> Summary {
    let http = Http {
        http: reqwest::Client::new(),
        base: base.to_string(),
        token: token.to_string(),
    };
    run(http, plans, concurrency).await
}
