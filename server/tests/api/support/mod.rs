//! Real processes on loopback: the server binary, nginx, and the ports they listen on.

pub mod cluster;
pub mod instances;
pub mod smsc;
pub mod switch;

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// A loopback port free for both UDP and TCP (Kamailio listens on both), below the
/// kernel's range of ports for outgoing connections: a server started on it (Kamailio,
/// again after a restart, the SMSC, the SMTP sink, ...) binds it a moment later, and a
/// port from that range could meanwhile have been given to another test's outgoing
/// connection ("Address already in use").
pub fn free_port() -> u16 {
    free_ports(1)
}

/// `count` consecutive free ports, the first returned: SIPp's media takes its `-mp`
/// port and the ones after it (RTCP, video), which a single free port would leave to
/// the next test asking.
pub fn free_ports(count: u32) -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    const LOW: u32 = 20_000;
    let high = outgoing_ports_start().max(LOW + 1_000);
    let bindable = |port: u16| {
        std::net::UdpSocket::bind(("127.0.0.1", port)).is_ok()
            && std::net::TcpListener::bind(("127.0.0.1", port)).is_ok()
    };
    loop {
        // Each test binary starts at its own offset and moves on, so parallel tests
        // (and binaries) rarely try the same port; the binds below settle it.
        let n = NEXT.fetch_add(count, Ordering::Relaxed) + std::process::id() * 61;
        let first = LOW + n % (high - LOW - count);
        if (first..first + count).all(|p| bindable(p as u16)) {
            return first as u16;
        }
    }
}

/// The first port the kernel gives outgoing connections (32768 unless configured).
fn outgoing_ports_start() -> u32 {
    std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|r| r.split_whitespace().next()?.parse().ok())
        .unwrap_or(32_768)
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
