//! STIR/SHAKEN: an outbound call reaches the carrier with an Identity header, a PASSporT
//! (RFC 8225, 8588) signed with the provider's key, attesting (A) the checked caller ID;
//! the test verifies it with the public key, as a terminating carrier would.

use super::{calling, CALLEE};
use crate::common::TestApp;
use crate::support::switch::Switch;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde_json::Value;

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

/// The public key of the switch's development key, as the raw P-256 point the ES256
/// check takes (the last 65 bytes of its DER SubjectPublicKeyInfo).
fn public_key(switch: &Switch) -> Vec<u8> {
    let key = switch.dir.path().join("kamailio/stir/key.pem");
    let out = std::process::Command::new("openssl")
        .args(["pkey", "-pubout", "-outform", "DER", "-in"])
        .arg(&key)
        .output()
        .expect("openssl");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout[out.stdout.len() - 65..].to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_carrier_gets_a_passport_attesting_the_callers_own_number_signed_by_the_provider() {
    let app = TestApp::new().await;
    let (_, mine, password, switch) = calling(&app, "1.00", None).await;
    let run = switch
        .device(
            "call",
            "ada.desk",
            &password,
            &["-key", "to", CALLEE, "-d", "500"],
            1,
        )
        .await;
    switch.assert_ran(&run);

    let header = identity(&switch);
    let (token, params) = header.split_once(';').expect("token;parameters");
    let params: Vec<&str> = params.split(';').map(str::trim).collect();
    assert!(params.contains(&"alg=ES256"), "{header}");
    assert!(params.contains(&"ppt=shaken"), "{header}");
    let x5u = format!(
        "info=<file://{}>",
        switch.dir.path().join("kamailio/stir/cert.pem").display()
    );
    assert!(params.contains(&x5u.as_str()), "{header}");

    let mut check = Validation::new(Algorithm::ES256);
    check.required_spec_claims.clear();
    check.validate_exp = false;
    let key = DecodingKey::from_ec_der(&public_key(&switch));
    let claims: Value = jsonwebtoken::decode(token, &key, &check)
        .expect("signed with the provider's key")
        .claims;
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
    let mut other = public_key(&switch);
    other[10] ^= 1;
    let forged = jsonwebtoken::decode::<Value>(token, &DecodingKey::from_ec_der(&other), &check);
    assert!(forged.is_err());
}
