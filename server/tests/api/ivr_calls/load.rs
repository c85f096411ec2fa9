//! Many IVR calls at once: each gets its own RTP port, key and recording.

use super::Ivr;
use crate::sip::calls;

/// Each call holds what 4 hours would cost ($3.60 at 1.5 cents a minute) while it lasts.
async fn voicemail_line(calls: u32) -> Ivr {
    super::voicemail_line(&format!("{}.00", calls * 4)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_simultaneous_ivr_calls_all_reach_voicemail() {
    let ivr = voicemail_line(10).await;

    let run = ivr.carrier("ivr-voicemail", 10).await;
    ivr.switch.assert_ran(&run);

    let paths = ivr.paths(10).await;
    assert!(
        paths.iter().all(|p| p == "menu → 1 → voicemail"),
        "{paths:?}"
    );
    let voicemails = ivr.voicemails(10).await;
    assert!(voicemails.iter().all(|(ms, _)| *ms == 3000));
    let billed = calls(&ivr.app, &ivr.s, 10, &ivr.switch).await;
    assert!(billed.iter().all(|c| c["status"] == "completed"));
    ivr.app.assert_invariant().await;
}

/// CPU seconds (user + system) this process has used: the endpoint runs in it.
pub(super) fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    // utime and stime are fields 14 and 15 of the whole line (11 and 12 after the name).
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    ticks / unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as f64
}

/// A measurement, not a check (run with --ignored --nocapture): N calls at once through
/// the whole flow (menu, key, greeting, beep, 3 s recording, stored), and the CPU the
/// server process used per call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn measure_simultaneous_ivr_calls() {
    let n: u32 = std::env::var("IVR_CALLS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let ivr = voicemail_line(n).await;
    let (cpu, wall) = (cpu_seconds(), std::time::Instant::now());
    let peak = std::sync::atomic::AtomicUsize::new(0);
    let sample = async {
        loop {
            peak.fetch_max(ivr.listener.calls(), std::sync::atomic::Ordering::Relaxed);
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    };
    let run = tokio::select! {
        run = ivr.carrier("ivr-voicemail", n) => run,
        _ = sample => unreachable!(),
    };
    let voicemails = ivr.voicemails(n as usize).await;
    let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
    ivr.switch.assert_ran(&run);
    let complete = voicemails.iter().filter(|(ms, _)| *ms == 3000).count();
    println!(
        "IVR: {n} calls placed at once, {} in the endpoint at the peak, {complete} full \
         recordings, {wall:.1} s wall, \
         {cpu:.2} s CPU in the server process: {:.1} ms CPU per call ({:.1} % of one core \
         per call over its {:.1} s)",
        peak.into_inner(),
        cpu * 1000.0 / n as f64,
        cpu * 100.0 / n as f64 / wall,
        wall
    );
}
