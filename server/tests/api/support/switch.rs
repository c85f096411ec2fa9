//! The real switch on loopback: this test's app served over HTTP, Kamailio started by
//! switch/start.sh (the script `make run` uses) in front of it, and SIPp as phones and
//! as the carrier, each on ports of its own so that tests run side by side.

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
    carrier: Option<Child>,
    api: SocketAddr,
    router: axum::Router,
    server: std::sync::Mutex<tokio::task::JoinHandle<()>>,
    pub dir: tempfile::TempDir,
    /// Settings of switch/start.sh beyond the ports (a test's own capacity).
    env: Vec<(&'static str, String)>,
}

/// Serves `router` on `listener` until the task is aborted.
fn serve(listener: tokio::net::TcpListener, router: axum::Router) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let service = router.into_make_service_with_connect_info::<SocketAddr>();
        let _ = axum::serve(listener, service).await;
    })
}

/// SIGTERM, not SIGKILL: Kamailio's main process then stops its workers (a killed main
/// would leave them running) and saves what it keeps across restarts. Waits for it, two
/// seconds at most.
fn stop(kamailio: Child) {
    if let Some(pid) = kamailio.id() {
        let pid = pid as libc::pid_t;
        // SAFETY: signals and reaps our own child process.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        for _ in 0..200 {
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
        if let Some(c) = &mut self.carrier {
            let _ = c.start_kill();
        }
        self.server.lock().unwrap().abort();
    }
}

/// A registered phone that answers its calls.
pub struct Phone {
    _sipp: Child,
    trace: PathBuf,
}

impl Phone {
    /// Whether a call rang here.
    pub fn rang(&self) -> bool {
        std::fs::read_to_string(&self.trace)
            .unwrap_or_default()
            .contains("INVITE sip:")
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

/// Runs `sipp` (a SIPp command with its scenario's arguments) in `dir` to its end, its
/// messages and errors traced to `<name>.msg` and `<name>.err` there and read back.
pub async fn run_traced(mut sipp: Command, dir: &Path, name: &str) -> SippRun {
    let (messages, errors) = (
        dir.join(format!("{name}.msg")),
        dir.join(format!("{name}.err")),
    );
    let status = sipp
        .args(["-trace_msg", "-message_file"])
        .arg(&messages)
        .args(["-trace_err", "-error_file"])
        .arg(&errors)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .await
        .expect("sipp");
    SippRun {
        ok: status.success(),
        messages: std::fs::read_to_string(messages).unwrap_or_default(),
        errors: std::fs::read_to_string(errors).unwrap_or_default(),
    }
}

/// What one SIPp run did: whether its scenario ended as written, and its trace.
pub struct SippRun {
    pub ok: bool,
    pub messages: String,
    pub errors: String,
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
        let server = serve(listener, router.clone());
        let mut switch = Switch {
            sip_port: free_port(),
            carrier_port: free_port(),
            carrier_in_port: free_port(),
            rpc_port: free_port(),
            ws_port: free_port(),
            kamailio: std::sync::Mutex::new(None),
            carrier: None,
            api,
            router,
            server: std::sync::Mutex::new(server),
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
            .env("DIALTONE_API_URL", format!("http://{}", self.api))
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
        let old = self.kamailio.lock().unwrap().take();
        if let Some(child) = old {
            stop(child);
        }
        let fresh = self.spawn_kamailio();
        *self.kamailio.lock().unwrap() = Some(fresh);
        self.wait_answering().await;
    }

    /// Waits until Kamailio answers an OPTIONS (ten seconds at the most).
    async fn wait_answering(&self) {
        if !self.answers().await {
            panic!("Kamailio did not answer: {}", self.log());
        }
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
        self.server.lock().unwrap().abort();
    }

    /// Dialtone answers again, on the same port.
    pub async fn start_api(&self) {
        let listener = tokio::net::TcpListener::bind(self.api).await.unwrap();
        *self.server.lock().unwrap() = serve(listener, self.router.clone());
    }

    /// SIPp saw its calls through; when not, what it said and the switch's log.
    #[track_caller]
    pub fn assert_ran(&self, run: &SippRun) {
        assert!(run.ok, "{}\n{}", run.errors, self.log());
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("kamailio.log")).unwrap_or_default()
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

    /// Answers every call that reaches `port` and waits for its BYE: the carrier's
    /// trunk, or a registered device's phone. Its messages go to `answer-<port>.msg`.
    fn answer_at(&self, port: u16) -> Child {
        Command::new("sipp")
            .arg("-sf")
            .arg(switch_dir().join("sipp/answer.xml"))
            .args(["-i", "127.0.0.1", "-p", &port.to_string()])
            .args(["-nostdin", "-bind_local", "-trace_msg", "-message_file"])
            .arg(self.dir.path().join(format!("answer-{port}.msg")))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("sipp (answering)")
    }

    /// The carrier's trunk for outbound calls.
    pub fn start_carrier(&mut self) {
        self.carrier = Some(self.answer_at(self.carrier_port));
    }

    /// A phone that registers as `user` and then answers the calls it is rung for.
    pub async fn phone(&self, user: &str, password: &str) -> Phone {
        let port = free_port();
        let run = self
            .sipp("register", user, &["-au", user, "-ap", password], port, 1)
            .await;
        self.assert_ran(&run);
        Phone {
            _sipp: self.answer_at(port),
            trace: self.dir.path().join(format!("answer-{port}.msg")),
        }
    }

    /// A device's scenario against the switch: `calls` calls at once.
    pub async fn device(
        &self,
        scenario: &str,
        user: &str,
        password: &str,
        extra: &[&str],
        calls: u32,
    ) -> SippRun {
        let mut args = vec!["-au", user, "-ap", password];
        args.extend_from_slice(extra);
        self.sipp(scenario, user, &args, free_port(), calls).await
    }

    /// `device`, with `from` as the user of the From header the device sends (a caller
    /// ID it asks for) instead of its username.
    pub async fn device_as(
        &self,
        (user, password): (&str, &str),
        from: &str,
        extra: &[&str],
    ) -> SippRun {
        let mut args = vec!["-au", user, "-ap", password];
        args.extend_from_slice(extra);
        self.sipp("call", from, &args, free_port(), 1).await
    }

    /// What the carrier's trunk received so far (its SIPp trace).
    pub fn carrier_messages(&self) -> String {
        let file = self
            .dir
            .path()
            .join(format!("answer-{}.msg", self.carrier_port));
        std::fs::read_to_string(file).unwrap_or_default()
    }

    /// The carrier brings a call from `from` to `to`, talking `talk_ms` if answered.
    pub async fn carrier_call(&self, from: &str, to: &str, talk_ms: u32) -> SippRun {
        let talk = talk_ms.to_string();
        let args = ["-key", "from", from, "-key", "to", to, "-d", &talk];
        self.sipp("inbound", "carrier", &args, self.carrier_in_port, 1)
            .await
    }

    async fn sipp(
        &self,
        scenario: &str,
        user: &str,
        extra: &[&str],
        port: u16,
        calls: u32,
    ) -> SippRun {
        let mut sipp = Command::new("sipp");
        sipp.arg(format!("127.0.0.1:{}", self.sip_port))
            .arg("-sf")
            .arg(switch_dir().join(format!("sipp/{scenario}.xml")))
            .args(["-s", user])
            .args(["-i", "127.0.0.1", "-p", &port.to_string()])
            .args(["-m", &calls.to_string(), "-l", &calls.to_string()])
            .args(["-r", &calls.to_string(), "-rp", "1000"])
            .args(["-nostdin", "-timeout", "40s", "-timeout_error"])
            .args(extra);
        let name = format!("{scenario}-{user}-{port}-{}", free_port());
        run_traced(sipp, self.dir.path(), &name).await
    }
}
