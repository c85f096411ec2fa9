//! The SMSC simulator (switch/smsc/smsc.js, on the published `smpp` npm package) on
//! loopback ports of its own, driven over its HTTP control port.

use super::free_port;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

pub const SYSTEM_ID: &str = "dialtone";
pub const PASSWORD: &str = "secret1";

pub struct Smsc {
    pub port: u16,
    control: String,
    http: reqwest::Client,
    tls: bool,
    _node: Child,
}

impl Smsc {
    pub async fn start() -> Smsc {
        Smsc::start_with(&[]).await
    }

    /// An SMSC speaking SMPP over TLS with this key and certificate (PEM files).
    pub async fn start_tls(key: &Path, cert: &Path) -> Smsc {
        let mut smsc = Smsc::start_with(&[key, cert]).await;
        smsc.tls = true;
        smsc
    }

    async fn start_with(tls: &[&Path]) -> Smsc {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../switch/smsc");
        assert!(
            dir.join("node_modules/smpp").is_dir(),
            "run scripts/ensure-test-deps.sh (installs the smpp npm package)"
        );
        let (port, control) = (free_port(), free_port());
        let mut node = Command::new("node")
            .arg(dir.join("smsc.js"))
            .args([&port.to_string(), &control.to_string(), SYSTEM_ID, PASSWORD])
            .args(tls)
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("node starts");
        let mut lines = BufReader::new(node.stdout.take().unwrap()).lines();
        let ready = tokio::time::timeout(Duration::from_secs(20), lines.next_line()).await;
        assert!(
            matches!(ready, Ok(Ok(Some(ref l))) if l == "ready"),
            "the SMSC did not start"
        );
        Smsc {
            port,
            control: format!("http://127.0.0.1:{control}"),
            http: reqwest::Client::new(),
            tls: false,
            _node: node,
        }
    }

    /// One link to this SMSC, with a reconciliation grace of three seconds (long enough
    /// for a dropped link to bind again and receive the receipts kept for it).
    pub fn settings(&self) -> dialtone_server::sms::smpp::Settings {
        dialtone_server::sms::smpp::Settings {
            links: vec![self.link()],
            reconcile: Duration::from_secs(3),
        }
    }

    pub fn link(&self) -> dialtone_server::sms::smpp::Link {
        dialtone_server::sms::smpp::Link {
            addr: format!("127.0.0.1:{}", self.port),
            system_id: SYSTEM_ID.into(),
            password: PASSWORD.into(),
            tls: self.tls,
            ..Default::default()
        }
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Value) -> Value {
        let r = self
            .http
            .request(method, format!("{}{path}", self.control))
            .json(&body)
            .send()
            .await
            .expect("the SMSC's control port answers");
        assert!(r.status().is_success(), "{path}: {}", r.status());
        r.json().await.unwrap()
    }

    /// Every submit_sm received, in order.
    pub async fn submits(&self) -> Vec<Value> {
        let all = self.call(reqwest::Method::GET, "/pdus", json!({})).await;
        all.as_array().unwrap().clone()
    }

    /// The submits the SMSC accepted (gave a message id).
    pub async fn accepted(&self) -> Vec<Value> {
        let all = self.submits().await;
        all.into_iter().filter(|p| p["status"] == 0).collect()
    }

    pub async fn mode(&self, mode: Value) {
        self.call(reqwest::Method::POST, "/mode", mode).await;
    }

    pub async fn receipt(&self, message_id: &str, stat: &str, err: &str) {
        let body = json!({ "message_id": message_id, "stat": stat, "err": err });
        self.call(reqwest::Method::POST, "/receipt", body).await;
    }

    pub async fn deliver(&self, from: &str, to: &str, text: &str) {
        let body = json!({ "from": from, "to": to, "text": text });
        self.call(reqwest::Method::POST, "/deliver", body).await;
    }

    /// A long inbound message: each of `parts` (sent in `order`, part numbers from 1)
    /// a deliver_sm with a concatenation UDH of `reference`.
    pub async fn deliver_parts(
        &self,
        from: &str,
        to: &str,
        parts: &[&str],
        reference: u8,
        order: &[u8],
    ) {
        let body = json!({ "from": from, "to": to, "parts": parts, "reference": reference, "order": order });
        self.call(reqwest::Method::POST, "/deliver", body).await;
    }

    pub async fn drop_links(&self) {
        self.call(reqwest::Method::POST, "/drop", json!({})).await;
    }

    /// Accepts the next `after` submits without answering them, then drops the link
    /// (`mode` "rst" or "fin").
    pub async fn drop_after(&self, after: usize, mode: &str) {
        let body = json!({ "after": after, "mode": mode });
        self.call(reqwest::Method::POST, "/drop", body).await;
    }

    pub async fn bound(&self) -> i64 {
        self.sessions().await["bound"].as_i64().unwrap()
    }

    /// Bound sessions, every bind's fields, and the receipts kept for a later bind.
    pub async fn sessions(&self) -> Value {
        self.call(reqwest::Method::GET, "/sessions", json!({}))
            .await
    }

    /// Waits (ten seconds at the most) until `n` transceivers are bound.
    pub async fn wait_bound(&self, n: i64) {
        for _ in 0..200 {
            if self.bound().await >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{n} binds expected at the SMSC");
    }
}
