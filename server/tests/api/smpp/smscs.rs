//! The link's configuration: the bind's address_range, several SMSCs sharing one queue
//! (each shown in the admin panel), and SMPP over TLS checked against a given CA.

use super::{app_with, send, wait_count};
use crate::support::smsc::Smsc;
use axum::http::StatusCode;
use dialtone_server::sms::smpp::Settings;
use std::path::Path;
use std::time::Duration;

#[tokio::test]
async fn two_smscs_share_the_queue_and_bind_with_their_address_range() {
    let (a, b) = (Smsc::start().await, Smsc::start().await);
    let mut first = a.link();
    first.address_range = "^44".into();
    let settings = Settings {
        links: vec![first, b.link()],
        reconcile: Duration::from_secs(3),
    };
    let app = app_with(settings, 1).await;
    a.wait_bound(1).await;
    b.wait_bound(1).await;
    assert_eq!(a.sessions().await["binds"][0]["address_range"], "^44");
    assert_eq!(b.sessions().await["binds"][0]["address_range"], "");
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "20").await;

    // Messages sent one by one until both links have submitted some (a link claims
    // what is queued when it looks, so both take turns).
    let mut sent = 0;
    while sent < 200 {
        send(&app, &s, "+447700900123", &format!("Shared {sent:03}")).await;
        sent += 1;
        wait_count(
            &app,
            "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
            sent,
        )
        .await;
        if sent >= 10 && !a.accepted().await.is_empty() && !b.accepted().await.is_empty() {
            break;
        }
    }
    let (on_a, on_b) = (a.accepted().await, b.accepted().await);
    assert!(
        !on_a.is_empty() && !on_b.is_empty(),
        "{sent} messages all on one link"
    );
    let mut texts: Vec<String> = on_a
        .iter()
        .chain(&on_b)
        .map(|p| p["text"].as_str().unwrap().to_string())
        .collect();
    texts.sort();
    texts.dedup();
    assert_eq!(
        (on_a.len() + on_b.len(), texts.len()),
        (sent as usize, sent as usize)
    );

    // The admin panel shows both links bound, each with its SMSC.
    let admin = app.admin("root@example.com").await;
    let r = app.get_as(&admin, "/api/admin/sms/link").await;
    assert_eq!(r.status, StatusCode::OK);
    let mut addrs: Vec<String> = r.body["links"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["bound"] == true)
        .map(|l| l["smscAddr"].as_str().unwrap().to_string())
        .collect();
    addrs.sort();
    let mut want = vec![a.link().addr, b.link().addr];
    want.sort();
    assert_eq!(addrs, want);
    app.assert_invariant().await;
}

/// A self-signed certificate for 127.0.0.1 (openssl), in `dir`.
fn certificate(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let (key, cert) = (dir.join("key.pem"), dir.join("cert.pem"));
    let out = std::process::Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args([
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ])
        // An end-entity certificate (rustls refuses a CA one as the server's).
        .args(["-addext", "basicConstraints=CA:FALSE"])
        .args(["-addext", "extendedKeyUsage=serverAuth"])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (key, cert)
}

#[tokio::test]
async fn a_tls_link_submits_to_an_smsc_whose_certificate_it_trusts_and_refuses_others() {
    let dir = tempfile::tempdir().unwrap();
    let (key, cert) = certificate(dir.path());
    let smsc = Smsc::start_tls(&key, &cert).await;
    let mut trusted = smsc.link();
    trusted.tls_ca = Some(cert.clone());
    let app = app_with(Settings::one(trusted), 1).await;
    smsc.wait_bound(1).await;
    let s = app.client("ada@example.com").await;
    app.fund(s.user_id, "5").await;
    send(&app, &s, "+447700900123", "Over TLS").await;
    wait_count(
        &app,
        "SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'",
        1,
    )
    .await;
    assert_eq!(smsc.accepted().await[0]["text"], "Over TLS");

    // Trusting only the usual roots, the self-signed SMSC is refused: the bind fails
    // with the reason recorded, and nothing binds.
    let other = app_with(Settings::one(smsc.link()), 1).await;
    let mut error = String::new();
    for _ in 0..100 {
        let errors = other
            .strings("SELECT COALESCE(last_error, '') FROM smpp_links")
            .await;
        error = errors.concat();
        if !error.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(error.starts_with("Bind failed"), "{error}");
    assert_eq!(smsc.bound().await, 1, "only the trusting link is bound");
}
