//! A measurement for `make bench`, not a check (run with --ignored --nocapture): N
//! TwiML calls at once (Say, Gather with its prompt, a timeout, Say, hang-up: about six
//! seconds each), the CPU they cost and how long a call waits from asking for its
//! document to its first audio.

use super::twiml::{twiml_line_with, XML};
use crate::common::SWITCH;
use std::sync::atomic::{AtomicUsize, Ordering};

const DOCUMENT: &str = r#"<Response><Say>Welcome to Dialtone.</Say><Gather numDigits="1" timeout="2" action="/key"><Say>Press one for sales.</Say></Gather><Say>Goodbye.</Say></Response>"#;

/// CPU seconds of this process (the server and the customer's application run in it)
/// and of the children it waited for (espeak-ng).
fn cpu_seconds() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<f64> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .map(|f| f.parse().unwrap_or(0.0))
        .collect();
    let tick = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64;
    // utime, stime, cutime, cstime: fields 14 to 17 of the line (11 to 14 after the name).
    (
        (fields[11] + fields[12]) / tick,
        (fields[13] + fields[14]) / tick,
    )
}

/// (count, mean, the bucket bound under which 95 % fall) of a histogram in /metrics.
fn histogram(text: &str, name: &str) -> (f64, f64, String) {
    let value = |line: &str| line.rsplit(' ').next().unwrap().parse::<f64>().unwrap();
    let find = |suffix: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{name}_{suffix} ")))
            .map(value)
            .unwrap_or(0.0)
    };
    let (count, sum) = (find("count"), find("sum"));
    let p95 = text
        .lines()
        .filter(|l| l.starts_with(&format!("{name}_bucket{{")))
        .find(|l| value(l) >= 0.95 * count)
        .and_then(|l| l.split('"').nth(1))
        .unwrap_or("?")
        .to_string();
    (count, if count > 0.0 { sum / count } else { 0.0 }, p95)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn measure_simultaneous_twiml_calls() {
    let n: u32 = std::env::var("TWIML_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let documents = [("/voice", 200, XML, DOCUMENT)];
    let (ivr, customer) = twiml_line_with(&documents, true, &format!("{}.00", n * 4)).await;
    ivr.app.without_limits(ivr.s.user_id).await;
    let ((cpu, children), wall) = (cpu_seconds(), std::time::Instant::now());
    let peak = AtomicUsize::new(0);
    let sample = async {
        loop {
            peak.fetch_max(ivr.listener.calls(), Ordering::Relaxed);
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    };
    let run = tokio::select! {
        run = ivr.carrier("ivr-listen", n) => run,
        _ = sample => unreachable!(),
    };
    let wall = wall.elapsed().as_secs_f64();
    let (cpu_now, children_now) = cpu_seconds();
    let (cpu, children) = (cpu_now - cpu, children_now - children);
    ivr.switch.assert_ran(&run);
    let asked = customer.asked().len();
    let metrics = ivr.app.get("/metrics").bearer(SWITCH).send().await.text;
    let (count, mean, p95) = histogram(&metrics, "dialtone_twiml_first_audio_seconds");
    println!(
        "BENCH TwiML: {n} calls placed at once, {} in the endpoint at the peak, {asked} documents \
         fetched, {wall:.1} s wall; {cpu:.2} s CPU in the process (server and application) and \
         {children:.2} s in espeak-ng: {:.1} ms CPU per call ({:.2} % of one core per call over \
         its {wall:.1} s); first audio {:.0} ms after asking for the document on average over \
         {count} calls, 95 % within {p95} s",
        peak.into_inner(),
        (cpu + children) * 1000.0 / n as f64,
        (cpu + children) * 100.0 / n as f64 / wall,
        mean * 1000.0
    );
}
