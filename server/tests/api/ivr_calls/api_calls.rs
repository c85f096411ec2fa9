//! The Calls API on real calls: a number of the account's calls the carrier (a SIPp
//! UAS) through Kamailio from Dialtone's IVR endpoint, runs the TwiML given, and is
//! billed once as that number's outbound call; its status callbacks come in order,
//! signed.

use super::twiml::{twiml_line, Application};
use super::Ivr;
use crate::sip::calls;
use crate::twilio::{assert_twilio_error, creds, get, Creds};
use axum::http::{Method, StatusCode};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use dialtone_server::webhooks::{deliver_due, signature};

pub(super) const CALLEE: &str = "+12125550199";

/// POST /Calls.json with an Idempotency-Key.
pub(super) async fn create(
    ivr: &Ivr,
    c: &Creds,
    form: &[(&str, &str)],
    key: &str,
) -> crate::common::Resp {
    let uri = format!("/2010-04-01/Accounts/{}/Calls.json", c.account_sid);
    let auth = format!(
        "Basic {}",
        STANDARD.encode(format!("{}:{}", c.user, c.secret))
    );
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(form)
        .finish();
    ivr.app
        .req(Method::POST, &uri)
        .header("authorization", &auth)
        .header("idempotency-key", key)
        .raw("application/x-www-form-urlencoded", body)
        .send()
        .await
}

async fn placing_line() -> (Ivr, Application, Creds) {
    placing_line_heard_at(None).await
}

/// A number that places calls to the carrier, whose media goes to `rtp` if given.
pub(super) async fn placing_line_heard_at(rtp: Option<u16>) -> (Ivr, Application, Creds) {
    let (mut ivr, customer) = twiml_line(
        &[
            ("/status", 204, "text/plain", ""),
            (
                "/next",
                200,
                "text/xml",
                "<Response><Pause length=\"60\"/></Response>",
            ),
        ],
        true,
    )
    .await;
    match rtp {
        Some(port) => ivr.switch.start_carrier_heard_at(port),
        None => ivr.switch.start_carrier(),
    }
    let switch = format!("127.0.0.1:{}", ivr.switch.sip_port)
        .parse()
        .unwrap();
    ivr.app.state.ivr.set_switch(switch);
    let c = creds(&ivr.app, &ivr.s).await;
    (ivr, customer, c)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_create_rings_the_callee_runs_the_twiml_and_is_billed_once() {
    let (ivr, customer, c) = placing_line().await;
    let status = customer.url("/status");
    let form = [
        ("To", CALLEE),
        ("From", ivr.number.as_str()),
        (
            "Twiml",
            "<Response><Say>Hello from the Calls API.</Say><Pause length=\"1\"/></Response>",
        ),
        ("StatusCallback", status.as_str()),
    ];
    let made = create(&ivr, &c, &form, "call-1").await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let sid = made.body["sid"].as_str().unwrap().to_string();
    assert_eq!(made.body["status"], "queued");
    assert_eq!(made.body["direction"], "outbound-api");
    // The same key again: the same call, not a second one.
    let again = create(&ivr, &c, &form, "call-1").await;
    assert_eq!(again.body["sid"], sid.as_str(), "{}", again.body);

    let billed = calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed.len(), 1, "one call: {billed:?}");
    let call = &billed[0];
    assert_eq!(
        (
            call["type"].as_str(),
            call["from"].as_str(),
            call["to"].as_str(),
            call["status"].as_str()
        ),
        (
            Some("outbound"),
            Some(ivr.number.as_str()),
            Some(CALLEE),
            Some("completed")
        )
    );
    assert!(call["cost"].as_f64().unwrap() > 0.0, "{call}");
    assert_eq!(
        ivr.switch
            .carrier_messages()
            .matches("INVITE sip:+12125550199@")
            .count(),
        1
    );
    // The API shows the record under the SID it answered with.
    let fetched = get(&ivr.app, &c, &format!("/Calls/{sid}.json")).await;
    assert_eq!(fetched.body["status"], "completed", "{}", fetched.body);
    assert_eq!(fetched.body["direction"], "outbound-api");

    // Status callbacks, in order, signed.
    for _ in 0..50 {
        deliver_due(&ivr.app.state, dialtone_server::db::now_ms())
            .await
            .unwrap();
        if customer.asked().len() >= 4 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let asked = customer.asked();
    let mut events: Vec<(i64, String)> = asked
        .iter()
        .map(|a| {
            (
                a.params["SequenceNumber"].parse().unwrap(),
                a.params["CallStatus"].clone(),
            )
        })
        .collect();
    events.sort();
    let statuses: Vec<&str> = events.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(
        statuses,
        ["initiated", "ringing", "answered", "completed"],
        "{asked:?}"
    );
    let completed = asked
        .iter()
        .find(|a| a.params["CallStatus"] == "completed")
        .unwrap();
    let talked: i64 = completed.params["CallDuration"].parse().unwrap();
    assert!((1..=8).contains(&talked), "talked {talked} s");
    for a in &asked {
        let params: Vec<(String, String)> = a
            .params
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        assert_eq!(a.signature, signature(&c.secret, &a.url, &params));
        assert_eq!(a.params["CallSid"], sid.as_str());
        assert_eq!(a.params["Direction"], "outbound-api");
    }
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_create_refuses_what_it_cannot_place() {
    let (ivr, _customer, c) = placing_line().await;
    let number = ivr.number.clone();
    let cases: [(&[(&str, &str)], i64); 5] = [
        (
            &[
                ("To", "12"),
                ("From", &number),
                ("Url", "https://a.example.com/"),
            ],
            21211,
        ),
        (
            &[
                ("To", CALLEE),
                ("From", "+14155550000"),
                ("Url", "https://a.example.com/"),
            ],
            21210,
        ),
        (&[("To", CALLEE), ("From", &number)], 21205),
        (
            &[
                ("To", CALLEE),
                ("From", &number),
                ("Twiml", "<Response><Say>"),
            ],
            12100,
        ),
        (
            &[
                ("To", CALLEE),
                ("From", &number),
                ("Url", "https://a.example.com/"),
                ("MachineDetection", "Enable"),
            ],
            20001,
        ),
    ];
    for (form, code) in cases {
        let r = crate::twilio::post(&ivr.app, &c, "/Calls.json", form).await;
        assert_twilio_error(&r, 400, code);
    }
    assert!(
        ivr.switch.carrier_messages().is_empty(),
        "nothing was placed"
    );
}

/// The placed call's status as the API shows it, once it is `want` (ten seconds at most).
async fn until_status(ivr: &Ivr, c: &Creds, sid: &str, want: &str) {
    for _ in 0..100 {
        let r = get(&ivr.app, c, &format!("/Calls/{sid}.json")).await;
        if r.body["status"] == want {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the call never was {want}:\n{}", ivr.switch.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_call_is_redirected_then_ended_by_the_api() {
    let (ivr, customer, c) = placing_line().await;
    let long = "<Response><Pause length=\"60\"/></Response>";
    let form = [
        ("To", CALLEE),
        ("From", ivr.number.as_str()),
        ("Twiml", long),
    ];
    let made = create(&ivr, &c, &form, "call-2").await;
    let sid = made.body["sid"].as_str().unwrap().to_string();
    let path = format!("/Calls/{sid}.json");
    until_status(&ivr, &c, &sid, "in-progress").await;

    // Redirected: the new document (its Url) is asked at once.
    let next = customer.url("/next");
    let r = crate::twilio::post(&ivr.app, &c, &path, &[("Url", &next)]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    for _ in 0..50 {
        if customer.asked().iter().any(|a| a.path == "/next") {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let asked = customer.asked();
    let redirect = asked
        .iter()
        .find(|a| a.path == "/next")
        .expect("the redirect's Url was asked");
    assert_eq!(redirect.params["CallStatus"], "in-progress");
    assert_eq!(redirect.params["CallSid"], sid.as_str());

    // Ended: hung up well before its minute of pause.
    let r = crate::twilio::post(&ivr.app, &c, &path, &[("Status", "completed")]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(call["status"], "completed");
    let talked = call["durationSeconds"].as_i64().unwrap();
    assert!(talked < 20, "ended by the API after {talked} s");
    // Over: nothing left to redirect.
    let late = crate::twilio::post(&ivr.app, &c, &path, &[("Twiml", long)]).await;
    assert_twilio_error(&late, 400, 21220);
    let stranger = crate::twilio::post(
        &ivr.app,
        &c,
        "/Calls/CA0000.json",
        &[("Status", "completed")],
    )
    .await;
    assert_twilio_error(&stranger, 404, 20404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_create_with_record_keeps_the_whole_call_as_a_recording_of_it() {
    let (ivr, _customer, c) = placing_line().await;
    let form = [
        ("To", CALLEE),
        ("From", ivr.number.as_str()),
        (
            "Twiml",
            "<Response><Say>This call is recorded.</Say><Pause length=\"2\"/></Response>",
        ),
        ("Record", "true"),
    ];
    let made = create(&ivr, &c, &form, "call-recorded").await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    let sid = made.body["sid"].as_str().unwrap().to_string();
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(call["status"], "completed");

    let listed = crate::twilio::recordings_of(&ivr.app, &c, &sid).await;
    let recording = &listed.body["recordings"][0];
    let seconds: i64 = recording["duration"].as_str().unwrap().parse().unwrap();
    // The whole call: the greeting and the 2 s pause.
    assert!((3..=8).contains(&seconds), "{}", listed.body);
    let rsid = recording["sid"].as_str().unwrap();
    let wav = get(&ivr.app, &c, &format!("/Recordings/{rsid}.wav")).await;
    let samples: Vec<i16> = wav.bytes[44..]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    let loud = samples.iter().filter(|s| s.unsigned_abs() > 1000).count();
    assert!(
        loud > 800,
        "the greeting is on the tape ({loud} loud samples)"
    );
    dialtone_server::jobs::run_once(&ivr.app.state, dialtone_server::db::now_ms())
        .await
        .unwrap();
    let charged = ivr
        .app
        .strings("SELECT description FROM ledger_entries WHERE kind = 'recording'")
        .await;
    assert_eq!(charged.len(), 1, "charged once: {charged:?}");
    assert_eq!(charged[0], format!("Recording {rsid}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_create_may_come_from_an_outside_number_the_account_verified() {
    const VERIFIED: &str = "+447700900123";
    let (ivr, _customer, c) = placing_line().await;
    // Not verified yet: refused as any number not the account's.
    let form = [
        ("To", CALLEE),
        ("From", VERIFIED),
        ("Twiml", "<Response><Say>From my mobile.</Say></Response>"),
    ];
    let refused = create(&ivr, &c, &form, "from-mobile-1").await;
    assert_twilio_error(&refused, 400, 21210);
    ivr.verified(VERIFIED).await;
    let made = create(&ivr, &c, &form, "from-mobile-2").await;
    assert_eq!(made.status, StatusCode::CREATED, "{}", made.body);
    assert_eq!(made.body["from"], VERIFIED);

    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(
        (call["from"].as_str(), call["status"].as_str()),
        (Some(ivr.number.as_str()), Some("completed")),
        "billed as the account's number: {call}"
    );
    // The Calls API shows the number the callee saw, here and in its From filter.
    let sid = made.body["sid"].as_str().unwrap();
    let listed = get(
        &ivr.app,
        &c,
        &format!("/Calls.json?From=%2B{}", &VERIFIED[1..]),
    )
    .await;
    assert_eq!(listed.body["calls"][0]["sid"], sid, "{}", listed.body);
    assert_eq!(listed.body["calls"][0]["from"], VERIFIED);
    assert_eq!(listed.body["calls"][0]["status"], "completed");
    let carrier = ivr.switch.carrier_messages();
    assert!(
        carrier.contains(&format!("From: <sip:{VERIFIED}@")),
        "the callee sees the verified number:\n{carrier}"
    );
}
