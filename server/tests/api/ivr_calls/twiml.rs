//! Programmable voice on real calls: a number whose VoiceUrl answers with TwiML. The
//! customer's application is a real HTTP server on loopback answering each path with
//! its document; SIPp calls as the carrier through Kamailio to the IVR endpoint.

pub(super) use super::application::Application;
use super::{Ivr, OUTSIDE_CALLER};
use crate::common::{caller, TestApp};
use crate::sip::calls;
use crate::support::free_port;
use crate::support::switch::Switch;
use std::time::Duration;

/// A number whose VoiceUrl is the application's /voice, and the switch in front.
pub(super) async fn twiml_line(
    app_docs: &[(&str, u16, &'static str, &str)],
    private_targets: bool,
) -> (Ivr, Application) {
    twiml_line_with(app_docs, private_targets, "1.00").await
}

/// `twiml_line` with the owner left `left` dollars after buying the number.
pub(super) async fn twiml_line_with(
    app_docs: &[(&str, u16, &'static str, &str)],
    private_targets: bool,
    left: &str,
) -> (Ivr, Application) {
    let addr = format!("127.0.0.1:{}", free_port());
    let app = TestApp::with(|c| {
        c.ivr_sip_addr = Some(addr.clone());
        c.webhook_private_targets = private_targets;
    })
    .await;
    let listener = dialtone_server::voice::ivr_endpoint::start(app.state.clone(), &addr)
        .await
        .expect("the IVR endpoint listens");
    let (s, number) = caller(&app, "ada@example.com", left).await;
    let customer = Application::start(app_docs).await;
    // The API account the requests are signed for.
    app.get_as(&s, "/api/developer").await;
    sqlx::query("UPDATE phone_numbers SET voice_url = $1 WHERE number = $2")
        .bind(customer.url("/voice"))
        .bind(&number)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let switch = Switch::start(&app).await;
    let ivr = Ivr {
        app,
        s,
        number,
        flow_id: 0,
        switch,
        listener,
    };
    (ivr, customer)
}

pub(super) const XML: &str = "text/xml";

impl Ivr {
    /// The auth token the account's requests are signed with.
    pub(super) async fn auth_token(&self) -> String {
        let r = self
            .app
            .post_as(
                &self.s,
                "/api/developer/auth-token/reveal",
                serde_json::json!({ "password": "password1" }),
            )
            .await;
        r.body["authToken"].as_str().unwrap().to_string()
    }

    /// The path a TwiML call took, once stored.
    async fn twiml_path(&self, call_sid: &str) -> String {
        for _ in 0..100 {
            let path: Option<String> = sqlx::query_scalar(
                "SELECT path FROM ivr_call_paths WHERE call_sid = $1 AND flow_id IS NULL",
            )
            .bind(call_sid)
            .fetch_optional(&self.app.state.db.pool)
            .await
            .unwrap();
            if let Some(p) = path {
                return p;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no path stored:\n{}", self.switch.log());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_call_runs_say_and_gather_and_the_keys_reach_the_action_signed() {
    let (ivr, customer) = twiml_line(
        &[
            (
                "/voice",
                200,
                XML,
                r#"<?xml version="1.0" encoding="UTF-8"?>
<Response>
  <Say>Welcome.</Say>
  <Gather numDigits="2" action="/digits" timeout="5">
    <Say>Enter two digits, then wait a little while for this prompt to end.</Say>
  </Gather>
  <Say>We did not get any keys.</Say>
</Response>"#,
            ),
            (
                "/digits",
                200,
                "application/xml",
                "<Response><Say>Thanks.</Say><Hangup/></Response>",
            ),
        ],
        true,
    )
    .await;

    ivr.carrier_completes("twiml-gather", 1).await;

    let asked = customer.asked();
    let paths: Vec<&str> = asked.iter().map(|a| a.path.as_str()).collect();
    assert_eq!(paths, ["/voice", "/digits"], "{asked:?}");
    let token = ivr.auth_token().await;
    for a in &asked {
        let params: Vec<(String, String)> = a
            .params
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        assert_eq!(
            a.signature,
            dialtone_server::webhooks::signature(&token, &a.url, &params),
            "signed as Twilio signs: {a:?}"
        );
        assert_eq!(a.params["From"], OUTSIDE_CALLER);
        assert_eq!(a.params["To"], ivr.number);
        assert_eq!(a.params["Direction"], "inbound");
        assert_eq!(a.params["CallSid"], asked[0].params["CallSid"]);
    }
    assert_eq!(asked[0].params["CallStatus"], "ringing");
    assert_eq!(asked[1].params["CallStatus"], "in-progress");
    assert_eq!(
        asked[1].params["Digits"], "42",
        "the caller's RFC 4733 keys"
    );

    // Billed as an inbound call, the SID the application was told.
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(
        (call["type"].as_str(), call["status"].as_str()),
        (Some("inbound"), Some("completed"))
    );
    // The way it went, under the SID the application was told.
    let sid = asked[0].params["CallSid"].clone();
    assert_eq!(ivr.twiml_path(&sid).await, "0 → 1 → 42 → 0 → 1");
    // Both fetches are in the Debugger, newest first, gone through.
    let events = ivr.app.get_as(&ivr.s, "/api/debugger").await.body;
    let urls: Vec<&str> = events["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["url"].as_str().unwrap())
        .collect();
    assert_eq!(urls, [customer.url("/digits"), customer.url("/voice")]);
    assert_eq!(events["items"][0]["level"], "info");
    assert_eq!(events["items"][0]["callSid"], sid.as_str());
    assert!(events["items"][0]["request"]
        .as_str()
        .unwrap()
        .contains("Digits=42"));
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reject_refuses_the_call_busy_before_it_is_answered_and_nothing_is_billed() {
    let (ivr, customer) = twiml_line(
        &[(
            "/voice",
            200,
            XML,
            r#"<Response><Reject reason="busy"/></Response>"#,
        )],
        true,
    )
    .await;
    ivr.carrier_completes("twiml-refused-486", 1).await;
    assert_eq!(customer.asked().len(), 1);
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_ne!(call["status"], "completed", "{call}");
    ivr.app.assert_invariant().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_document_that_cannot_run_ends_the_call_cleanly() {
    // Not XML, an error answer, not TwiML's content type, a verb Dialtone does not run:
    // each refused, and in the Debugger with Twilio's code and what came back.
    for (status, content_type, body, code) in [
        (200, XML, "<Response><Say>unclosed</Response>", 12100),
        (500, XML, "<Response/>", 11200),
        (200, "application/json", "{}", 12300),
        (
            200,
            XML,
            "<Response><Enqueue>support</Enqueue></Response>",
            12200,
        ),
    ] {
        let (ivr, customer) = twiml_line(&[("/voice", status, content_type, body)], true).await;
        ivr.carrier_completes("twiml-refused-500", 1).await;
        assert_eq!(customer.asked().len(), 1, "{body}");
        let events = ivr
            .app
            .get_as(&ivr.s, "/api/debugger?source=twiml")
            .await
            .body;
        let e = &events["items"][0];
        assert_eq!(
            (e["level"].as_str(), e["code"].as_i64()),
            (Some("error"), Some(code)),
            "{e}"
        );
        assert_eq!(
            (e["status"].as_i64(), e["response"].as_str()),
            (Some(status.into()), Some(body))
        );
        assert_eq!(e["url"], customer.url("/voice"));
        assert!(
            e["request"]
                .as_str()
                .unwrap()
                .contains("CallStatus=ringing"),
            "{e}"
        );
        ivr.app.assert_invariant().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_voice_url_into_dialtones_own_network_is_never_asked() {
    let (ivr, customer) = twiml_line(
        &[("/voice", 200, XML, "<Response><Say>Hi</Say></Response>")],
        false,
    )
    .await;
    ivr.carrier_completes("twiml-refused-500", 1).await;
    assert!(
        customer.asked().is_empty(),
        "the loopback application was not reached"
    );
    let events = ivr.app.get_as(&ivr.s, "/api/debugger").await.body;
    let e = &events["items"][0];
    assert_eq!(e["code"], 11200, "{e}");
    assert_eq!(
        e["message"],
        "Refused: the URL leads to a private or local address"
    );
    assert!(e["status"].is_null());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_voice_url_hands_the_call_to_its_fallback_asked_with_get() {
    let (ivr, customer) = twiml_line(
        &[
            ("/voice", 503, XML, ""),
            (
                "/fallback",
                200,
                XML,
                "<Response><Say>Sorry, we are busy.</Say></Response>",
            ),
        ],
        true,
    )
    .await;
    let hooks = serde_json::json!({
        "voiceUrl": customer.url("/voice"), "voiceMethod": "GET",
        "voiceFallbackUrl": customer.url("/fallback"),
    });
    let id = ivr.app.get_as(&ivr.s, "/api/numbers/mine").await.body["numbers"][0]["id"]
        .as_i64()
        .unwrap();
    let saved = ivr
        .app
        .put_as(&ivr.s, &format!("/api/numbers/{id}/hooks"), hooks)
        .await;
    assert_eq!(saved.status, axum::http::StatusCode::OK, "{}", saved.body);

    ivr.carrier_completes("ivr-listen", 1).await;

    let asked = customer.asked();
    let paths: Vec<&str> = asked.iter().map(|a| a.path.as_str()).collect();
    assert_eq!(paths, ["/voice", "/fallback"], "{asked:?}");
    // GET carries Twilio's parameters in the query, which the signature covers.
    assert!(
        asked[0].url.contains("CallStatus=ringing"),
        "{}",
        asked[0].url
    );
    assert!(asked[0].params.is_empty());
    let token = ivr.auth_token().await;
    assert_eq!(
        asked[0].signature,
        dialtone_server::webhooks::signature(&token, &asked[0].url, &[])
    );
    assert_eq!(asked[1].params["ErrorCode"], "11200");
    assert_eq!(asked[1].params["ErrorUrl"], customer.url("/voice"));
    let call = &calls(&ivr.app, &ivr.s, 1, &ivr.switch).await[0];
    assert_eq!(call["status"], "completed", "{call}");
}

/// An application that records the caller for up to 3 s, its action at /recorded.
pub(super) const RECORDS: [(&str, u16, &str, &str); 2] = [
    (
        "/voice",
        200,
        XML,
        r##"<Response><Say>Leave a message.</Say><Record maxLength="3" finishOnKey="#" action="/recorded"/></Response>"##,
    ),
    ("/recorded", 200, XML, "<Response><Hangup/></Response>"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn record_stores_the_callers_voice_as_a_recording_of_the_api() {
    let (ivr, customer) = twiml_line(&RECORDS, true).await;

    ivr.carrier_completes("ivr-voicemail", 1).await;

    let asked = customer.asked();
    let recorded = asked
        .iter()
        .find(|a| a.path == "/recorded")
        .expect("the action was asked");
    assert_eq!(recorded.params["RecordingDuration"], "3");
    let sid = recorded.params["RecordingSid"].clone();
    assert!(sid.starts_with("RE") && sid.len() == 34, "{sid}");
    assert!(recorded.params["RecordingUrl"].ends_with(&format!("/Recordings/{sid}")));
    let c = crate::twilio::creds(&ivr.app, &ivr.s).await;
    let listed = crate::twilio::get(&ivr.app, &c, "/Recordings.json").await;
    let r = &listed.body["recordings"][0];
    assert_eq!(
        (r["sid"].as_str(), r["duration"].as_str()),
        (Some(sid.as_str()), Some("3")),
        "{}",
        listed.body
    );
    assert_eq!(r["call_sid"], recorded.params["CallSid"].as_str());
    // Charged once, a started minute at the platform's rate ($0.0025): by the jobs,
    // once the call's hold is released.
    calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    dialtone_server::jobs::run_once(&ivr.app.state, dialtone_server::db::now_ms())
        .await
        .unwrap();
    let charged = ivr
        .app
        .strings("SELECT CAST(amount_micros AS TEXT) FROM ledger_entries WHERE kind = 'recording'")
        .await;
    assert_eq!(charged, ["-2500"]);
    let per_call = format!("/Calls/{}/Recordings.json", recorded.params["CallSid"]);
    let of_call = crate::twilio::get(&ivr.app, &c, &per_call).await;
    assert_eq!(of_call.body["recordings"][0]["sid"], sid.as_str());
    let wav = crate::twilio::get(&ivr.app, &c, &format!("/Recordings/{sid}.wav")).await;
    assert_eq!(wav.status, axum::http::StatusCode::OK);
    assert_eq!(
        wav.bytes.len(),
        44 + 3 * 8000 * 2,
        "three seconds of 8 kHz 16-bit mono"
    );
    // The same audio as MP3.
    let mp3 = crate::twilio::get(&ivr.app, &c, &format!("/Recordings/{sid}.mp3")).await;
    assert_eq!(mp3.status, axum::http::StatusCode::OK);
    assert_eq!(mp3.headers["content-type"], "audio/mpeg");
    assert_eq!(
        dialtone_server::ivr::audio::audio_kind(&mp3.bytes),
        Some(dialtone_server::ivr::audio::AudioKind::Mp3)
    );
    let path = format!("/Recordings/{sid}.json");
    let gone = crate::twilio::call(&ivr.app, &c, axum::http::Method::DELETE, &path, &[]).await;
    assert_eq!(gone.status, axum::http::StatusCode::NO_CONTENT);
    let after = crate::twilio::get(&ivr.app, &c, &path).await;
    crate::twilio::assert_twilio_error(&after, 404, 20404);
}
