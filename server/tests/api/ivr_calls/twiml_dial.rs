//! TwiML's Dial on real calls: the caller's key reaches the Gather's action, which
//! dials a number through the switch (a second leg the carrier answers, billed as an
//! outbound call) shown with another of the account's numbers as callerId; a callerId
//! that is not the account's fails the Dial at once, as Twilio's 13214. Several numbers
//! ring at once, and the first to answer is connected.

use super::twiml::{twiml_line_with, XML};
use super::OUTSIDE_CALLER;
use crate::sip::calls;

const CALLEE: &str = "+12125550199";
/// The caller presses 2 (the ivr-forward scenario) and the action at /digits dials.
const PRESS_2: &str = r#"<Response><Gather numDigits="1" action="/digits"><Say>Press 2 for sales, then hold on.</Say></Gather></Response>"#;

/// The Dial's leg, once billed: (from, to, status), and its cost.
async fn dialled_leg(ivr: &super::Ivr) -> ((String, String, String), f64) {
    let billed = calls(&ivr.app, &ivr.s, 2, &ivr.switch).await;
    let leg = billed
        .iter()
        .find(|c| c["type"] == "outbound")
        .unwrap_or_else(|| panic!("the Dial's leg is billed: {billed:?}"));
    let text = |k: &str| leg[k].as_str().unwrap_or_default().to_string();
    let cost = leg["cost"].as_f64().unwrap_or_default();
    ((text("from"), text("to"), text("status")), cost)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_leads_to_a_dial_shown_with_another_of_the_accounts_numbers_and_billed() {
    // The callerId is filled in once the second number is bought.
    let (mut ivr, customer) =
        twiml_line_with(&[("/voice", 200, XML, PRESS_2)], true, "10.00").await;
    let second = ivr.app.buy_first(&ivr.s, "US", "mobile").await["number"]
        .as_str()
        .unwrap()
        .to_string();
    let dial = format!(
        r#"<Response><Dial callerId="{second}" timeout="10" record="record-from-answer">{CALLEE}</Dial></Response>"#
    );
    customer.serve("/digits", "text/xml", dial.into_bytes());
    ivr.switch.start_carrier();

    // 1.5 s in the caller presses 2, talks for 4 s and hangs up.
    ivr.carrier_completes("ivr-forward", 1).await;

    let digits = customer
        .asked()
        .into_iter()
        .find(|a| a.path == "/digits")
        .expect("the key reached the action");
    assert_eq!(digits.params["Digits"], "2");
    let (leg, cost) = dialled_leg(&ivr).await;
    assert_eq!(leg, (second.clone(), CALLEE.into(), "completed".into()));
    assert!(cost > 0.0, "{leg:?}");
    let billed = calls(&ivr.app, &ivr.s, 2, &ivr.switch).await;
    let inbound = billed.iter().find(|c| c["type"] == "inbound").unwrap();
    assert_eq!(inbound["from"], OUTSIDE_CALLER);
    let carrier = ivr.switch.carrier_messages();
    assert!(
        carrier.contains(&format!("From: <sip:{second}@")),
        "the carrier sees the callerId:\n{carrier}"
    );
    // Recorded from the party's answer until the caller hung up, as a recording of
    // the inbound call.
    let c = crate::twilio::creds(&ivr.app, &ivr.s).await;
    let listed = crate::twilio::recordings_of(&ivr.app, &c, &digits.params["CallSid"]).await;
    let seconds: i64 = listed.body["recordings"][0]["duration"]
        .as_str()
        .unwrap_or("0")
        .parse()
        .unwrap();
    assert!((2..=6).contains(&seconds), "{}", listed.body);
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dial_whose_caller_id_is_not_the_accounts_fails_at_once_with_13214() {
    let docs = [
        (
            "/voice",
            200,
            XML,
            r#"<Response><Dial callerId="+14155550999" action="/dialed">+12125550199</Dial></Response>"#,
        ),
        ("/dialed", 200, XML, "<Response><Hangup/></Response>"),
    ];
    let (mut ivr, customer) = twiml_line_with(&docs, true, "10.00").await;
    ivr.switch.start_carrier();

    ivr.carrier_completes("ivr-listen", 1).await;

    let dialed = customer
        .asked()
        .into_iter()
        .find(|a| a.path == "/dialed")
        .expect("the Dial's action was asked");
    assert_eq!(dialed.params["DialCallStatus"], "failed");
    let events = ivr.app.get_as(&ivr.s, "/api/debugger").await.body;
    let refused = events["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["code"] == 13214)
        .unwrap_or_else(|| panic!("a 13214 entry: {events}"));
    assert!(refused["message"]
        .as_str()
        .unwrap()
        .contains("+14155550999"));
    let billed = calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed.len(), 1, "no leg was placed: {billed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dial_may_show_an_outside_number_the_account_verified_billed_as_its_own() {
    const VERIFIED: &str = "+447700900123";
    let dial =
        format!(r#"<Response><Dial callerId="{VERIFIED}" timeout="10">{CALLEE}</Dial></Response>"#);
    let docs = [
        ("/voice", 200, XML, PRESS_2),
        ("/digits", 200, XML, dial.as_str()),
    ];
    let (mut ivr, _customer) = twiml_line_with(&docs, true, "10.00").await;
    ivr.verified(VERIFIED).await;
    ivr.switch.start_carrier();

    ivr.carrier_completes("ivr-forward", 1).await;

    let (leg, _) = dialled_leg(&ivr).await;
    let own = (ivr.number.clone(), CALLEE.into(), "completed".into());
    assert_eq!(leg, own, "billed as the account's own number");
    let carrier = ivr.switch.carrier_messages();
    for shown in [
        format!("From: <sip:{VERIFIED}@"),
        format!("P-Asserted-Identity: <sip:{VERIFIED}@"),
    ] {
        assert!(
            carrier.contains(&shown),
            "{shown} at the carrier:\n{carrier}"
        );
    }
    // Signed with attestation B: the PASSporT's claims say so.
    let passport = carrier
        .split("\nIdentity: ")
        .nth(1)
        .and_then(|h| h.split('.').nth(1))
        .unwrap_or_else(|| panic!("an Identity header:\n{carrier}"));
    use base64::Engine;
    let claims = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(passport)
        .unwrap();
    let claims: serde_json::Value = serde_json::from_slice(&claims).unwrap();
    assert_eq!(claims["attest"], "B", "{claims}");
    assert_eq!(claims["orig"]["tn"], &VERIFIED[1..], "{claims}");
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dial_of_several_numbers_rings_them_at_once_and_connects_the_one_that_answers() {
    // The carrier lets a number ending in 0000 ring unanswered, and one ending in 1111
    // ring a second before it picks up: both legs reach it however slow billing is.
    const NO_ANSWER: &str = "+12125550000";
    const PICKS_UP: &str = "+12125551111";
    let (mut ivr, customer) =
        twiml_line_with(&[("/voice", 200, XML, PRESS_2)], true, "10.00").await;
    let dial = format!(
        "<Response><Dial timeout=\"10\"><Number>{NO_ANSWER}</Number><Number>{PICKS_UP}</Number></Dial></Response>"
    );
    customer.serve("/digits", "text/xml", dial.into_bytes());
    ivr.switch.start_carrier();

    ivr.carrier_completes("ivr-forward", 1).await;

    let billed = calls(&ivr.app, &ivr.s, 3, &ivr.switch).await;
    let leg_to = |to: &str| {
        billed
            .iter()
            .find(|c| c["type"] == "outbound" && c["to"] == to)
            .unwrap_or_else(|| panic!("a leg to {to}: {billed:?}"))
            .clone()
    };
    let answered = leg_to(PICKS_UP);
    assert_eq!(answered["status"], "completed", "{answered}");
    assert!(answered["cost"].as_f64().unwrap() > 0.0, "{answered}");
    let unanswered = leg_to(NO_ANSWER);
    assert_ne!(unanswered["status"], "completed", "{unanswered}");
    assert_eq!(unanswered["cost"].as_f64(), Some(0.0), "{unanswered}");
    // Both rang at once; the one that did not answer stopped ringing when the other
    // answered, not when the caller hung up 4 s later nor at the Dial's timeout.
    let carrier = ivr.switch.carrier_messages();
    assert!(
        carrier.contains(&format!("CANCEL sip:{NO_ANSWER}@")),
        "the unanswered party was cancelled:\n{carrier}"
    );
    let app = &ivr.app;
    let cancelled = app
        .scalar("SELECT ended_at FROM calls WHERE to_number = '+12125550000'")
        .await;
    let picked_up = app
        .scalar("SELECT answered_at FROM calls WHERE to_number = '+12125551111'")
        .await;
    assert!(
        (cancelled - picked_up).abs() < 1500,
        "cancelled {} ms after the other party answered",
        cancelled - picked_up
    );
    ivr.app.assert_invariant().await;
}
