//! Webhook URLs are the customer's to choose, so without a guard a URL could make
//! Dialtone POST into its own network (the switch's command port, the database, a
//! cloud metadata service). Unless DIALTONE_WEBHOOK_PRIVATE_TARGETS allows it, only
//! globally routable addresses are reached: checked for IP literals before sending
//! and, for names, by the resolver the HTTP client connects through (so the address
//! checked is the address used, whatever the name resolves to next time).

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

pub const REFUSED: &str = "Refused: the URL leads to a private or local address";

/// Whether the guard refused `e`'s request: its refusal sits somewhere down the error
/// chain (reqwest wraps the resolver's error), so the customer is told why, not
/// "error sending request".
pub fn refused(e: &reqwest::Error) -> bool {
    let mut cause: Option<&dyn std::error::Error> = Some(e);
    while let Some(c) = cause {
        if c.to_string() == REFUSED {
            return true;
        }
        cause = c.source();
    }
    false
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_private()
        || ip.is_loopback()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments (192.0.0.0/24), benchmarking (198.18.0.0/15).
        || (a == 192 && b == 0 && ip.octets()[2] == 0)
        || (a == 198 && (18..20).contains(&b))
        || a >= 240)
}

/// The IPv4 address an IPv6 address carries to the IPv4 internet, whose reach is the
/// reach of that IPv4 address: NAT64 (64:ff9b::/96), 6to4 (2002::/16),
/// IPv4-compatible (::a.b.c.d, deprecated). Teredo is refused outright in `public_v6`.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let v4 = |hi: u16, lo: u16| Ipv4Addr::from(((hi as u32) << 16) | lo as u32);
    match s {
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => Some(v4(hi, lo)),
        [0x2002, hi, lo, ..] => Some(v4(hi, lo)),
        [0, 0, 0, 0, 0, 0, hi, lo] if (hi, lo) > (0, 1) => Some(v4(hi, lo)),
        _ => ip.to_ipv4_mapped(),
    }
}

fn public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = embedded_v4(ip) {
        return public_v4(v4);
    }
    let first = ip.segments()[0];
    let teredo = first == 0x2001 && ip.segments()[1] == 0;
    !(teredo
        || ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00
        || (first & 0xffc0) == 0xfe80)
}

/// Whether an address is one the whole internet can reach.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => public_v6(v6),
    }
}

/// The URL's host when it is an IP literal that is not public.
pub fn private_literal(url: &str) -> bool {
    let Ok(parsed) = url::Url::parse(url) else {
        return false;
    };
    match parsed.host() {
        Some(url::Host::Ipv4(ip)) => !public_v4(ip),
        Some(url::Host::Ipv6(ip)) => !public_v6(ip),
        _ => false,
    }
}

/// Resolves names to their public addresses only; none left is an error.
pub struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            let found = tokio::net::lookup_host((host.as_str(), 0)).await?;
            let public: Vec<_> = found.filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(REFUSED.into());
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_globally_routable_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "192.0.0.8",
            "64:ff9b::a00:1",
            "64:ff9b::7f00:1",
            "2002:7f00:1::1",
            "2002:c0a8:101::1",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
            "::127.0.0.1",
            "::10.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in [
            "8.8.8.8",
            "2606:4700::1111",
            "151.101.1.69",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn ip_literals_are_checked_before_any_connection() {
        assert!(private_literal("http://127.0.0.1:5064/hangup"));
        assert!(private_literal("http://[::1]/"));
        assert!(!private_literal("https://hooks.example.com/sms"));
        assert!(!private_literal("https://8.8.8.8/"));
    }
}
