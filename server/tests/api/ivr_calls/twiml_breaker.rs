//! The circuit breaker on a customer's TwiML URL: three misses in a row park it, and
//! the next call is not made to wait for it (the Debugger says why).

use super::twiml::{Application, XML};
use crate::common::TestApp;
use dialtone_core::ivr::Fetch;
use dialtone_server::voice::twiml::{fetch, TwimlCall};
use std::collections::BTreeMap;

#[tokio::test]
async fn a_url_that_gave_no_answer_three_times_is_not_asked_the_fourth() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    app.get_as(&s, "/api/developer").await;
    let account_sid = app
        .strings(&format!(
            "SELECT account_sid FROM api_accounts WHERE user_id = {}",
            s.user_id
        ))
        .await
        .remove(0);
    let call = TwimlCall {
        account_sid,
        owner_id: s.user_id,
        call_sid: dialtone_server::webhooks::call_sid("breaker-test"),
        from: "+14155550100".into(),
        to: "+14155550101".into(),
        direction: "inbound",
    };
    // Nothing listens there: each request is refused at once.
    let dead = Fetch {
        url: format!("http://127.0.0.1:{}/voice", crate::support::free_port()),
        method: "POST".into(),
    };
    let none = BTreeMap::new();
    for _ in 0..3 {
        let e = fetch::document(&app.state, &call, &dead, "ringing", &none)
            .await
            .unwrap_err();
        assert!(e.message.starts_with("No answer from"), "{}", e.message);
    }
    let parked = fetch::document(&app.state, &call, &dead, "ringing", &none)
        .await
        .unwrap_err();
    assert_eq!(parked.code, 11200);
    assert!(
        parked.message.starts_with("Not asked:") && parked.message.contains("in 60 s"),
        "{}",
        parked.message
    );
    // Another URL of the same customer is asked as before.
    let live = Application::start(&[("/voice", 200, XML, "<Response><Hangup/></Response>")]).await;
    let fine = Fetch {
        url: live.url("/voice"),
        method: "POST".into(),
    };
    assert!(fetch::document(&app.state, &call, &fine, "ringing", &none)
        .await
        .is_ok());
    // The Debugger shows the four, the last one not asked.
    let listed = app.get_as(&s, "/api/debugger").await;
    let items = listed.body["items"].as_array().unwrap().clone();
    let messages: Vec<&str> = items
        .iter()
        .filter(|i| i["url"] == dead.url.as_str())
        .map(|i| i["message"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(messages.len(), 4, "{}", listed.body);
    assert!(
        messages.iter().any(|m| m.starts_with("Not asked:")),
        "{messages:?}"
    );
}
