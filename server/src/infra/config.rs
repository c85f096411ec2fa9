//! Configuration from environment variables, with defaults that run out of the box.

use anyhow::Context;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct Config {
    /// BIND: address to listen on.
    pub bind: String,
    /// DATABASE_URL: sqlite://... (default, a file under data/) or postgres://...
    pub database_url: String,
    /// DIALTONE_DATA_DIR: where the SQLite file and the dev JWT secret live.
    pub data_dir: PathBuf,
    /// DIALTONE_STATIC_DIR: the built app (index.html and assets).
    pub static_dir: PathBuf,
    /// DIALTONE_DEMO: seed demo accounts and data (default on; 0 turns it off).
    pub demo: bool,
    /// DIALTONE_JWT_SECRET: signs access tokens. Generated and kept in data/ if unset.
    pub jwt_secret: Vec<u8>,
    /// DIALTONE_PUBLIC_URL: the address people use, for links in mail and cookie flags.
    pub public_url: String,
    /// DIALTONE_SMTP_URL: e.g. smtp://127.0.0.1:2525; without it mail stays in the outbox.
    pub smtp_url: Option<String>,
    /// DIALTONE_MAIL_FROM: sender of outgoing mail.
    pub mail_from: String,
    /// DIALTONE_SUPPORT_EMAIL: where contact-form notifications go.
    pub support_email: String,
    /// DIALTONE_STRIPE_SECRET_KEY: with it, deposits go through Stripe; without it,
    /// through the built-in sandbox provider.
    pub stripe_secret_key: Option<String>,
    /// DIALTONE_STRIPE_PUBLISHABLE_KEY: handed to Stripe Elements in the browser.
    pub stripe_publishable_key: Option<String>,
    /// DIALTONE_STRIPE_WEBHOOK_SECRET: verifies Stripe-Signature on webhooks. The
    /// sandbox derives its own from the JWT secret when unset.
    pub stripe_webhook_secret: Option<String>,
    /// DIALTONE_STRIPE_API_BASE: the Stripe API address (a local fake in tests).
    pub stripe_api_base: String,
    /// DIALTONE_SWITCH_TOKEN: the shared secret the softswitch sends as a bearer
    /// token. Generated and kept in data/ if unset.
    pub switch_token: String,
    /// DIALTONE_IVR_SIP_ADDR: where the IVR endpoint takes the calls Kamailio relays
    /// for numbers routed to a flow (UDP; default 127.0.0.1:5090; "off" for none).
    pub ivr_sip_addr: Option<String>,
    /// DIALTONE_IVR_CLOCK_OFFSET_MS: milliseconds added to the clock that flows'
    /// business hours read (0; tests move it to a known hour).
    pub ivr_clock_offset_ms: i64,
    /// DIALTONE_SMS_PROVIDER: "loopback" (default: marks messages delivered), "http",
    /// or "smpp" (queued and submitted over the SMPP link; needs DIALTONE_SMPP_ADDR).
    pub sms_provider: String,
    /// DIALTONE_SMS_HTTP_URL / DIALTONE_SMS_HTTP_TOKEN: the carrier's HTTP API.
    pub sms_http_url: Option<String>,
    pub sms_http_token: Option<String>,
    /// DIALTONE_SMPP_ADDR (host:port), _SYSTEM_ID, _PASSWORD, _SYSTEM_TYPE,
    /// _ADDRESS_RANGE, _TLS, _TLS_CA, further SMSCs as DIALTONE_SMPP_ADDR_2 … _9, and
    /// DIALTONE_SMPP_RECONCILE_SECS: the SMSCs that DIALTONE_SMS_PROVIDER=smpp binds to
    /// (infra::smpp_settings).
    pub smpp: Option<super::smpp_settings::Settings>,
    /// DIALTONE_TRUST_PROXY: take the client address from X-Forwarded-For (behind nginx).
    pub trust_proxy: bool,
    /// DIALTONE_SIGNUPS_PER_HOUR: accounts one client address may create an hour
    /// (default 10; test rigs that sign up many users from loopback raise it).
    pub signups_per_hour: i64,
    /// DIALTONE_SIP_REALM: the digest realm of SIP devices (default "dialtone"). Their
    /// stored HA1 depends on it: changing it means new credentials for every device.
    pub sip_realm: String,
    /// DIALTONE_ADMIN_TWO_FACTOR: administrators must sign in with two factors before
    /// the admin API answers them (default on; test rigs that drive the admin API
    /// with a password alone turn it off).
    pub admin_two_factor: bool,
    /// Where softphones reach the switch, as SIP Devices shows it (see `SipPublic`).
    pub sip_public: SipPublic,
    /// DIALTONE_WEBHOOK_PRIVATE_TARGETS: let webhooks reach loopback and private
    /// addresses (default off, so a customer's URL cannot reach Dialtone's own network;
    /// on for local development and test rigs whose customer servers are on loopback).
    pub webhook_private_targets: bool,
    /// DIALTONE_API_AUTH_FAILURES: requests with wrong API credentials one client
    /// address may make in five minutes before the API answers 429 (default 20; the
    /// API fuzz, which sends many on purpose, raises it).
    pub api_auth_failures: i64,
    /// DIALTONE_SWITCH_QUEUE: the switch's requests (authorize, CDR) this instance
    /// works on at once; past it, they are refused at once with 503 and Retry-After
    /// (the switch fails a new call closed and queues a CDR to send again) instead of
    /// waiting for a slow database until they time out (default 512).
    pub switch_queue: usize,
    /// The call path's fraud guards on an authorization: geo permissions, premium and
    /// high-risk ranges, spend and rate limits. Always on; no setting turns them off.
    /// Only the benchmark's in-process runner (`dialtone-traffic --direct --guards
    /// off`) does, to measure what they cost.
    pub call_guards: bool,
    /// DIALTONE_METRICS_TOKEN: a bearer token that reads /metrics (besides the switch
    /// token), for a Prometheus that should not hold the switch's secret.
    pub metrics_token: Option<String>,
    /// DIALTONE_STIR_KEY (a PKCS#8 PEM file) with DIALTONE_STIR_CERT_URL (the x5u its
    /// certificate is published at): the STIR/SHAKEN key outbound calls' PASSporTs are
    /// signed with. None: calls leave unsigned.
    pub stir: Option<super::stir_key::StirKey>,
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// A whole number from `name`, `default` when unset.
fn whole<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match var(name) {
        Some(n) => n
            .trim()
            .parse()
            .map_err(|_| anyhow::anyhow!("{name} must be a whole number")),
        None => Ok(default),
    }
}

fn stir_key() -> anyhow::Result<Option<super::stir_key::StirKey>> {
    let Some(path) = var("DIALTONE_STIR_KEY") else {
        return Ok(None);
    };
    let x5u = var("DIALTONE_STIR_CERT_URL").ok_or_else(|| {
        anyhow::anyhow!("DIALTONE_STIR_KEY needs DIALTONE_STIR_CERT_URL (where its certificate is)")
    })?;
    super::stir_key::StirKey::read(std::path::Path::new(&path), x5u).map(Some)
}

fn flag(name: &str, default: bool) -> bool {
    match var(name).as_deref() {
        Some("0" | "false" | "no" | "off") => false,
        Some(_) => true,
        None => default,
    }
}

impl Config {
    pub fn from_env() -> anyhow::Result<Config> {
        let data_dir = PathBuf::from(var("DIALTONE_DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = var("DATABASE_URL").unwrap_or_else(|| {
            format!(
                "sqlite://{}?mode=rwc",
                data_dir.join("dialtone.db").display()
            )
        });
        let bind = var("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let public_url = var("DIALTONE_PUBLIC_URL").unwrap_or_else(|| format!("http://{bind}"));
        let jwt_secret = match var("DIALTONE_JWT_SECRET") {
            Some(s) => s.into_bytes(),
            None => load_or_create_secret(&data_dir, "jwt_secret")?,
        };
        let switch_token = match var("DIALTONE_SWITCH_TOKEN") {
            Some(s) => s,
            None => String::from_utf8(load_or_create_secret(&data_dir, "switch_token")?)?,
        };
        if var("DIALTONE_SMS_PROVIDER").as_deref() == Some("smpp")
            && var("DIALTONE_SMPP_ADDR").is_none()
        {
            // Otherwise messages would quietly go to the loopback.
            anyhow::bail!("DIALTONE_SMS_PROVIDER=smpp needs DIALTONE_SMPP_ADDR (host:port)");
        }
        Ok(Config {
            bind,
            database_url,
            static_dir: PathBuf::from(
                var("DIALTONE_STATIC_DIR").unwrap_or_else(|| "app/dist".into()),
            ),
            demo: flag("DIALTONE_DEMO", true),
            jwt_secret,
            public_url,
            smtp_url: var("DIALTONE_SMTP_URL"),
            mail_from: var("DIALTONE_MAIL_FROM")
                .unwrap_or_else(|| "Dialtone <no-reply@dialtone.test>".into()),
            support_email: var("DIALTONE_SUPPORT_EMAIL")
                .unwrap_or_else(|| "support@dialtone.test".into()),
            trust_proxy: flag("DIALTONE_TRUST_PROXY", false),
            signups_per_hour: match var("DIALTONE_SIGNUPS_PER_HOUR") {
                Some(n) => n
                    .trim()
                    .parse()
                    .context("DIALTONE_SIGNUPS_PER_HOUR must be a whole number")?,
                None => 10,
            },
            switch_token,
            ivr_sip_addr: match var("DIALTONE_IVR_SIP_ADDR") {
                Some(off) if off == "off" || off.is_empty() => None,
                Some(addr) => Some(addr),
                None => Some("127.0.0.1:5090".into()),
            },
            ivr_clock_offset_ms: var("DIALTONE_IVR_CLOCK_OFFSET_MS")
                .map(|v| v.parse())
                .transpose()?
                .unwrap_or(0),
            sip_realm: var("DIALTONE_SIP_REALM").unwrap_or_else(|| "dialtone".into()),
            sip_public: SipPublic::from_env()?,
            admin_two_factor: flag("DIALTONE_ADMIN_TWO_FACTOR", true),
            webhook_private_targets: flag("DIALTONE_WEBHOOK_PRIVATE_TARGETS", false),
            metrics_token: var("DIALTONE_METRICS_TOKEN"),
            api_auth_failures: whole("DIALTONE_API_AUTH_FAILURES", 20)?,
            switch_queue: whole("DIALTONE_SWITCH_QUEUE", 512)?,
            call_guards: true,
            stir: stir_key()?,
            sms_provider: var("DIALTONE_SMS_PROVIDER").unwrap_or_else(|| "loopback".into()),
            sms_http_url: var("DIALTONE_SMS_HTTP_URL"),
            sms_http_token: var("DIALTONE_SMS_HTTP_TOKEN"),
            smpp: super::smpp_settings::Settings::from_env()?,
            stripe_secret_key: var("DIALTONE_STRIPE_SECRET_KEY"),
            stripe_publishable_key: var("DIALTONE_STRIPE_PUBLISHABLE_KEY"),
            stripe_webhook_secret: var("DIALTONE_STRIPE_WEBHOOK_SECRET"),
            stripe_api_base: var("DIALTONE_STRIPE_API_BASE")
                .unwrap_or_else(|| "https://api.stripe.com".into()),
            data_dir,
        })
    }

    /// A configuration for tests and tools: the given database, no demo data, no
    /// SMTP, a fixed secret.
    pub fn local(database_url: String, data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:0".into(),
            database_url,
            static_dir: data_dir.join("no-app"),
            demo: false,
            jwt_secret: b"test-secret-test-secret-test-secret!".to_vec(),
            public_url: "http://127.0.0.1:8080".into(),
            smtp_url: None,
            mail_from: "Dialtone <no-reply@dialtone.test>".into(),
            support_email: "support@dialtone.test".into(),
            trust_proxy: false,
            signups_per_hour: 10,
            switch_token: "test-switch-token".into(),
            ivr_sip_addr: None,
            ivr_clock_offset_ms: 0,
            sip_realm: "dialtone".into(),
            sip_public: SipPublic::local(),
            admin_two_factor: false,
            webhook_private_targets: true,
            api_auth_failures: 20,
            switch_queue: 512,
            call_guards: true,
            stir: Some(super::stir_key::StirKey::generate(
                "https://certs.dialtone.test/stir.pem",
            )),
            metrics_token: None,
            sms_provider: "loopback".into(),
            sms_http_url: None,
            sms_http_token: None,
            smpp: None,
            stripe_secret_key: None,
            stripe_publishable_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: "https://api.stripe.com".into(),
            data_dir,
        }
    }

    /// Cookies get the Secure flag when people reach us over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url.starts_with("https://")
    }
}

/// A development secret, generated once and kept beside the database so restarts
/// keep it. Production sets DIALTONE_JWT_SECRET and DIALTONE_SWITCH_TOKEN.
fn load_or_create_secret(data_dir: &std::path::Path, name: &str) -> anyhow::Result<Vec<u8>> {
    let path = data_dir.join(name);
    if let Ok(existing) = std::fs::read_to_string(&path) {
        if existing.trim().len() >= 32 {
            return Ok(existing.trim().as_bytes().to_vec());
        }
    }
    std::fs::create_dir_all(data_dir)
        .with_context(|| format!("creating {}", data_dir.display()))?;
    let secret = super::security::random_token();
    std::fs::write(&path, &secret).with_context(|| format!("writing {}", path.display()))?;
    Ok(secret.into_bytes())
}

/// The switch as a softphone is told to reach it: the SIP server (domain) and port,
/// the transports it listens on, and an outbound proxy when one is in front of it.
#[derive(Clone, Debug)]
pub struct SipPublic {
    /// DIALTONE_SIP_PUBLIC_HOST: the host name or address devices register to (default
    /// the host of DIALTONE_SIP_LISTEN, else 127.0.0.1, as `make run` listens).
    pub host: String,
    /// DIALTONE_SIP_PUBLIC_PORT: its port (default that of DIALTONE_SIP_LISTEN, else 5060).
    pub port: u16,
    /// DIALTONE_SIP_TRANSPORTS: comma-separated, of udp, tcp, tls, ws, wss (default
    /// "udp,tcp,ws", what switch/start.sh listens on).
    pub transports: Vec<String>,
    /// DIALTONE_SIP_OUTBOUND_PROXY: a proxy devices must send through, if any.
    pub outbound_proxy: Option<String>,
    /// DIALTONE_SIP_WS_URL: where browsers reach the switch's SIP over WebSocket
    /// (default ws://127.0.0.1:5066, what switch/start.sh listens on; wss:// behind TLS
    /// in a deployment, as pages served over https may only open wss).
    pub ws_url: String,
}

impl SipPublic {
    fn from_env() -> anyhow::Result<SipPublic> {
        let listen = var("DIALTONE_SIP_LISTEN").unwrap_or_else(|| "127.0.0.1:5060".into());
        let (listen_host, listen_port) = listen.rsplit_once(':').unwrap_or((&listen, "5060"));
        let port = var("DIALTONE_SIP_PUBLIC_PORT").unwrap_or_else(|| listen_port.into());
        let transports = var("DIALTONE_SIP_TRANSPORTS").unwrap_or_else(|| "udp,tcp,ws".into());
        let transports: Vec<String> = transports
            .split(',')
            .map(|t| t.trim().to_ascii_lowercase())
            .filter(|t| !t.is_empty())
            .collect();
        if let Some(t) = transports
            .iter()
            .find(|t| !["udp", "tcp", "tls", "ws", "wss"].contains(&t.as_str()))
        {
            anyhow::bail!("DIALTONE_SIP_TRANSPORTS: unknown transport {t:?}");
        }
        Ok(SipPublic {
            host: var("DIALTONE_SIP_PUBLIC_HOST").unwrap_or_else(|| listen_host.into()),
            port: port
                .trim()
                .parse()
                .context("DIALTONE_SIP_PUBLIC_PORT must be a port number")?,
            transports,
            outbound_proxy: var("DIALTONE_SIP_OUTBOUND_PROXY").filter(|p| !p.trim().is_empty()),
            ws_url: ws_url(var("DIALTONE_SIP_WS_URL"))?,
        })
    }

    /// The switch of `make run` and of the tests: loopback, UDP and TCP on 5060.
    pub fn local() -> SipPublic {
        SipPublic {
            host: "127.0.0.1".into(),
            port: 5060,
            transports: vec!["udp".into(), "tcp".into(), "ws".into()],
            outbound_proxy: None,
            ws_url: LOCAL_WS_URL.into(),
        }
    }
}

const LOCAL_WS_URL: &str = "ws://127.0.0.1:5066";

fn ws_url(set: Option<String>) -> anyhow::Result<String> {
    let url = set.unwrap_or_else(|| LOCAL_WS_URL.into());
    if !(url.starts_with("ws://") || url.starts_with("wss://")) {
        anyhow::bail!("DIALTONE_SIP_WS_URL must start with ws:// or wss://");
    }
    // It goes into the Content-Security-Policy's connect-src as it is.
    if url.contains(|c: char| c.is_whitespace() || c == ';' || c == ',' || c == '\'') {
        anyhow::bail!("DIALTONE_SIP_WS_URL must be one URL");
    }
    Ok(url)
}
