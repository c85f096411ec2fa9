//! Two Dialtone processes on one fresh PostgreSQL database behind nginx on loopback.

use super::instances::spawn;
use super::{free_port, wait_ready};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::process::{Child, Command, Stdio};

pub struct Cluster {
    pub base: String,
    pub db_url: String,
    children: Vec<Child>,
    _dir: tempfile::TempDir,
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for c in &mut self.children {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

pub async fn start_cluster() -> Cluster {
    let db_url = crate::common::fresh_postgres_url().await;
    let dir = tempfile::tempdir().unwrap();

    let mut children = Vec::new();
    let mut upstreams = String::new();
    let env = [
        ("DIALTONE_TRUST_PROXY", "1"),
        // The demo admin drives the admin API with its password alone.
        ("DIALTONE_ADMIN_TWO_FACTOR", "off"),
        ("DIALTONE_SWITCH_TOKEN", "multi-switch-token"),
        ("DIALTONE_DEMO", "1"),
        // Every load client signs up through nginx from 127.0.0.1.
        ("DIALTONE_SIGNUPS_PER_HOUR", "1000"),
        // Both instances run the background jobs every second, racing each other.
        ("DIALTONE_JOB_INTERVAL_SECS", "1"),
    ];
    for i in 0..2 {
        let data = dir.path().join(format!("instance{i}"));
        let (child, base) = spawn(&db_url, &data, &env).await;
        children.push(child);
        upstreams.push_str(&format!("server {};\n", base.trim_start_matches("http://")));
    }

    let nginx_port = free_port();
    let prefix = dir.path().join("nginx");
    std::fs::create_dir_all(&prefix).unwrap();
    let conf = format!(
        "pid {p}/nginx.pid;\nerror_log {p}/error.log warn;\nworker_processes 1;\nevents {{ worker_connections 1024; }}\n\
         http {{\n  access_log off;\n  client_body_temp_path {p}/body;\n  proxy_temp_path {p}/proxy;\n\
           fastcgi_temp_path {p}/fcgi;\n  uwsgi_temp_path {p}/uwsgi;\n  scgi_temp_path {p}/scgi;\n\
           upstream dialtone {{\n{upstreams}  }}\n\
           server {{\n    listen 127.0.0.1:{nginx_port};\n    location / {{\n      proxy_pass http://dialtone;\n\
               proxy_set_header Host $host;\n      proxy_set_header X-Forwarded-For $remote_addr;\n\
               add_header X-Upstream $upstream_addr always;\n    }}\n  }}\n}}\n",
        p = prefix.display()
    );
    let conf_path = prefix.join("nginx.conf");
    std::fs::write(&conf_path, conf).unwrap();
    let nginx = Command::new(if std::path::Path::new("/usr/sbin/nginx").exists() {
        "/usr/sbin/nginx"
    } else {
        "nginx"
    })
    .args([
        "-p",
        prefix.to_str().unwrap(),
        "-c",
        conf_path.to_str().unwrap(),
        "-g",
        "daemon off; master_process off;",
    ])
    .stderr(Stdio::inherit())
    .spawn()
    .expect("nginx is installed (make test installs nginx-light)");
    children.push(nginx);
    let base = format!("http://127.0.0.1:{nginx_port}");
    wait_ready(&base).await;
    Cluster {
        base,
        db_url,
        children,
        _dir: dir,
    }
}

pub struct Api {
    pub http: Client,
    pub base: String,
    pub upstreams: std::sync::Mutex<HashSet<String>>,
}

impl Api {
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self
            .http
            .request(method.parse().unwrap(), format!("{}/api{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await.unwrap();
        if let Some(up) = r.headers().get("x-upstream") {
            self.upstreams
                .lock()
                .unwrap()
                .insert(up.to_str().unwrap().to_string());
        }
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn client(&self, email: &str) -> (i64, String) {
        let (s, _) = self
            .call(
                "POST",
                "/auth/signup",
                None,
                Some(json!({ "name": "Load Client", "email": email, "password": "password1" })),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
        self.login(email, "password1").await
    }

    /// What a sign-in answers, success or not: its status alone.
    pub async fn login_status(&self, email: &str, password: &str) -> StatusCode {
        let body = json!({ "email": email, "password": password });
        self.call("POST", "/auth/login", None, Some(body)).await.0
    }

    pub async fn login(&self, email: &str, password: &str) -> (i64, String) {
        let (s, b) = self
            .call(
                "POST",
                "/auth/login",
                None,
                Some(json!({ "email": email, "password": password })),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{b}");
        (
            b["user"]["id"].as_i64().unwrap(),
            b["accessToken"].as_str().unwrap().to_string(),
        )
    }
}
