//! One IVR call at a time: the voicemail branch, an invalid key, closed hours, the
//! paid time running out.

use super::{menu_flow, voicemail_line, Setup, OUTSIDE_CALLER};
use crate::sip::calls;
use serde_json::json;

/// The recording's loudness (RMS of its samples): speech, not silence.
fn loudness(wav: &[u8]) -> f64 {
    let samples: Vec<f64> = wav[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f64)
        .collect();
    (samples.iter().map(|s| s * s).sum::<f64>() / samples.len().max(1) as f64).sqrt()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn key_1_takes_the_caller_to_voicemail_and_the_recording_is_stored_at_its_length() {
    let ivr = voicemail_line("1.00").await;

    let wav = ivr.keyed_to_voicemail("ivr-voicemail").await;
    assert_eq!(wav.len(), 44 + 3 * 8000 * 2, "8 kHz 16-bit mono");
    assert!(
        loudness(&wav) > 300.0,
        "the caller's speech is in it ({})",
        loudness(&wav)
    );
    // The owner sees it, and was told.
    let list = ivr.app.get_as(&ivr.s, "/api/ivr/voicemails").await;
    assert_eq!(list.body[0]["caller"], OUTSIDE_CALLER);
    assert_eq!(list.body[0]["seconds"], 3);
    // Billed as an inbound call to the number, through the switch's CDR.
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(
        (call["type"].as_str(), call["status"].as_str()),
        (Some("inbound"), Some("completed"))
    );
    let seconds = call["durationSeconds"].as_i64().unwrap();
    assert!((5..=9).contains(&seconds), "billed {seconds} s");
    // The call history shows the way it went through the flow.
    assert_eq!(call["ivrPath"], "menu → 1 → voicemail");
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_key_replays_the_menu_and_the_next_key_still_chooses() {
    let ivr = Setup {
        flow: menu_flow(2, 1),
        left: "1.00",
        clock_ms: None,
        prompts: &[("menu", 2500), ("voicemail", 300)],
    }
    .start()
    .await;

    ivr.carrier_completes("ivr-invalid", 1).await;
    assert_eq!(ivr.paths(1).await, vec!["menu → 1 → voicemail"]);
    assert_eq!(ivr.voicemails(1).await[0].0, 2000);
}

/// Sunday 2026-03-01 03:00 in New York (08:00 UTC): closed.
const SUNDAY_NIGHT_MS: i64 = 1_772_352_000_000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outside_business_hours_the_closed_branch_answers_and_hangs_up() {
    let weekdays = json!([{ "from": "09:00", "to": "17:00" }]);
    let mut flow = menu_flow(3, 2);
    flow["start"] = json!("hours");
    flow["steps"]["hours"] = json!({ "type": "hours", "timeZone": "America/New_York",
        "weekly": { "monday": weekdays, "tuesday": weekdays, "wednesday": weekdays,
            "thursday": weekdays, "friday": weekdays },
        "holidays": [], "open": "menu", "closed": "closed" });
    flow["steps"]["closed"] = json!({ "type": "say", "text": "We are closed." });
    let ivr = Setup {
        flow,
        left: "1.00",
        clock_ms: Some(SUNDAY_NIGHT_MS),
        prompts: &[("closed", 1500)],
    }
    .start()
    .await;

    ivr.carrier_completes("ivr-listen", 1).await;
    assert_eq!(ivr.paths(1).await, vec!["hours → closed"]);
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(call["status"], "completed");
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_is_cut_when_its_paid_time_runs_out() {
    let ivr = Setup {
        // A menu nobody answers, replayed longer than the paid time.
        flow: menu_flow(3, 9),
        left: "0.01",
        clock_ms: None,
        prompts: &[("menu", 2000)],
    }
    .start()
    .await;
    // One cent at 7.5 cents a minute, billed by the second: 8 seconds.
    sqlx::query("UPDATE countries SET inbound_rate_micros = 75000 WHERE code = 'US'")
        .execute(&ivr.app.state.db.pool)
        .await
        .unwrap();

    let started = std::time::Instant::now();
    ivr.carrier_completes("ivr-listen", 1).await;
    let lasted = started.elapsed().as_secs_f64();
    // Cut at the paid 8 s, not at the flow's own end (ten rounds of a 2 s prompt and a
    // 5 s wait: 70 s). The margin is SIPp's start and the signalling on a busy machine:
    // 12.2 s once with eight tests at a time beside a CPU hog.
    assert!((8.0..20.0).contains(&lasted), "the call lasted {lasted} s");
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(call["durationSeconds"], 8);
    assert_eq!(ivr.paths(1).await, vec!["menu"]);
    ivr.app.assert_invariant().await;
}
