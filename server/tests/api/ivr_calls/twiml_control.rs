//! The Calls API's word on an inbound TwiML call (a number's VoiceUrl): shown while
//! it lasts, redirected to other TwiML, then ended; on PostgreSQL, with the word given
//! to an instance that does not carry the call.

use super::twiml::{twiml_line, Application, XML};
use super::Ivr;
use crate::common::TestApp;
use crate::twilio::{creds, get, post, Creds};
use std::time::Duration;

const DOCS: [(&str, u16, &str, &str); 2] = [
    (
        "/voice",
        200,
        XML,
        r#"<Response><Say>Please hold.</Say><Pause length="60"/></Response>"#,
    ),
    (
        "/next",
        200,
        XML,
        r#"<Response><Pause length="60"/></Response>"#,
    ),
];

/// The first request to `path`, once it has come (ten seconds at most).
async fn asked(customer: &Application, path: &str) -> super::application::Asked {
    for _ in 0..100 {
        if let Some(a) = customer.asked().into_iter().find(|a| a.path == path) {
            return a;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path} was never asked: {:?}", customer.asked());
}

/// Redirects the call to /next and then ends it, through `api` (an instance that may
/// not be the one carrying the call).
async fn redirect_then_end(ivr: &Ivr, customer: &Application, api: &TestApp, c: &Creds) {
    let sid = asked(customer, "/voice").await.params["CallSid"].clone();
    let path = format!("/Calls/{sid}.json");
    let mut shown = get(api, c, &path).await;
    for _ in 0..50 {
        if shown.body["status"] == "in-progress" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        shown = get(api, c, &path).await;
    }
    assert_eq!(
        (
            shown.body["status"].as_str(),
            shown.body["direction"].as_str()
        ),
        (Some("in-progress"), Some("inbound")),
        "{}",
        shown.body
    );
    assert_eq!(shown.body["to"], ivr.number.as_str());
    let next = customer.url("/next");
    let redirected = post(api, c, &path, &[("Url", next.as_str())]).await;
    assert_eq!(
        redirected.status,
        axum::http::StatusCode::OK,
        "{}",
        redirected.body
    );
    let at_next = asked(customer, "/next").await;
    assert_eq!(at_next.params["CallSid"], sid);
    let ended = post(api, c, &path, &[("Status", "completed")]).await;
    assert_eq!(ended.status, axum::http::StatusCode::OK, "{}", ended.body);
}

/// The call ended by the API: billed once as an inbound call, shown completed.
async fn ended_and_billed(ivr: &Ivr, c: &Creds, customer: &Application) {
    let billed = crate::sip::calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed.len(), 1, "{billed:?}");
    assert_eq!(billed[0]["status"], "completed");
    let sid = &customer.asked()[0].params["CallSid"];
    let shown = get(&ivr.app, c, &format!("/Calls/{sid}.json")).await;
    assert_eq!(shown.body["status"], "completed", "{}", shown.body);
    // A redirect now is refused: the call is over.
    let path = format!("/Calls/{sid}.json");
    let late = post(&ivr.app, c, &path, &[("Twiml", "<Response/>")]).await;
    crate::twilio::assert_twilio_error(&late, 400, 21220);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_inbound_twiml_call_is_shown_redirected_and_ended_by_the_calls_api() {
    let (ivr, customer) = twiml_line(&DOCS, true).await;
    let c = creds(&ivr.app, &ivr.s).await;
    tokio::join!(
        ivr.carrier_completes("ivr-listen", 1),
        redirect_then_end(&ivr, &customer, &ivr.app, &c)
    );
    ended_and_billed(&ivr, &c, &customer).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_an_instance_that_does_not_carry_the_call_passes_the_word_on() {
    if !crate::common::backend_is_postgres() {
        return;
    }
    let (ivr, customer) = twiml_line(&DOCS, true).await;
    let c = creds(&ivr.app, &ivr.s).await;
    // An instance with no IVR endpoint: it carries no call.
    let other = ivr.app.another_instance().await;
    tokio::join!(
        ivr.carrier_completes("ivr-listen", 1),
        redirect_then_end(&ivr, &customer, &other, &c)
    );
    ended_and_billed(&ivr, &c, &customer).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_caller_who_hangs_up_while_the_customers_server_thinks_is_let_go_at_once() {
    let docs = [
        (
            "/voice",
            200,
            XML,
            "<Response><Redirect>/slow</Redirect></Response>",
        ),
        (
            "/slow",
            200,
            XML,
            r#"<Response><Pause length="60"/></Response>"#,
        ),
    ];
    let (ivr, customer) = twiml_line(&docs, true).await;
    customer.delay("/slow", Duration::from_secs(8));
    let started = std::time::Instant::now();
    // The caller hangs up 4 s after the answer, while /slow is still being asked.
    ivr.carrier_completes("ivr-hang-up-recording", 1).await;
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(7),
        "the caller's BYE was answered after {took:?}, not while the document was asked"
    );
    let billed = crate::sip::calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed[0]["status"], "completed");
    let seconds = billed[0]["durationSeconds"].as_i64().unwrap();
    assert!((3..=5).contains(&seconds), "billed {seconds} s");
}
