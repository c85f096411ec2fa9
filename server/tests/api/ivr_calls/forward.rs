//! A flow's forward: the endpoint calls the target through the switch as a second leg
//! from the flow's number, billed as that number's outbound call, and bridges it.
//! When nobody takes it, the flow goes on at the step's fallback.

use super::{menu_flow, Setup, OUTSIDE_CALLER};
use crate::sip::calls;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn key_2_forwards_the_call_and_the_second_leg_rings_the_carrier_and_is_billed() {
    let mut ivr = Setup {
        flow: menu_flow(3, 2),
        left: "10.00",
        clock_ms: None,
        prompts: &[("menu", 3000)],
    }
    .start()
    .await;
    ivr.switch.start_carrier();

    ivr.carrier_completes("ivr-forward", 1).await;

    assert_eq!(ivr.paths(1).await, vec!["menu → 2 → sales"]);
    let carrier = ivr.switch.carrier_messages();
    assert!(
        carrier.contains("INVITE sip:+12125550199@"),
        "the carrier was called for the forward:\n{carrier}"
    );
    let billed = calls(&ivr.app, &ivr.s, 2, &ivr.switch).await;
    let leg = billed
        .iter()
        .find(|c| c["type"] == "outbound")
        .expect("the forward's leg is billed as an outbound call");
    assert_eq!(
        (
            leg["from"].as_str(),
            leg["to"].as_str(),
            leg["status"].as_str()
        ),
        (
            Some(ivr.number.as_str()),
            Some("+12125550199"),
            Some("completed")
        )
    );
    let talked = leg["durationSeconds"].as_i64().unwrap();
    assert!((3..=6).contains(&talked), "the leg lasted {talked} s");
    assert!(leg["cost"].as_f64().unwrap() > 0.0, "{leg}");
    let inbound = billed.iter().find(|c| c["type"] == "inbound").unwrap();
    assert_eq!(
        (inbound["from"].as_str(), inbound["status"].as_str()),
        (Some(OUTSIDE_CALLER), Some("completed"))
    );
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forward_nobody_takes_falls_back_to_voicemail() {
    // No carrier listens: the second leg is never answered.
    let ivr = super::voicemail_line("10.00").await;

    ivr.carrier_completes("ivr-forward-fallback", 1).await;

    assert_eq!(ivr.paths(1).await, vec!["menu → 2 → sales → voicemail"]);
    let (duration_ms, _) = ivr.voicemails(1).await.remove(0);
    assert_eq!(duration_ms, 3000, "recorded up to the flow's 3 seconds");
    let billed = calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    let inbound = billed.iter().find(|c| c["type"] == "inbound").unwrap();
    assert_eq!(inbound["status"], "completed");
    ivr.app.assert_invariant().await;
}
