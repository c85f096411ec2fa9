//! Messages the SMSC delivers to customers' numbers: stored, notified, posted to the
//! number's SmsUrl; to a number nobody holds, acknowledged.

use super::{app_with_number, wait_count};
use crate::support::smsc::Smsc;

#[tokio::test]
async fn an_inbound_message_to_a_purchased_number_is_stored_and_notifies() {
    let smsc = Smsc::start().await;
    let (app, s, number) = app_with_number(&smsc).await;
    sqlx::query("UPDATE phone_numbers SET sms_url = 'https://example.com/sms' WHERE number = $1")
        .bind(&number)
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    // Nobody holds this one: acknowledged and logged, and the link stays up.
    smsc.deliver("447700900123", "15005550000", "Wrong number")
        .await;
    smsc.deliver("447700900123", number.trim_start_matches('+'), "Hi back")
        .await;
    wait_count(&app, "SELECT COUNT(*) FROM sms_inbound", 1).await;
    let stored = app
        .strings("SELECT from_number || '>' || to_number || ':' || body FROM sms_inbound")
        .await;
    assert_eq!(stored, vec![format!("+447700900123>{number}:Hi back")]);
    let notes = app.get_as(&s, "/api/notifications").await.body;
    assert!(
        notes.to_string().contains("+447700900123 texted"),
        "{notes}"
    );
    // The number's SmsUrl gets Twilio's inbound parameters.
    let hook = app
        .strings("SELECT event || ' ' || url || ' ' || body FROM webhook_deliveries")
        .await;
    assert_eq!(hook.len(), 1);
    let to = number.replace('+', "%2B");
    for part in [
        "message.inbound https://example.com/sms ",
        "From=%2B447700900123",
        &format!("To={to}"),
        "Body=Hi+back",
        "NumMedia=0",
        "NumSegments=1",
        "ApiVersion=2010-04-01",
        "MessageSid=SM00000000000000001000000000000001",
    ] {
        assert!(hook[0].contains(part), "{part} in {}", hook[0]);
    }
    // UCS-2 from the SMSC (data_coding 8) reads as the sender wrote it.
    smsc.deliver(
        "447700900123",
        number.trim_start_matches('+'),
        "Привет, Ада",
    )
    .await;
    wait_count(&app, "SELECT COUNT(*) FROM sms_inbound", 2).await;
    let last = app
        .strings("SELECT body FROM sms_inbound ORDER BY id DESC")
        .await;
    assert_eq!(last[0], "Привет, Ада");
    assert_eq!(smsc.bound().await, 1);
}

#[tokio::test]
async fn a_long_inbound_message_is_stored_once_all_its_parts_have_arrived() {
    let smsc = Smsc::start().await;
    let (app, s, number) = app_with_number(&smsc).await;
    let to = number.trim_start_matches('+');
    // Half of another long message: kept, not stored.
    smsc.deliver_parts("447700900999", to, &["Never ", "finished"], 9, &[1])
        .await;
    // Three parts out of order, the first delivered twice.
    let parts = ["The first part, ", "the second, ", "and the last."];
    smsc.deliver_parts("447700900123", to, &parts, 7, &[2, 1, 1, 3])
        .await;
    wait_count(&app, "SELECT COUNT(*) FROM sms_inbound", 1).await;
    let stored = app
        .strings("SELECT from_number || ':' || body FROM sms_inbound")
        .await;
    assert_eq!(stored, vec![format!("+447700900123:{}", parts.concat())]);
    // The joined message's parts are gone; the unfinished one's part waits.
    let waiting = app
        .strings("SELECT from_number || ' ' || body FROM sms_inbound_parts")
        .await;
    assert_eq!(waiting, vec!["447700900999 Never ".to_string()]);
    let notes = app.get_as(&s, "/api/notifications").await.body;
    assert!(notes.to_string().contains(&parts.concat()), "{notes}");
    assert_eq!(
        app.scalar("SELECT COUNT(*) FROM notifications WHERE kind = 'sms_inbound'")
            .await,
        1
    );
}

#[tokio::test]
async fn an_sms_url_whose_method_is_get_is_asked_with_the_parameters_in_its_signed_query() {
    let smsc = Smsc::start().await;
    let (app, s, number) = app_with_number(&smsc).await;
    let customer = crate::webhooks::customer::Customer::start().await;
    let c = crate::twilio::creds(&app, &s).await;
    let sid = crate::twilio::get(&app, &c, "/IncomingPhoneNumbers.json")
        .await
        .body["incoming_phone_numbers"][0]["sid"]
        .as_str()
        .unwrap()
        .to_string();
    let sms_url = customer.url("/sms?tenant=7");
    let path = format!("/IncomingPhoneNumbers/{sid}.json");
    let form = [("SmsUrl", sms_url.as_str()), ("SmsMethod", "get")];
    let updated = crate::twilio::post(&app, &c, &path, &form).await;
    assert_eq!(updated.body["sms_method"], "GET", "{}", updated.body);
    let wrong = crate::twilio::post(&app, &c, &path, &[("SmsMethod", "PUT")]).await;
    crate::twilio::assert_twilio_error(&wrong, 400, 20001);

    smsc.deliver("447700900123", number.trim_start_matches('+'), "Hi by GET")
        .await;
    wait_count(&app, "SELECT COUNT(*) FROM sms_inbound", 1).await;
    let sent = dialtone_server::webhooks::deliver_due(&app.state, dialtone_server::db::now_ms());
    assert_eq!(sent.await.unwrap(), 1);
    let got = customer.received();
    assert_eq!(got.len(), 1);
    assert!(got[0].params.is_empty(), "no body: {:?}", got[0].params);
    let asked = url::Url::parse(&got[0].url).unwrap();
    let query: std::collections::HashMap<_, _> = asked.query_pairs().into_owned().collect();
    assert_eq!(asked.path(), "/sms");
    assert_eq!(query["tenant"], "7");
    assert_eq!(query["Body"], "Hi by GET");
    assert_eq!(query["To"], number);
    let token = app
        .post_as(
            &s,
            "/api/developer/auth-token/reveal",
            serde_json::json!({ "password": "password1" }),
        )
        .await
        .body["authToken"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        got[0].headers["x-twilio-signature"].to_str().unwrap(),
        dialtone_server::webhooks::signature(&token, &got[0].url, &[])
    );
    // My Numbers shows and keeps the method.
    let id = app
        .scalar(&format!(
            "SELECT id FROM phone_numbers WHERE number = '{number}'"
        ))
        .await;
    let hooks = app.get_as(&s, &format!("/api/numbers/{id}/hooks")).await;
    assert_eq!(hooks.body["smsMethod"], "GET", "{}", hooks.body);
}
