//! STIR/SHAKEN: an outbound call reaches the carrier with an Identity header, a PASSporT
//! (RFC 8225, 8588) signed with the provider's key, attesting (A) the checked caller ID;
//! the test verifies it with the public key, as a terminating carrier would; an
//! outside number the account verified goes out attested B.

use super::{calling, desk_calls, CALLEE};
use crate::common::{Session, TestApp};
use crate::support::switch::Switch;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::{json, Value};

/// The Identity header of the INVITE the carrier received (SIPp's trace).
fn identity(switch: &Switch) -> String {
    let carrier = switch.carrier_messages();
    let invite = &carrier[carrier.find("INVITE sip:").expect("the carrier was rung")..];
    let line = invite
        .lines()
        .take_while(|l| !l.is_empty())
        .find(|l| l.to_ascii_lowercase().starts_with("identity:"))
        .unwrap_or_else(|| panic!("no Identity header: {invite}"));
    line["identity:".len()..].trim().to_string()
}

/// The public key Dialtone signs with, as the raw P-256 point the ES256 check takes.
fn public_key(app: &TestApp) -> Vec<u8> {
    let signer = app.state.stir.as_ref().expect("the tests' STIR key");
    signer.public_key().to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_carrier_gets_a_passport_attesting_the_callers_own_number_signed_by_the_provider() {
    let app = TestApp::new().await;
    let (_, mine, password, switch) = calling(&app, "1.00", None).await;
    let run = desk_calls(&switch, &password, 500, 1).await;
    switch.assert_ran(&run);

    let header = identity(&switch);
    let (token, params) = header.split_once(';').expect("token;parameters");
    let params: Vec<&str> = params.split(';').map(str::trim).collect();
    assert!(params.contains(&"alg=ES256"), "{header}");
    assert!(params.contains(&"ppt=shaken"), "{header}");
    let stir = app.state.config.stir.as_ref().unwrap();
    let x5u = format!("info=<{}>", stir.x5u);
    assert!(params.contains(&x5u.as_str()), "{header}");

    let claims = verified_claims(&app, token);
    assert_eq!(claims["attest"], "A");
    assert_eq!(claims["orig"]["tn"], mine.trim_start_matches('+'));
    assert_eq!(claims["dest"]["tn"][0], CALLEE.trim_start_matches('+'));
    let now = chrono::Utc::now().timestamp();
    let iat = claims["iat"].as_i64().unwrap();
    assert!((now - 60..=now).contains(&iat), "issued now: {iat}");
    assert!(claims["origid"].as_str().is_some_and(|id| !id.is_empty()));

    let head = token.split('.').next().unwrap();
    let head = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(head)
        .unwrap();
    let head: Value = serde_json::from_slice(&head).unwrap();
    assert_eq!(head["ppt"], "shaken");
    assert_eq!(head["typ"], "passport");

    // A key that is not the provider's does not verify it.
    let mut other = public_key(&app);
    other[10] ^= 1;
    let forged = jsonwebtoken::decode::<Value>(token, &DecodingKey::from_ec_der(&other), &check());
    assert!(forged.is_err());
}

fn check() -> Validation {
    let mut check = Validation::new(Algorithm::ES256);
    check.required_spec_claims.clear();
    check.validate_exp = false;
    check
}

/// The PASSporT's claims, once its signature checks with the provider's public key.
fn verified_claims(app: &TestApp, token: &str) -> Value {
    let key = DecodingKey::from_ec_der(&public_key(app));
    jsonwebtoken::decode(token, &key, &check())
        .expect("signed with the provider's key")
        .claims
}

/// `s` verifies `number` with the code texted to it.
async fn verify_caller_id(app: &TestApp, s: &Session, number: &str) {
    let path = "/api/sip/verified-caller-ids";
    let r = app.post_as(s, path, json!({ "number": number })).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
    let code = crate::trial::code_sent_to(app, number);
    let body = json!({ "number": number, "code": code });
    let r = app.post_as(s, &format!("{path}/confirm"), body).await;
    assert_eq!(r.status, axum::http::StatusCode::OK, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outside_number_the_account_verified_goes_out_attested_b_and_billed_as_the_devices_own()
{
    let app = TestApp::new().await;
    let (s, mine, password, switch) = calling(&app, "1.00", None).await;
    let outside = "+13125550142";
    let call = ["-key", "to", CALLEE, "-d", "500"];
    let run = switch
        .device_as(("ada.desk", &password), outside, &call)
        .await;
    assert!(
        run.messages.contains("SIP/2.0 403 Caller ID not allowed"),
        "not verified yet: {}",
        run.messages
    );

    verify_caller_id(&app, &s, outside).await;
    let run = switch
        .device_as(("ada.desk", &password), outside, &call)
        .await;
    switch.assert_ran(&run);
    let carrier = switch.carrier_messages();
    for header in ["From", "P-Asserted-Identity"] {
        let shown = format!("{header}: <sip:{outside}@");
        assert!(carrier.contains(&shown), "{shown} in {carrier}");
    }
    let header = identity(&switch);
    let claims = verified_claims(&app, header.split(';').next().unwrap());
    assert_eq!(claims["attest"], "B");
    assert_eq!(claims["orig"]["tn"], outside.trim_start_matches('+'));
    // Billed to the device's account as its configured caller ID.
    let calls = super::calls(&app, &s, 1, &switch).await;
    assert_eq!(calls[0]["from"], mine.as_str(), "{calls:?}");
    app.assert_invariant().await;

    // Forgotten, it is refused again before the carrier rings.
    let path = format!(
        "/api/sip/verified-caller-ids/{}",
        outside.replace('+', "%2B")
    );
    let r = app.delete_as(&s, &path).await;
    assert_eq!(r.status, axum::http::StatusCode::NO_CONTENT, "{}", r.body);
    let run = switch
        .device_as(("ada.desk", &password), outside, &call)
        .await;
    assert!(run.messages.contains("SIP/2.0 403 Caller ID not allowed"));
    assert_eq!(switch.carrier_messages().matches("INVITE sip:").count(), 1);
}
