//! Real processes on loopback: the server binary, nginx, and the ports they listen on.

pub mod cluster;
pub mod smsc;
pub mod switch;

use std::time::Duration;

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Waits until the server at `base` answers /readyz (twenty seconds at the most).
pub async fn wait_ready(base: &str) {
    for _ in 0..400 {
        if reqwest::get(format!("{base}/readyz"))
            .await
            .is_ok_and(|r| r.status().is_success())
        {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{base} did not become ready");
}
