use super::{assert_twilio_error, call, creds, get, post, Creds};
use crate::common::{authorize, caller, completed};
use crate::common::{serve, Resp, TestApp};
use axum::extract::Path;
use axum::http::{HeaderMap, Method, StatusCode};
use std::sync::{Arc, Mutex};

/// Buys a number through IncomingPhoneNumbers.json with these parameters.
async fn buy(app: &TestApp, c: &Creds, form: &[(&str, &str)]) -> Resp {
    post(app, c, "/IncomingPhoneNumbers.json", form).await
}

#[tokio::test]
async fn a_number_is_found_bought_configured_and_released_through_the_api() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "20").await;
    let c = creds(&app, &s).await;
    let found = get(&app, &c, "/AvailablePhoneNumbers/US/Mobile.json?PageSize=3").await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.body);
    let list = found.body["available_phone_numbers"].as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["iso_country"], "US");
    let number = list[0]["phone_number"].as_str().unwrap().to_string();
    let national = &number[2..5];
    let by_area = get(
        &app,
        &c,
        &format!("/AvailablePhoneNumbers/US/Mobile.json?AreaCode={national}"),
    )
    .await;
    assert!(by_area.body["available_phone_numbers"]
        .as_array()
        .unwrap()
        .iter()
        .all(|n| n["phone_number"]
            .as_str()
            .unwrap()
            .starts_with(&format!("+1{national}"))));
    let none = get(
        &app,
        &c,
        "/AvailablePhoneNumbers/US/Mobile.json?AreaCode=000",
    )
    .await;
    assert_eq!(none.body["available_phone_numbers"], serde_json::json!([]));
    // Every number takes calls and SMS, and none MMS: the capability filters say so.
    let path = "/AvailablePhoneNumbers/US/Mobile.json?PageSize=3";
    let capable = get(
        &app,
        &c,
        &format!("{path}&VoiceEnabled=true&SmsEnabled=True"),
    )
    .await;
    assert_eq!(
        capable.body["available_phone_numbers"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let mms = get(&app, &c, &format!("{path}&MmsEnabled=true")).await;
    assert_eq!(mms.body["available_phone_numbers"], serde_json::json!([]));
    assert_twilio_error(
        &get(&app, &c, &format!("{path}&SmsEnabled=maybe")).await,
        400,
        20001,
    );
    assert_twilio_error(
        &get(&app, &c, "/AvailablePhoneNumbers/US/Pager.json").await,
        404,
        20404,
    );

    let bought = buy(
        &app,
        &c,
        &[("PhoneNumber", &number), ("FriendlyName", "Support")],
    )
    .await;
    assert_eq!(bought.status, StatusCode::CREATED, "{}", bought.body);
    assert_eq!(
        (
            bought.body["friendly_name"].as_str(),
            bought.body["status"].as_str()
        ),
        (Some("Support"), Some("in-use"))
    );
    // $20 less the first month ($2.99 for a US mobile) and the $1.00 setup fee.
    assert_eq!(
        get(&app, &c, "/Balance.json").await.body["balance"],
        "16.01"
    );
    let again = buy(&app, &c, &[("PhoneNumber", &number)]).await;
    assert_twilio_error(&again, 400, 21422);
    assert_twilio_error(&buy(&app, &c, &[("PhoneNumber", "12")]).await, 400, 21421);

    let sid = bought.body["sid"].as_str().unwrap().to_string();
    let path = format!("/IncomingPhoneNumbers/{sid}.json");
    let updated = post(
        &app,
        &c,
        &path,
        &[
            ("SmsUrl", "https://hooks.example.com/sms"),
            ("VoiceUrl", "https://hooks.example.com/voice"),
        ],
    )
    .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.body);
    assert_eq!(
        (
            updated.body["sms_url"].as_str(),
            updated.body["voice_url"].as_str(),
            updated.body["friendly_name"].as_str()
        ),
        (
            Some("https://hooks.example.com/sms"),
            Some("https://hooks.example.com/voice"),
            Some("Support")
        )
    );
    assert_twilio_error(
        &post(&app, &c, &path, &[("SmsUrl", "not a url")]).await,
        400,
        21609,
    );
    assert_eq!(get(&app, &c, &path).await.body, updated.body);
    let mine = get(
        &app,
        &c,
        &format!(
            "/IncomingPhoneNumbers.json?PhoneNumber={}",
            number.replace('+', "%2B")
        ),
    )
    .await;
    assert_eq!(mine.body["incoming_phone_numbers"][0]["sid"], sid.as_str());

    let bob = app.client("bob@example.com").await;
    let theirs = creds(&app, &bob).await;
    assert_twilio_error(
        &call(&app, &theirs, Method::DELETE, &path, &[]).await,
        404,
        20404,
    );
    let released = call(&app, &c, Method::DELETE, &path, &[]).await;
    assert_eq!(
        (released.status, released.text.as_str()),
        (StatusCode::NO_CONTENT, "")
    );
    assert_twilio_error(&get(&app, &c, &path).await, 404, 20404);
    let status = app.strings(&format!("SELECT status || ':' || COALESCE(sms_url, '-') FROM phone_numbers WHERE number = '{number}'")).await;
    assert_eq!(
        status,
        ["available:-"],
        "back on sale, without the old owner's URLs"
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn a_number_the_balance_cannot_pay_for_stays_on_sale() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let c = creds(&app, &s).await;
    let found = get(&app, &c, "/AvailablePhoneNumbers/US/Local.json").await;
    let number = found.body["available_phone_numbers"][0]["phone_number"]
        .as_str()
        .unwrap()
        .to_string();
    let r = buy(&app, &c, &[("PhoneNumber", &number)]).await;
    assert_twilio_error(&r, 402, 20005);
    let again = get(&app, &c, "/AvailablePhoneNumbers/US/Local.json").await;
    assert_eq!(
        again.body["available_phone_numbers"][0]["phone_number"],
        number.as_str()
    );
}

#[tokio::test]
async fn calls_are_listed_and_fetched_from_the_call_records() {
    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "5").await;
    for (i, to) in ["+14155550001", "+14155550002", "+14155550001"]
        .iter()
        .enumerate()
    {
        let call_id = format!("call-{i}");
        authorize(&app, &call_id, "outbound", &number, to).await;
        let r = completed(&app, &call_id, "outbound", &number, to, 60).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let c = creds(&app, &s).await;
    let page = get(&app, &c, "/Calls.json?To=%2B14155550001&PageSize=1").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let first = &page.body["calls"][0];
    assert_eq!(
        (
            first["to"].as_str(),
            first["duration"].as_str(),
            first["status"].as_str()
        ),
        (Some("+14155550001"), Some("60"), Some("completed"))
    );
    assert_eq!(first["price"], "-0.02", "a minute at the US outbound rate");
    assert!(first["start_time"].as_str().unwrap().ends_with("+0000"));
    let next = page.body["next_page_uri"].as_str().unwrap();
    let rest = get(&app, &c, next.split_once(&c.account_sid).unwrap().1).await;
    assert_eq!(rest.body["calls"].as_array().unwrap().len(), 1);
    assert!(rest.body["next_page_uri"].is_null());
    let sid = first["sid"].as_str().unwrap();
    assert_eq!(
        get(&app, &c, &format!("/Calls/{sid}.json")).await.body,
        *first
    );
    let old = get(&app, &c, "/Calls.json?StartTime%3E=2026-11-21").await;
    assert_eq!(
        old.body["calls"],
        serde_json::json!([]),
        "the records started on 2026-11-20"
    );
}

#[tokio::test]
async fn an_inbound_call_is_reported_to_the_numbers_urls_under_its_sid() {
    let got: Arc<Mutex<Vec<(String, String, String)>>> = Arc::default();
    let log = got.clone();
    let hook = move |Path(kind): Path<String>, headers: HeaderMap, body: String| {
        let log = log.clone();
        async move {
            let signature = headers["x-twilio-signature"].to_str().unwrap().to_string();
            log.lock().unwrap().push((kind, signature, body));
            StatusCode::OK
        }
    };
    let router = axum::Router::new().route("/{kind}", axum::routing::post(hook));
    let base = serve(router).await;

    let app = TestApp::new().await;
    let (s, number) = caller(&app, "ada@example.com", "5").await;
    let c = creds(&app, &s).await;
    let mine = get(&app, &c, "/IncomingPhoneNumbers.json").await;
    let sid = mine.body["incoming_phone_numbers"][0]["sid"]
        .as_str()
        .unwrap()
        .to_string();
    let (voice, status) = (format!("{base}/voice"), format!("{base}/status"));
    let r = post(
        &app,
        &c,
        &format!("/IncomingPhoneNumbers/{sid}.json"),
        &[("VoiceUrl", &voice), ("StatusCallback", &status)],
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    authorize(&app, "in-1", "inbound", "+447700900123", &number).await;
    let r = completed(&app, "in-1", "inbound", "+447700900123", &number, 90).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    dialtone_server::webhooks::deliver_due(&app.state, dialtone_server::db::now_ms())
        .await
        .unwrap();

    let calls = get(&app, &c, "/Calls.json").await;
    let call_sid = calls.body["calls"][0]["sid"].as_str().unwrap().to_string();
    let got = got.lock().unwrap().clone();
    let kinds: Vec<&str> = got.iter().map(|(k, _, _)| k.as_str()).collect();
    assert_eq!(kinds.len(), 2, "{got:?}");
    for (kind, signature, body) in &got {
        let params: Vec<(String, String)> = url::form_urlencoded::parse(body.as_bytes())
            .into_owned()
            .collect();
        let value = |name: &str| {
            params
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(value("CallSid").as_deref(), Some(call_sid.as_str()));
        assert_eq!(value("Direction").as_deref(), Some("inbound"));
        let (url, expected) = if kind == "voice" {
            (&voice, "ringing")
        } else {
            (&status, "completed")
        };
        assert_eq!(value("CallStatus").as_deref(), Some(expected));
        assert_eq!(
            signature,
            &dialtone_server::webhooks::signature(&c.secret, url, &params)
        );
    }
    assert!(kinds.contains(&"voice") && kinds.contains(&"status"));
}
