use crate::common::{with_code, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

#[tokio::test]
async fn pricing_lists_the_specs_ten_countries_first_then_the_world() {
    let app = TestApp::new().await;
    let r = app.get("/api/catalogue/pricing").send().await;
    assert_eq!(r.status, StatusCode::OK);
    let countries = r.body["countries"].as_array().unwrap();
    let codes: Vec<&str> = countries
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes[..10],
        ["US", "GB", "DE", "FR", "AU", "JP", "CA", "BR", "CN", "IN"]
    );
    // Every country and territory with a calling code that ISO 3166 names, once.
    assert!(codes.len() >= 235, "{}", codes.len());
    let unique: std::collections::BTreeSet<&str> = codes.iter().copied().collect();
    assert_eq!(unique.len(), codes.len());
    let names: Vec<&str> = countries[10..]
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "the rest by name");
    let by = |code: &str| with_code(countries, code);
    assert_eq!(
        by("US"),
        json!({ "id": by("US")["id"], "name": "United States", "code": "US", "flag": "🇺🇸", "callingCode": "1", "mobile": 2.99,
                "landline": 1.99, "tollFree": 3.99, "inboundRate": 0.015, "outboundRate": 0.02, "smsRate": 0.01 })
    );
    assert_eq!(
        (
            by("GB")["mobile"].clone(),
            by("GB")["landline"].clone(),
            by("GB")["tollFree"].clone()
        ),
        (json!(2.49), json!(3.49), json!(4.49))
    );
    assert_eq!(
        (by("CA")["mobile"].clone(), by("CA")["tollFree"].clone()),
        (json!(1.89), json!(3.89))
    );
    assert_eq!(by("JP")["landline"], Value::Null);
    assert_eq!(by("BR")["tollFree"], Value::Null);
    for c in &countries[..10] {
        for t in ["mobile", "landline", "tollFree"] {
            if let Some(p) = c[t].as_f64() {
                assert!((1.89..=6.49).contains(&p), "{} {t} {p}", c["code"]);
            }
        }
        assert!((0.014..=0.04).contains(&c["inboundRate"].as_f64().unwrap()));
        assert!((0.019..=0.05).contains(&c["outboundRate"].as_f64().unwrap()));
    }
}

#[tokio::test]
async fn a_changed_rate_shows_on_the_pricing_endpoint() {
    let app = TestApp::new().await;
    sqlx::query("UPDATE countries SET outbound_rate_micros = 23500 WHERE code = 'DE'")
        .execute(&app.state.db.pool)
        .await
        .unwrap();
    let r = app.get("/api/catalogue/pricing").send().await;
    let de = with_code(r.body["countries"].as_array().unwrap(), "DE");
    assert_eq!(de["outboundRate"], 0.0235);
}

fn message(subject: &str) -> Value {
    json!({ "name": "Ada", "email": "ada@example.com", "subject": subject, "message": "Do you have numbers in Chile?" })
}

#[tokio::test]
async fn the_contact_form_is_validated_with_cores_messages() {
    let app = TestApp::new().await;
    let r = app
        .post_json("/api/contact", json!({ "email": "bad" }))
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.body["errors"],
        json!({ "name": "Name is required", "email": "Invalid email address", "subject": "Subject is required", "message": "Message is required" })
    );
}

#[tokio::test]
async fn a_contact_message_is_stored_and_the_support_team_is_mailed() {
    let app = TestApp::new().await;
    let r = app
        .post_json("/api/contact", message("Numbers in Chile"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert!(r.message().starts_with("Thank you"));
    app.assert_only_mail("support@dialtone.test", "Contact form: Numbers in Chile")
        .await;
}

#[tokio::test]
async fn the_contact_form_is_throttled_per_address() {
    let app = TestApp::new().await;
    for i in 0..5 {
        assert_eq!(
            app.post_json("/api/contact", message(&format!("m{i}")))
                .await
                .status,
            StatusCode::CREATED
        );
    }
    let r = app.post_json("/api/contact", message("one too many")).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.contains_key("retry-after"));
}

#[tokio::test]
async fn only_administrators_read_contact_messages() {
    let (app, client) = TestApp::with_client("client@example.com").await;
    app.assert_refused(&client, "/api/admin/messages").await;
    let r = app
        .post_empty_as(&client, "/api/admin/messages/1/handled")
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn an_administrator_reads_pages_and_marks_messages_handled() {
    let (app, admin) = TestApp::with_admin().await;
    for i in 0..3 {
        app.post_json("/api/contact", message(&format!("question {i}")))
            .await;
    }
    let r = app.get_as(&admin, "/api/admin/messages?pageSize=2").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["total"], 3);
    assert_eq!(r.body["items"].as_array().unwrap().len(), 2);
    assert_eq!(r.body["items"][0]["subject"], "question 2");
    let id = r.body["items"][0]["id"].as_i64().unwrap();

    let r = app
        .post_empty_as(&admin, &format!("/api/admin/messages/{id}/handled"))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.body["item"]["handled"], true);
    let again = app
        .post_empty_as(&admin, &format!("/api/admin/messages/{id}/handled"))
        .await;
    assert_eq!(again.status, StatusCode::CONFLICT);
    assert_eq!(
        app.post_empty_as(&admin, "/api/admin/messages/9999/handled")
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let open = app.get_as(&admin, "/api/admin/messages?status=open").await;
    assert_eq!(open.body["total"], 2);
    let handled = app
        .get_as(&admin, "/api/admin/messages?status=handled")
        .await;
    assert_eq!(handled.body["items"][0]["id"], id);
    let audit: (String, i64) = sqlx::query_as("SELECT action, actor_id FROM audit_log")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(audit, ("message.handled".to_string(), admin.user_id));
}
