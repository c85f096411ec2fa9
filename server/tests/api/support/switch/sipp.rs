//! SIPp on loopback as the switch's phones and carrier: each run on ports of its own,
//! its messages and errors traced to files in the switch's directory and read back.

use super::{switch_dir, Switch};
use crate::support::free_port;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use tokio::process::{Child, Command};

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
        // A run dropped before its end (a phone that vanishes mid-call) is killed.
        .kill_on_drop(true)
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
    /// Answers every call that reaches `port` and waits for its BYE: the carrier's
    /// trunk, or a registered device's phone. Its messages go to `answer-<port>.msg`.
    /// Every SIPp here answers in-dialog OPTIONS (`-aa`), as live phones and trunks do
    /// the switch's keep-alives.
    fn answer_at(&self, port: u16) -> Child {
        self.answer_with(port, &switch_dir().join("sipp/answer.xml"))
    }

    fn answer_with(&self, port: u16, scenario: &Path) -> Child {
        Command::new("sipp")
            .arg("-sf")
            .arg(scenario)
            .args(["-i", "127.0.0.1", "-p", &port.to_string()])
            .args([
                "-nostdin",
                "-aa",
                "-bind_local",
                "-trace_msg",
                "-message_file",
            ])
            .arg(self.dir.path().join(format!("answer-{port}.msg")))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("sipp (answering)")
    }

    /// The carrier's trunk for outbound calls.
    pub fn start_carrier(&mut self) {
        *self.carrier.get_mut().unwrap() = Some(self.answer_at(self.carrier_port));
    }

    /// The carrier's trunk goes away at once (SIGKILL): no BYE, no answer to anything.
    pub fn stop_carrier(&self) {
        if let Some(mut c) = self.carrier.lock().unwrap().take() {
            let _ = c.start_kill();
        }
    }

    /// The carrier's trunk, its answers naming `rtp` as where its media goes (a socket
    /// the test reads) instead of SIPp's own media port: what the callee hears.
    pub fn start_carrier_heard_at(&mut self, rtp: u16) {
        let scenario = std::fs::read_to_string(switch_dir().join("sipp/answer.xml"))
            .unwrap()
            .replace("[media_port]", &rtp.to_string());
        let file = self.dir.path().join("answer-heard.xml");
        std::fs::write(&file, scenario).unwrap();
        *self.carrier.get_mut().unwrap() = Some(self.answer_with(self.carrier_port, &file));
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
            .args(["-nostdin", "-aa", "-timeout", "40s", "-timeout_error"])
            .args(extra);
        let name = format!("{scenario}-{user}-{port}-{}", free_port());
        run_traced(sipp, self.dir.path(), &name).await
    }
}
