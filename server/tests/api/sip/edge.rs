//! The SIP edge (issue 43): a scanner's user agent and a flood are banned on the spot
//! and get no answer at all, an OPTIONS scan from outside gets none either, and each
//! ban reaches the admin. The trusted address (here the tests' own loopback address)
//! is never banned for a flood; scanners use other loopback addresses.

use crate::common::{Session, TestApp};
use crate::support::switch::Switch;
use serde_json::Value;
use std::time::Duration;
use tokio::net::UdpSocket;

/// A request from `source` (a loopback address) with `user_agent`; the switch's answer
/// within half a second, if any.
async fn ask(
    switch: &Switch,
    source: &str,
    method: &str,
    user_agent: &str,
    n: usize,
) -> Option<String> {
    let socket = UdpSocket::bind((source, 0)).await.unwrap();
    let me = socket.local_addr().unwrap();
    let port = switch.sip_port;
    let request = format!(
        "{method} sip:127.0.0.1:{port} SIP/2.0\r\nVia: SIP/2.0/UDP {me};branch=z9hG4bK-edge{n}\r\n\
         From: <sip:100@127.0.0.1>;tag={n}\r\nTo: <sip:100@127.0.0.1:{port}>\r\nCall-ID: edge-{n}-{me}\r\n\
         CSeq: 1 {method}\r\nContact: <sip:100@{me}>\r\nUser-Agent: {user_agent}\r\n\
         Max-Forwards: 70\r\nContent-Length: 0\r\n\r\n"
    );
    socket
        .send_to(request.as_bytes(), ("127.0.0.1", port))
        .await
        .unwrap();
    let mut buf = [0u8; 4096];
    match tokio::time::timeout(Duration::from_millis(500), socket.recv(&mut buf)).await {
        Ok(Ok(len)) => Some(String::from_utf8_lossy(&buf[..len]).into_owned()),
        _ => None,
    }
}

/// The bans the admin sees, once `count` are there (two seconds at most).
async fn bans(app: &TestApp, admin: &Session, count: usize) -> Vec<Value> {
    let mut bans = Vec::new();
    for _ in 0..20 {
        bans = app.get_as(admin, "/api/admin/sip/bans").await.body["bans"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if bans.len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bans
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scanner_is_banned_unanswered_and_shown_to_the_admin() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let switch = Switch::start(&app).await;
    // A desk phone's REGISTER from a fresh address is challenged.
    let phone = ask(&switch, "127.0.0.2", "REGISTER", "Yealink SIP-T46S", 1).await;
    assert!(
        phone.unwrap_or_default().starts_with("SIP/2.0 401"),
        "{}",
        switch.log()
    );
    // The scanner gets nothing, and neither does anything else from its address now.
    assert_eq!(
        ask(&switch, "127.0.0.3", "REGISTER", "friendly-scanner", 2).await,
        None
    );
    assert_eq!(
        ask(&switch, "127.0.0.3", "REGISTER", "Yealink SIP-T46S", 3).await,
        None
    );
    let seen = bans(&app, &admin, 1).await;
    assert_eq!(seen.len(), 1, "{seen:?}\n{}", switch.log());
    assert_eq!(seen[0]["address"], "127.0.0.3");
    assert_eq!(seen[0]["reason"], "scanner");
    assert_eq!(seen[0]["userAgent"], "friendly-scanner");
    // Others are not affected.
    let phone = ask(&switch, "127.0.0.2", "REGISTER", "Yealink SIP-T46S", 4).await;
    assert!(phone.unwrap_or_default().starts_with("SIP/2.0 401"));
    let client = app.client("ada@example.com").await;
    let refused = app.get_as(&client, "/api/admin/sip/bans").await;
    assert_eq!(refused.status, axum::http::StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_options_scan_gets_no_answer_and_a_flood_is_banned() {
    let app = TestApp::new().await;
    let admin = app.admin("root@example.com").await;
    let switch = Switch::start(&app).await;
    // OPTIONS from outside the carrier and the trusted address: silence, no ban.
    assert_eq!(
        ask(&switch, "127.0.0.4", "OPTIONS", "sipsak", 1).await,
        None
    );
    assert!(bans(&app, &admin, 0).await.is_empty());
    // A flood from one address (past 30 requests in 2 s) is banned as one.
    let socket = UdpSocket::bind(("127.0.0.5", 0)).await.unwrap();
    let me = socket.local_addr().unwrap();
    for n in 0..80 {
        let register = format!(
            "REGISTER sip:127.0.0.1:{port} SIP/2.0\r\nVia: SIP/2.0/UDP {me};branch=z9hG4bK-flood{n}\r\n\
             From: <sip:{n}@127.0.0.1>;tag={n}\r\nTo: <sip:{n}@127.0.0.1>\r\nCall-ID: flood-{n}\r\n\
             CSeq: 1 REGISTER\r\nMax-Forwards: 70\r\nContent-Length: 0\r\n\r\n",
            port = switch.sip_port
        );
        socket
            .send_to(register.as_bytes(), ("127.0.0.1", switch.sip_port))
            .await
            .unwrap();
    }
    let seen = bans(&app, &admin, 1).await;
    assert_eq!(seen.len(), 1, "{seen:?}\n{}", switch.log());
    assert_eq!(
        (seen[0]["address"].as_str(), seen[0]["reason"].as_str()),
        (Some("127.0.0.5"), Some("flood"))
    );
    // The trusted address still gets its keep-alive answered.
    let ping = ask(&switch, "127.0.0.1", "OPTIONS", "monitor", 5).await;
    assert!(ping.unwrap_or_default().starts_with("SIP/2.0 200"));
}
