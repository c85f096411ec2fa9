//! Dialtone's server binary as a deployment runs it: processes on one database, each
//! on a loopback port of its own, each killable on its own (SIGKILL, as a crash).

use super::{free_port, wait_ready};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// One server process on `db_url`, its files under `data_dir`, with `env` on top of
/// what every instance needs; started and ready (its /readyz answers). Its base URL.
pub async fn spawn(db_url: &str, data_dir: &Path, env: &[(&str, &str)]) -> (Child, String) {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_dialtone-server"))
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", db_url)
        .env("DIALTONE_DATA_DIR", data_dir)
        .env(
            "DIALTONE_JWT_SECRET",
            "multi-instance-shared-secret-0123456789",
        )
        // Instances share the machine: none answers IVR calls on the default port.
        .env("DIALTONE_IVR_SIP_ADDR", "off")
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .spawn()
        .expect("server binary");
    let base = format!("http://127.0.0.1:{port}");
    wait_ready(&base).await;
    (child, base)
}

/// Server processes on one database, stopped when dropped.
pub struct Instances {
    children: Vec<Child>,
    pub urls: Vec<String>,
    _dir: tempfile::TempDir,
}

impl Instances {
    /// `count` instances on `db_url` (already migrated: they migrate it again, a no-op).
    pub async fn start(db_url: &str, count: usize, env: &[(&str, &str)]) -> Instances {
        let dir = tempfile::tempdir().unwrap();
        let (mut children, mut urls) = (Vec::new(), Vec::new());
        for i in 0..count {
            let (child, url) = spawn(db_url, &dir.path().join(format!("instance{i}")), env).await;
            children.push(child);
            urls.push(url);
        }
        Instances {
            children,
            urls,
            _dir: dir,
        }
    }

    /// Kills instance `i` outright, mid-request if it is in one.
    pub fn kill(&mut self, i: usize) {
        let _ = self.children[i].kill();
        let _ = self.children[i].wait();
    }
}

impl Drop for Instances {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}
