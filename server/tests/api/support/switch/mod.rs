//! The real switch on loopback: this test's app served over HTTP (or Dialtone instances
//! of the test's own), Kamailio started by switch/start.sh (the script `make run` uses)
//! in front of it, and SIPp as phones and as the carrier (`sipp`), each on ports of its
//! own so that tests run side by side.

mod sipp;

pub use sipp::{run_traced, SippRun};

use super::free_port;
use crate::common::TestApp;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::process::{Child, Command};

/// Failed digests from one address before the switch refuses it outright.
pub const AUTH_FAILURE_LIMIT: u32 = 3;

fn switch_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../switch")
}

pub struct Switch {
    pub sip_port: u16,
    /// The carrier's trunk, where outbound calls go.
    pub carrier_port: u16,
    /// Where the carrier's inbound calls come from.
    pub carrier_in_port: u16,
    /// Kamailio's JSON-RPC (hang-ups).
    rpc_port: u16,
    /// SIP over WebSocket (browser phones).
    ws_port: u16,
    kamailio: std::sync::Mutex<Option<Child>>,
    carrier: std::sync::Mutex<Option<Child>>,
    /// Where Kamailio asks Dialtone (DIALTONE_API_URL: one URL or several).
    api_url: String,
    /// This test's app, when served here.
    in_process: Option<InProcess>,
    pub dir: tempfile::TempDir,
    /// Settings of switch/start.sh beyond the ports (a test's own capacity).
    env: Vec<(&'static str, String)>,
}

/// The test's app served on a loopback port by this process, so that a test can take
/// it away and bring it back.
struct InProcess {
    api: SocketAddr,
    router: axum::Router,
    server: std::sync::Mutex<tokio::task::JoinHandle<()>>,
}

/// Serves `router` on `listener` until the task is aborted.
fn serve(listener: tokio::net::TcpListener, router: axum::Router) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let _ = axum::serve(listener, service).await;
    })
}

/// SIGTERM, not SIGKILL: Kamailio's main process then stops its workers (a killed main
/// would leave them running) and saves what it keeps across restarts, after start.sh's
/// one more second for the dialogs' writer. Waits for it, five seconds at most.
fn stop(kamailio: Child) {
    if let Some(pid) = kamailio.id() {
        let pid = pid as libc::pid_t;
        // SAFETY: signals and reaps our own child process.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        for _ in 0..500 {
            let mut status = 0;
            if unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) } != 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Switch {
    fn drop(&mut self) {
        if let Some(kamailio) = self.kamailio.get_mut().unwrap().take() {
            stop(kamailio);
        }
        if let Some(c) = self.carrier.get_mut().unwrap() {
            let _ = c.start_kill();
        }
        if let Some(app) = &self.in_process {
            app.server.lock().unwrap().abort();
        }
    }
}

/// The value of `dialtone_switch_cdr_queue` in a Prometheus text page (labels, if any,
/// and a timestamp after the value are passed over).
fn cdr_queue(page: &str) -> Option<f64> {
    let line = page
        .lines()
        .find(|l| l.starts_with("dialtone_switch_cdr_queue"))?;
    let rest = line["dialtone_switch_cdr_queue".len()..].trim_start();
    let rest = match rest.strip_prefix('{') {
        Some(labelled) => labelled.split_once('}')?.1,
        None => rest,
    };
    rest.split_whitespace().next()?.parse().ok()
}

/// The value of `series` (a metric's name with its labels, as the page writes them) on
/// a Prometheus page; None when the page has no such line.
pub fn sample(page: &str, series: &str) -> Option<f64> {
    let line = page.lines().find(|l| {
        l.strip_prefix(series)
            .is_some_and(|rest| rest.starts_with(' '))
    })?;
    line[series.len()..].split_whitespace().next()?.parse().ok()
}

impl Switch {
    /// Serves `app` on a loopback port and starts Kamailio in front of it.
    pub async fn start(app: &TestApp) -> Switch {
        Switch::start_with(app, Vec::new()).await
    }

    /// `start`, with more of switch/start.sh's settings.
    pub async fn start_with(app: &TestApp, env: Vec<(&'static str, String)>) -> Switch {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api = listener.local_addr().unwrap();
        let router = dialtone_server::app(app.state.clone());
        let server = std::sync::Mutex::new(serve(listener, router.clone()));
        let app = InProcess {
            api,
            router,
            server,
        };
        Switch::launch(format!("http://{api}"), Some(app), env).await
    }

    /// Kamailio in front of Dialtone instances already running at `api_url` (several
    /// URLs, comma-separated, as DIALTONE_API_URL takes them).
    pub async fn before(api_url: String, env: Vec<(&'static str, String)>) -> Switch {
        Switch::launch(api_url, None, env).await
    }

    async fn launch(
        api_url: String,
        in_process: Option<InProcess>,
        env: Vec<(&'static str, String)>,
    ) -> Switch {
        let mut switch = Switch {
            sip_port: free_port(),
            carrier_port: free_port(),
            carrier_in_port: free_port(),
            rpc_port: free_port(),
            ws_port: free_port(),
            kamailio: std::sync::Mutex::new(None),
            carrier: std::sync::Mutex::new(None),
            api_url,
            in_process,
            dir: tempfile::tempdir().unwrap(),
            env,
        };
        // A port found free can be taken before Kamailio binds it (by another test's
        // outgoing connection): Kamailio then exits, and starts again on other ports.
        for _ in 0..3 {
            *switch.kamailio.get_mut().unwrap() = Some(switch.spawn_kamailio());
            if switch.answers().await || !switch.log().contains("Address already in use") {
                break;
            }
            if let Some(child) = switch.kamailio.get_mut().unwrap().take() {
                stop(child);
            }
            switch.sip_port = free_port();
            switch.carrier_port = free_port();
            switch.carrier_in_port = free_port();
            switch.rpc_port = free_port();
            switch.ws_port = free_port();
        }
        switch.wait_answering().await;
        switch
    }

    /// switch/start.sh with this switch's ports and working directory (where Kamailio
    /// keeps its dialogs and CDR queue across restarts); its log is appended to.
    fn spawn_kamailio(&self) -> Child {
        let log = std::fs::File::options()
            .create(true)
            .append(true)
            .open(self.dir.path().join("kamailio.log"))
            .unwrap();
        let address = |port: u16| format!("127.0.0.1:{port}");
        Command::new(switch_dir().join("start.sh"))
            .env("DIALTONE_API_URL", &self.api_url)
            .env("DIALTONE_SWITCH_TOKEN", crate::common::SWITCH)
            .env("DIALTONE_SIP_LISTEN", address(self.sip_port))
            .env("DIALTONE_CARRIER", address(self.carrier_port))
            .env("DIALTONE_CARRIER_INBOUND", address(self.carrier_in_port))
            .env("DIALTONE_SWITCH_RPC", address(self.rpc_port))
            .env("DIALTONE_SIP_WS_LISTEN", address(self.ws_port))
            .env("DIALTONE_SIP_WORKDIR", self.dir.path().join("kamailio"))
            .env("DIALTONE_SIP_CHILDREN", "4")
            .env("DIALTONE_SIP_AUTH_FAILURES", AUTH_FAILURE_LIMIT.to_string())
            .envs(self.env.iter().map(|(k, v)| (k, v)))
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .expect("switch/start.sh (Kamailio)")
    }

    /// Stops Kamailio as an operator would (SIGTERM: it saves its CDR queue) and starts
    /// it again on the same ports and files, waiting until it answers.
    pub async fn restart_kamailio(&self) {
        self.restart_kamailio_after(async {}).await;
    }

    /// The same, with `between` run while Kamailio is stopped (an upgrade's step).
    pub async fn restart_kamailio_after(&self, between: impl std::future::Future<Output = ()>) {
        let old = self.kamailio.lock().unwrap().take();
        if let Some(child) = old {
            stop(child);
        }
        between.await;
        let fresh = self.spawn_kamailio();
        *self.kamailio.lock().unwrap() = Some(fresh);
        self.wait_answering().await;
    }

    /// Waits until Kamailio answers an OPTIONS, and HTTP on its RPC port (ten seconds
    /// at the most each): its TCP workers start after the UDP ones, and a connection
    /// taken before they run is closed unanswered.
    async fn wait_answering(&self) {
        if !self.answers().await {
            panic!("Kamailio did not answer: {}", self.log());
        }
        let url = format!("http://127.0.0.1:{}/metrics", self.rpc_port);
        for _ in 0..100 {
            if reqwest::get(&url).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("Kamailio's RPC port did not answer: {}", self.log());
    }

    /// Whether Kamailio answers an OPTIONS within ten seconds.
    async fn answers(&self) -> bool {
        let socket = UdpSocket::bind("127.0.0.1:0").await.unwrap();
        let me = socket.local_addr().unwrap();
        let options = format!(
            "OPTIONS sip:127.0.0.1:{port} SIP/2.0\r\nVia: SIP/2.0/UDP {me};branch=z9hG4bK-ping\r\n\
             From: <sip:ping@127.0.0.1>;tag=1\r\nTo: <sip:127.0.0.1:{port}>\r\nCall-ID: ping-{port}\r\n\
             CSeq: 1 OPTIONS\r\nMax-Forwards: 70\r\nContent-Length: 0\r\n\r\n",
            port = self.sip_port
        );
        let mut buf = [0u8; 2048];
        for _ in 0..100 {
            let _ = socket
                .send_to(options.as_bytes(), ("127.0.0.1", self.sip_port))
                .await;
            if let Ok(Ok(n)) =
                tokio::time::timeout(Duration::from_millis(100), socket.recv(&mut buf)).await
            {
                if String::from_utf8_lossy(&buf[..n]).starts_with("SIP/2.0 200") {
                    return true;
                }
            }
        }
        false
    }

    /// Dialtone stops answering: its port refuses connections (Kamailio opens one per
    /// question, so none is left over).
    pub fn stop_api(&self) {
        self.app().server.lock().unwrap().abort();
    }

    fn app(&self) -> &InProcess {
        self.in_process
            .as_ref()
            .expect("the test's app is served here")
    }

    /// Dialtone answers again, on the same port.
    pub async fn start_api(&self) {
        let app = self.app();
        let listener = tokio::net::TcpListener::bind(app.api).await.unwrap();
        *app.server.lock().unwrap() = serve(listener, app.router.clone());
    }

    /// SIPp saw its calls through; when not, what it said and the switch's log.
    #[track_caller]
    pub fn assert_ran(&self, run: &SippRun) {
        assert!(run.ok, "{}\n{}", run.errors, self.log());
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("kamailio.log")).unwrap_or_default()
    }

    /// The switch's Prometheus page (the RPC port's /metrics, with the switch token).
    pub async fn metrics(&self) -> String {
        let url = format!("http://127.0.0.1:{}/metrics", self.rpc_port);
        let r = reqwest::Client::new()
            .get(&url)
            .bearer_auth(crate::common::SWITCH)
            .send()
            .await
            .unwrap();
        r.text().await.unwrap()
    }

    /// The switch's CDR queue as its Prometheus endpoint reports it (the RPC port's
    /// /metrics, behind the switch token), once it reads `want` (five seconds at most).
    pub async fn cdr_queue_reaches(&self, want: f64) {
        let url = format!("http://127.0.0.1:{}/metrics", self.rpc_port);
        let http = reqwest::Client::new();
        let unauthorized = http.get(&url).send().await.unwrap().status();
        assert_eq!(unauthorized, 401, "the switch's metrics need its token");
        let mut last = String::new();
        for _ in 0..50 {
            let r = http
                .get(&url)
                .bearer_auth(crate::common::SWITCH)
                .send()
                .await;
            if let Ok(r) = r {
                last = r.text().await.unwrap_or_default();
                if cdr_queue(&last) == Some(want) {
                    return;
                }
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!(
            "the switch's CDR queue never read {want}:\n{last}\n{}",
            self.log()
        );
    }
}
