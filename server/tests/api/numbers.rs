use crate::common::{spawn_all, with_code, TestApp};
use axum::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn the_buying_catalogue_follows_section_9() {
    let (app, s) = TestApp::with_client("ada@example.com").await;
    let r = app.get_as(&s, "/api/numbers/countries").await;
    let countries = r.body["countries"].as_array().unwrap();
    let codes: Vec<&str> = countries
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes[..8], ["US", "GB", "DE", "FR", "AU", "JP", "CA", "BR"]);
    assert_eq!(codes.len(), 40, "{codes:?}");
    let by = |code: &str| with_code(countries, code);
    assert_eq!(
        (by("JP")["landline"].clone(), by("JP")["mobile"].clone()),
        (json!(false), json!(true))
    );
    assert_eq!(by("BR")["tollfree"], false);
    let us = app.available(&s, "US", "mobile").await;
    assert_eq!(us.len(), 8);
    assert_eq!(
        (us[0]["price"].clone(), us[0]["setup"].clone()),
        (json!(2.99), json!(1.0))
    );
    assert!(
        app.available(&s, "DE", "mobile").await.is_empty(),
        "numbers are stocked for US, UK and CA"
    );
    let fax = app.get_as(&s, "/api/numbers/available?country=US&type=fax");
    assert_eq!(fax.await.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn buying_a_number_debits_month_and_setup_and_makes_it_yours() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "10").await;
    let number = app.available(&s, "US", "mobile").await[0].clone();
    let r = app.purchase(&s, &number["id"]).send().await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.body["balance"], 6.01);
    let mine = app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0].clone();
    assert_eq!(mine["number"], number["number"]);
    assert_eq!(
        (
            mine["type"].as_str(),
            mine["status"].as_str(),
            mine["country"].as_str()
        ),
        (Some("Mobile"), Some("active"), Some("United States"))
    );
    assert_eq!(mine["monthlyFee"], 2.99);
    let days = mine["daysRemaining"].as_i64().unwrap();
    assert!((28..=31).contains(&days), "{days}");
    assert!(app
        .available(&s, "US", "mobile")
        .await
        .iter()
        .all(|n| n["id"] != number["id"]));
    let kinds = app
        .strings(
            "SELECT description FROM ledger_entries WHERE kind = 'number_purchase' ORDER BY id",
        )
        .await;
    assert_eq!(
        kinds,
        [
            format!("First month of {}", number["number"].as_str().unwrap()),
            format!("Setup fee for {}", number["number"].as_str().unwrap())
        ]
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn two_clients_buying_the_same_number_at_once_one_wins() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    app.fund(ada.user_id, "10").await;
    app.fund(bob.user_id, "10").await;
    let id = app.available(&ada, "UK", "landline").await[0]["id"].clone();
    let (a, b) = tokio::join!(
        tokio::spawn(app.purchase(&ada, &id).send()),
        tokio::spawn(app.purchase(&bob, &id).send())
    );
    let mut statuses = [a.unwrap().status, b.unwrap().status];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::CREATED, StatusCode::CONFLICT]);
    let total =
        app.balance_of(&ada).await.as_f64().unwrap() + app.balance_of(&bob).await.as_f64().unwrap();
    assert!(
        (total - (20.0 - 3.49 - 1.0)).abs() < 1e-9,
        "exactly one paid: {total}"
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn ten_concurrent_purchases_with_five_dollars_buy_exactly_one_number() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "5").await;
    let numbers = app.available(&s, "US", "mobile").await;
    let buys = (0..10).map(|i| app.purchase(&s, &numbers[i % numbers.len()]["id"]).send());
    let mut created = 0;
    for r in spawn_all(buys).await {
        match r.status {
            StatusCode::CREATED => created += 1,
            StatusCode::PAYMENT_REQUIRED => {
                assert!(r.message().starts_with("Insufficient balance"))
            }
            StatusCode::CONFLICT => {}
            other => panic!("{other}: {}", r.body),
        }
    }
    assert_eq!(created, 1);
    assert_eq!(app.balance_of(&s).await, 1.01);
    assert_eq!(
        app.get_as(&s, "/api/numbers/mine").await.body["numbers"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    app.assert_invariant().await;
}

#[tokio::test]
async fn an_insufficient_balance_answers_402_and_keeps_the_number_on_sale() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "3").await;
    let id = app.available(&s, "CA", "tollfree").await[0]["id"].clone();
    let r = app.purchase(&s, &id).send().await;
    assert_eq!(r.status, StatusCode::PAYMENT_REQUIRED);
    assert_eq!(
        r.body["message"],
        "Insufficient balance: this costs $4.89 and your balance is $3.00. Please add funds."
    );
    assert!(app
        .available(&s, "CA", "tollfree")
        .await
        .iter()
        .any(|n| n["id"] == id));
    assert_eq!(app.balance_of(&s).await, 3.0);
}

#[tokio::test]
async fn a_retried_purchase_with_the_same_idempotency_key_is_charged_once() {
    let (app, s) = TestApp::with_funded_client("ada@example.com", "20").await;
    let id = app.available(&s, "US", "landline").await[0]["id"].clone();
    for _ in 0..3 {
        let r = app
            .purchase(&s, &id)
            .header("idempotency-key", "click-1")
            .send()
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    assert_eq!(app.balance_of(&s).await, 17.01);
}

#[tokio::test]
async fn a_client_cannot_cancel_or_renew_anothers_number() {
    let (app, ada) = TestApp::with_client("ada@example.com").await;
    let bob = app.client("bob@example.com").await;
    app.fund(ada.user_id, "10").await;
    let id = app.available(&ada, "US", "mobile").await[0]["id"]
        .as_i64()
        .unwrap();
    app.purchase(&ada, id).send().await;
    let cancel = format!("/api/numbers/{id}/cancel");
    let r = app.post_empty_as(&bob, &cancel).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let theirs = app.get_as(&bob, "/api/numbers/mine").await;
    assert_eq!(theirs.body["numbers"], json!([]));
    let r = app.post_empty_as(&ada, &cancel).await;
    assert_eq!(r.body["number"]["autoRenew"], false);
}

#[tokio::test]
async fn a_numbers_urls_are_set_by_its_owner_with_core_rules_and_audited() {
    let app = TestApp::new().await;
    let (s, number) = crate::common::caller(&app, "ada@example.com", "1").await;
    let id = app.get_as(&s, "/api/numbers/mine").await.body["numbers"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/numbers/{id}/hooks");
    let empty = app.get_as(&s, &path).await;
    assert_eq!(empty.status, StatusCode::OK, "{}", empty.body);
    assert_eq!(
        empty.body,
        json!({ "voiceUrl": "", "voiceMethod": "POST", "voiceFallbackUrl": "",
            "smsUrl": "", "smsMethod": "POST", "statusCallback": "" })
    );
    let bad = app
        .put_as(
            &s,
            &path,
            json!({ "voiceUrl": "ftp://x", "voiceMethod": "PUT" }),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.body["errors"]["voiceMethod"], "Choose GET or POST");
    assert!(bad.body["errors"]["voiceUrl"].is_string());
    let wanted = json!({ "voiceUrl": " https://app.example.com/voice ", "voiceMethod": "get",
        "voiceFallbackUrl": "https://backup.example.com/voice",
        "smsUrl": "https://app.example.com/sms", "smsMethod": "get", "statusCallback": "" });
    let saved = app.put_as(&s, &path, wanted).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    assert_eq!(
        saved.body,
        json!({ "voiceUrl": "https://app.example.com/voice", "voiceMethod": "GET",
            "voiceFallbackUrl": "https://backup.example.com/voice",
            "smsUrl": "https://app.example.com/sms", "smsMethod": "GET", "statusCallback": "" })
    );
    assert_eq!(app.get_as(&s, &path).await.body, saved.body);
    // The Twilio API shows the same.
    let c = crate::twilio::creds(&app, &s).await;
    let listed = crate::twilio::get(&app, &c, "/IncomingPhoneNumbers.json").await;
    let n = &listed.body["incoming_phone_numbers"][0];
    assert_eq!(n["phone_number"], number.as_str());
    assert_eq!(
        (
            n["voice_method"].as_str(),
            n["voice_fallback_url"].as_str(),
            n["sms_method"].as_str()
        ),
        (
            Some("GET"),
            Some("https://backup.example.com/voice"),
            Some("GET")
        )
    );
    let audited = app
        .strings("SELECT action FROM audit_log WHERE target_type = 'number'")
        .await;
    assert!(audited.contains(&"number.hooks".to_string()), "{audited:?}");
    // Not someone else's number.
    let bob = app.client("bob@example.com").await;
    assert_eq!(app.get_as(&bob, &path).await.status, StatusCode::NOT_FOUND);
    let taken = app.put_as(&bob, &path, json!({})).await;
    assert_eq!(taken.status, StatusCode::NOT_FOUND);
}
