//! Real calls to numbers answered by an IVR flow: SIPp as the carrier calls through
//! Kamailio, which relays to Dialtone's IVR endpoint; keys are RFC 4733 packets from
//! Debian's sip-tester pcaps. Assertions are on Dialtone's own records (the path taken,
//! the voicemail, the CDR), since SIPp does not inspect the audio it receives.

mod api_calls;
mod api_calls_media;
mod application;
mod calls;
mod forward;
mod hang_up;
mod info;
mod load;
mod quotas;
mod twiml;
mod twiml_breaker;
mod twiml_control;
mod twiml_dial;
mod twiml_load;
mod twiml_media;

use crate::common::{caller, Session, TestApp};
use crate::support::free_port;
use crate::support::switch::{run_traced, SippRun, Switch};
use dialtone_server::ivr::repo;
use dialtone_server::voice::ivr_endpoint::Listener;
use serde_json::{json, Value};
use std::future::Future;
use std::time::Duration;
use tokio::process::Command;

pub const OUTSIDE_CALLER: &str = "+442071234567";

/// Press 1 for voicemail, 2 for sales (a forward to +12125550199), nothing else.
pub fn menu_flow(voicemail_seconds: u32, retries: u32) -> Value {
    json!({
        "name": "Main line",
        "start": "menu",
        "steps": {
            "menu": { "type": "menu", "prompt": "Press 1 to leave a message, 2 for sales.",
                "options": { "1": "voicemail", "2": "sales" },
                "timeoutSeconds": 5, "retries": retries },
            "voicemail": { "type": "voicemail", "greeting": "Please leave a message.",
                "maxSeconds": voicemail_seconds },
            "sales": { "type": "forward", "to": "+12125550199", "ringSeconds": 20,
                "fallback": "voicemail" }
        }
    })
}

/// A number routed to a flow, its owner, the endpoint and the switch in front of it.
pub struct Ivr {
    pub app: TestApp,
    pub s: Session,
    pub number: String,
    pub flow_id: i64,
    pub switch: Switch,
    pub listener: Listener,
}

pub struct Setup<'a> {
    pub flow: Value,
    /// Dollars the owner has after buying the number.
    pub left: &'a str,
    /// Where the flows' clock stands: None for now.
    pub clock_ms: Option<i64>,
    /// Prompts as tones of these lengths (ms) by step; other steps have none.
    pub prompts: &'a [(&'a str, usize)],
}

/// The menu flow (1 voicemail of 3 s, 2 sales) with a 3 s menu prompt and a voicemail
/// greeting, its owner left with `left` dollars.
pub async fn voicemail_line(left: &str) -> Ivr {
    Setup {
        flow: menu_flow(3, 2),
        left,
        clock_ms: None,
        prompts: &[("menu", 3000), ("voicemail", 500)],
    }
    .start()
    .await
}

impl Setup<'_> {
    pub async fn start(self) -> Ivr {
        let addr = format!("127.0.0.1:{}", free_port());
        let offset = self
            .clock_ms
            .map(|at| at - dialtone_server::db::now_ms())
            .unwrap_or(0);
        let app = TestApp::with(|c| {
            c.ivr_sip_addr = Some(addr.clone());
            c.ivr_clock_offset_ms = offset;
        })
        .await;
        let listener = dialtone_server::voice::ivr_endpoint::start(app.state.clone(), &addr)
            .await
            .expect("the IVR endpoint listens");
        let (s, number) = caller(&app, "ada@example.com", self.left).await;
        let flow_id = route_to_flow(&app, &s, self.flow).await;
        for (step, ms) in self.prompts {
            let prompt = repo::PromptAudio {
                pcm: tone(*ms),
                duration_ms: *ms as i64,
                source: "upload".into(),
                label: format!("{step}.wav"),
            };
            repo::call::put_prompt(&app.state.db.pool, flow_id, step, &prompt)
                .await
                .unwrap();
        }
        let switch = Switch::start(&app).await;
        Ivr {
            app,
            s,
            number,
            flow_id,
            switch,
            listener,
        }
    }
}

/// Stores the flow for `s` and routes their first number to it, its subscription paid.
async fn route_to_flow(app: &TestApp, s: &Session, flow: Value) -> i64 {
    let pool = &app.state.db.pool;
    let flow: dialtone_core::ivr::Flow = serde_json::from_value(flow).unwrap();
    let flow_id = repo::insert_flow(pool, s.user_id, &flow).await.unwrap();
    let number_id = app.get_as(s, "/api/numbers/mine").await.body["numbers"][0]["id"]
        .as_i64()
        .unwrap();
    let mut conn = pool.acquire().await.unwrap();
    repo::set_number_flow(&mut conn, number_id, s.user_id, Some(flow_id))
        .await
        .unwrap();
    let now = dialtone_server::db::now_ms();
    let month = 30 * 24 * 3600 * 1000;
    repo::billing::start(pool, flow_id, s.user_id, 29_990_000, now, now + month)
        .await
        .unwrap();
    flow_id
}

/// A 440 Hz tone, 8 kHz 16-bit little-endian PCM: a prompt of known length.
fn tone(ms: usize) -> Vec<u8> {
    (0..ms * 8)
        .flat_map(|i| {
            let x = (i as f64 * 440.0 / 8000.0 * std::f64::consts::TAU).sin();
            ((x * 6000.0) as i16).to_le_bytes()
        })
        .collect()
}

impl Ivr {
    /// The carrier places `calls` calls at once to the number with `scenario`
    /// (switch/sipp/ivr-*.xml) and waits for SIPp to finish.
    pub async fn carrier(&self, scenario: &str, calls: u32) -> SippRun {
        // Audio, RTCP and SIPp's video pair after it.
        let media_port = crate::support::free_ports(4);
        let scenario_file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!("../switch/sipp/{scenario}.xml"));
        let n = calls.to_string();
        let mut sipp = Command::new("sipp");
        sipp.arg(format!("127.0.0.1:{}", self.switch.sip_port))
            .arg("-sf")
            .arg(scenario_file)
            .args(["-s", "carrier", "-i", "127.0.0.1", "-mi", "127.0.0.1"])
            .args(["-p", &self.switch.carrier_in_port.to_string()])
            .args(["-mp", &media_port.to_string()])
            .args(["-m", &n, "-l", &n, "-r", &n, "-rp", "1000"])
            .args(["-key", "from", OUTSIDE_CALLER, "-key", "to", &self.number])
            .args(["-nostdin", "-timeout", "60s", "-timeout_error"]);
        let name = format!("{scenario}-{}", free_port());
        run_traced(sipp, self.switch.dir.path(), &name).await
    }

    /// `carrier`, which must succeed: SIPp's traces and the switch's log otherwise.
    pub async fn carrier_completes(&self, scenario: &str, calls: u32) {
        let run = self.carrier(scenario, calls).await;
        assert!(
            run.ok,
            "{}\n{}\n{}",
            run.errors,
            run.messages,
            self.switch.log()
        );
    }

    /// The owner proved by a texted code that it holds `number` (an outside number).
    pub async fn verified(&self, number: &str) {
        sqlx::query(
            "INSERT INTO verified_numbers (user_id, number, code_hash, created_at, expires_at, verified_at) \
             VALUES ($1, $2, '-', 0, 0, 1)",
        )
        .bind(self.s.user_id)
        .bind(number)
        .execute(&self.app.state.db.pool)
        .await
        .unwrap();
    }

    /// The paths stored for calls through the flow, once `count` are there (ten
    /// seconds at most: the endpoint stores them as each call ends).
    pub async fn paths(&self, count: usize) -> Vec<String> {
        self.once_stored("IVR paths", count, || async {
            sqlx::query_scalar("SELECT path FROM ivr_call_paths WHERE flow_id = $1")
                .bind(self.flow_id)
                .fetch_all(&self.app.state.db.pool)
                .await
                .unwrap()
        })
        .await
    }

    /// The voicemails stored: (duration_ms, WAV bytes), once `count` are there.
    pub async fn voicemails(&self, count: usize) -> Vec<(i64, Vec<u8>)> {
        self.once_stored("voicemails", count, || async {
            sqlx::query_as("SELECT duration_ms, audio FROM ivr_voicemails ORDER BY id")
                .fetch_all(&self.app.state.db.pool)
                .await
                .unwrap()
        })
        .await
    }

    /// The carrier's caller (`scenario`) keys 1 at the voicemail line's menu and talks
    /// past the flow's limit: the path is menu → 1 → voicemail and the recording is the
    /// flow's full 3 seconds. Returns the recording's WAV bytes.
    pub async fn keyed_to_voicemail(&self, scenario: &str) -> Vec<u8> {
        self.carrier_completes(scenario, 1).await;
        assert_eq!(self.paths(1).await, vec!["menu → 1 → voicemail"]);
        let (duration_ms, wav) = self.voicemails(1).await.remove(0);
        assert_eq!(duration_ms, 3000, "recorded up to the flow's 3 seconds");
        wav
    }

    /// What `read` reads, once it holds `count` rows: read every 100 ms, ten seconds at
    /// most (the switch's log says why not, then).
    async fn once_stored<T, Rows: Future<Output = Vec<T>>>(
        &self,
        what: &str,
        count: usize,
        read: impl Fn() -> Rows,
    ) -> Vec<T> {
        for _ in 0..100 {
            let rows = read().await;
            if rows.len() >= count {
                return rows;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no {count} {what} stored:\n{}", self.switch.log());
    }
}
