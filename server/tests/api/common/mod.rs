//! Builds the real app on a fresh database for each test: a SQLite file in a temp
//! directory, or (DIALTONE_TEST_DATABASE=postgres) a new PostgreSQL database. Also the
//! helpers more than one area needs, each written once.

mod counts;
mod fixtures;
mod requests;
mod telephony;

pub use requests::Answer;
pub use telephony::{at_now, completed, upload_recording};
pub use telephony::{authorize, caller, cdr, credentials_lookup, send_cdr, wav, SWITCH};

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use chrono::Datelike;
use dialtone_server::config::Config;
use dialtone_server::state::AppState;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::future::Future;
use tower::ServiceExt;

/// The administrator `TestApp::fund` creates on first use.
pub const FUNDING_ADMIN: &str = "funding-admin@example.com";

pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    /// The database's directory on SQLite; None for a second instance of an app.
    _dir: Option<tempfile::TempDir>,
}

/// Serves `router` on a free local port in the background: its base URL, `http://<address>`.
pub async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    base
}

pub fn backend_is_postgres() -> bool {
    std::env::var("DIALTONE_TEST_DATABASE").as_deref() == Ok("postgres")
}

async fn fresh_database_url(dir: &std::path::Path) -> String {
    if !backend_is_postgres() {
        return format!("sqlite://{}?mode=rwc", dir.join("test.db").display());
    }
    fresh_postgres_url().await
}

/// A new, empty PostgreSQL database for one test.
pub async fn fresh_postgres_url() -> String {
    let base = std::env::var("DIALTONE_TEST_PG_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let name = format!("dialtone_t_{}", uuid::Uuid::new_v4().simple());
    sqlx::any::install_default_drivers();
    let admin = sqlx::AnyPool::connect(&format!("{base}/postgres"))
        .await
        .expect("PostgreSQL is reachable");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&admin)
        .await
        .expect("create test database");
    admin.close().await;
    format!("{base}/{name}")
}

impl TestApp {
    pub async fn new() -> TestApp {
        Self::with(|_| {}).await
    }

    /// A fresh app whose configuration `adjust` may change first.
    pub async fn with(adjust: impl FnOnce(&mut Config)) -> TestApp {
        let dir = tempfile::tempdir().unwrap();
        let mut config = Config::local(
            fresh_database_url(dir.path()).await,
            dir.path().to_path_buf(),
        );
        adjust(&mut config);
        let state = dialtone_server::prepare(config).await.expect("app starts");
        let router = dialtone_server::app(state.clone());
        TestApp {
            state,
            router,
            _dir: Some(dir),
        }
    }

    pub fn req(&self, method: Method, path: &str) -> Req {
        Req {
            router: self.router.clone(),
            builder: Request::builder().method(method).uri(path),
            body: None,
        }
    }
    pub fn get(&self, path: &str) -> Req {
        self.req(Method::GET, path)
    }
    pub fn post(&self, path: &str) -> Req {
        self.req(Method::POST, path)
    }
    pub fn put(&self, path: &str) -> Req {
        self.req(Method::PUT, path)
    }

    pub async fn signup(&self, name: &str, email: &str, password: &str) -> Resp {
        self.post("/api/auth/signup")
            .json(json!({ "name": name, "email": email, "password": password }))
            .send()
            .await
    }

    pub async fn login(&self, email: &str, password: &str) -> Resp {
        self.post("/api/auth/login")
            .json(json!({ "email": email, "password": password }))
            .send()
            .await
    }

    /// Signs up and signs in a new client; returns its session.
    pub async fn client(&self, email: &str) -> Session {
        let r = self.signup("Test Client", email, "password1").await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        self.session(email, "password1").await
    }

    /// Creates an administrator directly in the database and signs in.
    pub async fn admin(&self, email: &str) -> Session {
        self.client(email).await;
        sqlx::query("UPDATE users SET role = 'admin' WHERE email_lower = $1")
            .bind(email.to_lowercase())
            .execute(&self.state.db.pool)
            .await
            .unwrap();
        self.session(email, "password1").await
    }

    pub async fn session(&self, email: &str, password: &str) -> Session {
        let r = self.login(email, password).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        Session {
            token: r.body["accessToken"].as_str().unwrap().to_string(),
            cookie: r.refresh_cookie().expect("refresh cookie"),
            user_id: r.body["user"]["id"].as_i64().unwrap(),
            password: password.to_string(),
        }
    }
}

pub struct Session {
    pub token: String,
    pub cookie: String,
    pub user_id: i64,
    /// The password it signed in with, which creating credentials asks for again.
    pub password: String,
}

pub struct Req {
    router: Router,
    builder: axum::http::request::Builder,
    body: Option<Body>,
}

impl Req {
    pub fn json(mut self, v: Value) -> Req {
        self.builder = self
            .builder
            .header(header::CONTENT_TYPE, "application/json");
        self.body = Some(Body::from(v.to_string()));
        self
    }
    pub fn raw(mut self, content_type: &str, body: impl Into<Body>) -> Req {
        self.builder = self.builder.header(header::CONTENT_TYPE, content_type);
        self.body = Some(body.into());
        self
    }
    pub fn bearer(mut self, token: &str) -> Req {
        self.builder = self
            .builder
            .header(header::AUTHORIZATION, format!("Bearer {token}"));
        self
    }
    pub fn header(mut self, name: &str, value: &str) -> Req {
        self.builder = self.builder.header(name, value);
        self
    }
    pub fn cookie(self, refresh_token: &str) -> Req {
        self.header("cookie", &format!("dialtone_refresh={refresh_token}"))
    }
    pub async fn send(self) -> Resp {
        let request = self
            .builder
            .body(self.body.unwrap_or_else(Body::empty))
            .unwrap();
        let response = self.router.oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes).to_string();
        let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Resp {
            status,
            headers,
            body,
            text,
            bytes,
        }
    }
}

pub struct Resp {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Value,
    pub text: String,
    /// The body as it came (compressed, when the request asked for it).
    pub bytes: axum::body::Bytes,
}

impl Resp {
    pub fn set_cookie(&self) -> Option<String> {
        self.headers
            .get(header::SET_COOKIE)
            .map(|v| v.to_str().unwrap().to_string())
    }
    pub fn refresh_cookie(&self) -> Option<String> {
        let c = self.set_cookie()?;
        let value = c.split(';').next()?.strip_prefix("dialtone_refresh=")?;
        (!value.is_empty()).then(|| value.to_string())
    }
}

impl TestApp {
    /// Credits a user through the audited admin path (creating an admin if needed).
    /// Lifts the account's spend and rate limits (an administrator's empty ceiling), for
    /// tests of load through one account rather than of its limits.
    pub async fn without_limits(&self, user_id: i64) {
        sqlx::query("UPDATE users SET caps_ceiling = '' WHERE id = $1")
            .bind(user_id)
            .execute(&self.state.db.pool)
            .await
            .unwrap();
    }

    pub async fn fund(&self, user_id: i64, amount: &str) {
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM users WHERE email_lower = $1")
            .bind(FUNDING_ADMIN)
            .fetch_optional(&self.state.db.pool)
            .await
            .unwrap();
        let admin = if exists.is_some() {
            self.funding_admin().await
        } else {
            self.admin(FUNDING_ADMIN).await
        };
        let r = self
            .post_as(
                &admin,
                &format!("/api/admin/balances/{user_id}/adjust"),
                json!({ "type": "credit", "amount": amount, "reason": "test funds" }),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }

    pub async fn assert_invariant(&self) {
        let v = dialtone_server::ledger::invariant_violations(&self.state.db.pool)
            .await
            .unwrap();
        assert_eq!(
            v,
            Vec::<String>::new(),
            "balance == sum(ledger) for every account"
        );
    }

    pub async fn balance_of(&self, s: &Session) -> Value {
        self.get("/api/user/info")
            .bearer(&s.token)
            .send()
            .await
            .body["user"]["balance"]
            .clone()
    }

    /// The first available number of a country and type.
    pub async fn available(&self, s: &Session, country: &str, kind: &str) -> Vec<Value> {
        let r = self
            .get(&format!(
                "/api/numbers/available?country={country}&type={kind}"
            ))
            .bearer(&s.token)
            .send()
            .await;
        r.body["numbers"].as_array().unwrap().clone()
    }

    /// The request that buys one number, ready to send.
    pub fn purchase(&self, s: &Session, number_id: impl serde::Serialize) -> Req {
        self.post("/api/numbers/purchase")
            .bearer(&s.token)
            .json(json!({ "numberId": number_id }))
    }

    /// Buys the first available number of a country and type; returns it as listed.
    pub async fn buy_first(&self, s: &Session, country: &str, kind: &str) -> Value {
        let n = self.available(s, country, kind).await[0].clone();
        let r = self.purchase(s, &n["id"]).send().await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        n
    }

    /// A new session of the administrator `fund` created.
    pub async fn funding_admin(&self) -> Session {
        self.session(FUNDING_ADMIN, "password1").await
    }

    /// The one integer a query answers (a count, a sum, a column).
    pub async fn scalar(&self, sql: &str) -> i64 {
        sqlx::query_scalar(sql)
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
    }

    /// The one integer a query answers with `id` bound to its `$1`.
    pub async fn scalar_for(&self, sql: &str, id: i64) -> i64 {
        sqlx::query_scalar(sql)
            .bind(id)
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
    }

    /// The recipient and subject of the one mail in the outbox.
    pub async fn only_mail(&self) -> (String, String) {
        sqlx::query_as("SELECT to_addr, subject FROM mail_outbox")
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
    }

    /// The token of the reset link in the last mail to `to`.
    pub async fn reset_token_mailed_to(&self, to: &str) -> String {
        let body: String = sqlx::query_scalar(
            "SELECT body FROM mail_outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1",
        )
        .bind(to)
        .fetch_one(&self.state.db.pool)
        .await
        .unwrap();
        let start = body.find("token=").expect("link in mail") + "token=".len();
        body[start..].split_whitespace().next().unwrap().to_string()
    }
}

/// The country with this code in a list of countries.
pub fn with_code(countries: &[Value], code: &str) -> Value {
    countries
        .iter()
        .find(|c| c["code"] == code)
        .unwrap()
        .clone()
}

/// Sends every request at once (each on its own task); the answers in order.
pub async fn spawn_all<F: Future<Output = Resp> + Send + 'static>(
    requests: impl Iterator<Item = F>,
) -> Vec<Resp> {
    let handles: Vec<_> = requests.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

/// A card expiry year four years ahead, so that the test cards never expire.
pub fn exp_year() -> String {
    (chrono::Utc::now().year() + 4).to_string()
}

/// The sandbox card form that pays the deposit of `client_secret` with `number`.
pub fn card(client_secret: &str, number: &str) -> Value {
    json!({ "clientSecret": client_secret, "cardNumber": number, "expMonth": "12",
            "expYear": exp_year(), "cvc": "123" })
}
