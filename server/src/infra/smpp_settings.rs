//! How Dialtone binds to its SMSCs, read from the environment:
//!
//! - DIALTONE_SMPP_ADDR (host:port), _SYSTEM_ID, _PASSWORD, _SYSTEM_TYPE,
//!   _ADDRESS_RANGE (the bind's address_range, e.g. a number prefix the SMSC routes to
//!   us; empty by default), _TLS (1: SMPP over TLS) and _TLS_CA (a PEM file of the
//!   certificates to trust instead of the system's): the first SMSC.
//! - DIALTONE_SMPP_ADDR_2 … _9: further SMSCs, each setting read as
//!   DIALTONE_SMPP_<NAME>_<n> and, when that is unset, as the first link's. Every link
//!   submits from the one shared queue.
//! - DIALTONE_SMPP_RECONCILE_SECS (default 30): how long a part whose submit_sm_resp
//!   was lost waits for a delivery receipt that names it before it is submitted again.

use std::path::PathBuf;
use std::time::Duration;

/// Every link, and the queue's reconciliation grace.
#[derive(Clone, Debug)]
pub struct Settings {
    pub links: Vec<Link>,
    pub reconcile: Duration,
}

/// One SMSC and how to bind to it (a transceiver bind).
#[derive(Clone, Default)]
pub struct Link {
    /// host:port
    pub addr: String,
    pub system_id: String,
    pub password: String,
    pub system_type: String,
    pub address_range: String,
    pub tls: bool,
    /// PEM certificates trusted for TLS; the system's roots when None.
    pub tls_ca: Option<PathBuf>,
}

impl std::fmt::Debug for Link {
    // The password stays out of logs and panics.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link")
            .field("addr", &self.addr)
            .field("system_id", &self.system_id)
            .field("tls", &self.tls)
            .finish_non_exhaustive()
    }
}

pub const DEFAULT_RECONCILE: Duration = Duration::from_secs(30);

impl Settings {
    /// One link with the default grace.
    pub fn one(link: Link) -> Settings {
        Settings {
            links: vec![link],
            reconcile: DEFAULT_RECONCILE,
        }
    }

    /// The settings in the environment; None without DIALTONE_SMPP_ADDR.
    pub fn from_env() -> anyhow::Result<Option<Settings>> {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Option<Settings>> {
        let var = |name: &str| var(name).filter(|v| !v.trim().is_empty());
        let Some(addr) = var("DIALTONE_SMPP_ADDR") else {
            return Ok(None);
        };
        let setting = |name: &str, n: usize| {
            let own = (n > 1)
                .then(|| var(&format!("DIALTONE_SMPP_{name}_{n}")))
                .flatten();
            own.or_else(|| var(&format!("DIALTONE_SMPP_{name}")))
                .unwrap_or_default()
        };
        let mut links = Vec::new();
        for n in 1..=9 {
            let addr = if n == 1 {
                addr.clone()
            } else {
                match var(&format!("DIALTONE_SMPP_ADDR_{n}")) {
                    Some(a) => a,
                    None => continue,
                }
            };
            let tls = setting("TLS", n);
            links.push(Link {
                addr,
                system_id: setting("SYSTEM_ID", n),
                password: setting("PASSWORD", n),
                system_type: setting("SYSTEM_TYPE", n),
                address_range: setting("ADDRESS_RANGE", n),
                tls: !matches!(tls.as_str(), "" | "0" | "false" | "no" | "off"),
                tls_ca: Some(setting("TLS_CA", n))
                    .filter(|p| !p.is_empty())
                    .map(PathBuf::from),
            });
        }
        let reconcile = match var("DIALTONE_SMPP_RECONCILE_SECS") {
            Some(s) => Duration::from_secs(s.trim().parse().map_err(|_| {
                anyhow::anyhow!("DIALTONE_SMPP_RECONCILE_SECS must be whole seconds")
            })?),
            None => DEFAULT_RECONCILE,
        };
        Ok(Some(Settings { links, reconcile }))
    }
}

#[cfg(test)]
mod tests {
    use super::Settings;
    use std::collections::HashMap;

    #[test]
    fn numbered_links_inherit_the_first_links_settings() {
        let env: HashMap<&str, &str> = [
            ("DIALTONE_SMPP_ADDR", "a:2775"),
            ("DIALTONE_SMPP_SYSTEM_ID", "dialtone"),
            ("DIALTONE_SMPP_PASSWORD", "pw"),
            ("DIALTONE_SMPP_ADDRESS_RANGE", "^1555"),
            ("DIALTONE_SMPP_ADDR_2", "b:3550"),
            ("DIALTONE_SMPP_TLS_2", "1"),
            ("DIALTONE_SMPP_SYSTEM_ID_2", "other"),
            ("DIALTONE_SMPP_RECONCILE_SECS", "5"),
        ]
        .into();
        let s = Settings::from_vars(|n| env.get(n).map(|v| v.to_string()))
            .unwrap()
            .unwrap();
        assert_eq!(s.links.len(), 2);
        assert_eq!(s.reconcile.as_secs(), 5);
        let (a, b) = (&s.links[0], &s.links[1]);
        assert_eq!(
            (a.addr.as_str(), a.system_id.as_str(), a.tls),
            ("a:2775", "dialtone", false)
        );
        assert_eq!(
            (b.addr.as_str(), b.system_id.as_str(), b.tls),
            ("b:3550", "other", true)
        );
        assert_eq!(
            (b.password.as_str(), b.address_range.as_str()),
            ("pw", "^1555")
        );
        assert!(Settings::from_vars(|_| None).unwrap().is_none());
    }
}
