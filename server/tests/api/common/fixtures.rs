//! The openings and steps many tests share on the way to what they check, written
//! once: who is signed in, and the requests whose JSON body is the same every time
//! but for a value or two.

use super::requests::Answer;
use super::{caller, Session, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// The administrator the openings below create.
const ADMIN: &str = "admin@example.com";

impl TestApp {
    /// A second server instance on this app's database (its own pool, caches and
    /// IVR handle), as a deployment runs several behind a load balancer.
    pub async fn another_instance(&self) -> TestApp {
        let config = self.state.config.clone();
        let db = dialtone_server::db::Db::connect(&config.database_url)
            .await
            .unwrap();
        let state = dialtone_server::state::AppState::new(config, db);
        TestApp {
            router: dialtone_server::app(state.clone()),
            state,
            _dir: None,
        }
    }

    /// A fresh app with one client signed in: how most tests begin.
    pub async fn with_client(email: &str) -> (TestApp, Session) {
        let app = TestApp::new().await;
        let s = app.client(email).await;
        (app, s)
    }

    /// A fresh app with one client signed in and credited `amount` dollars.
    pub async fn with_funded_client(email: &str, amount: &str) -> (TestApp, Session) {
        let (app, s) = TestApp::with_client(email).await;
        app.fund(s.user_id, amount).await;
        (app, s)
    }

    /// A fresh app with its administrator (`ADMIN`) signed in.
    pub async fn with_admin() -> (TestApp, Session) {
        let app = TestApp::new().await;
        let admin = app.admin(ADMIN).await;
        (app, admin)
    }

    /// A fresh app with its administrator, then ada@example.com, signed in.
    pub async fn with_admin_and_client() -> (TestApp, Session, Session) {
        let (app, admin) = TestApp::with_admin().await;
        let s = app.client("ada@example.com").await;
        (app, admin, s)
    }

    /// A fresh app with a client owning a US mobile number and `left` dollars after
    /// buying it (see `caller`): the opening of the tests of calls.
    pub async fn with_caller(email: &str, left: &str) -> (TestApp, Session, String) {
        let app = TestApp::new().await;
        let (s, number) = caller(&app, email, left).await;
        (app, s, number)
    }

    /// `email` signs in with `password`.
    pub async fn assert_signs_in(&self, email: &str, password: &str) {
        let r = self.login(email, password).await;
        assert_eq!(r.status, StatusCode::OK, "{email}: {}", r.body);
    }

    /// Both halves of the session are over: its access token and its refresh cookie.
    pub async fn assert_signed_out(&self, s: &Session) {
        let info = self.get_as(s, "/api/user/info").await;
        assert_eq!(info.status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            self.refresh(&s.cookie).await.status,
            StatusCode::UNAUTHORIZED
        );
    }

    /// The administrator `by` gives user `user_id` the role `role`.
    pub fn set_role(&self, by: &Session, user_id: i64, role: &str) -> impl Answer {
        let path = format!("/api/admin/users/{user_id}/role");
        self.post_as(by, &path, json!({ "role": role }))
    }

    /// `by` credits or debits (`kind`) user `user_id`'s balance, saying why.
    pub fn adjust(
        &self,
        by: &Session,
        user_id: i64,
        kind: &str,
        amount: &str,
        reason: &str,
    ) -> impl Answer {
        let body = json!({ "type": kind, "amount": amount, "reason": reason });
        self.post_as(by, &format!("/api/admin/balances/{user_id}/adjust"), body)
    }

    /// `who` changes their password to password2, giving `current` as the current one.
    pub fn change_password(&self, who: &Session, current: &str) -> impl Answer {
        let body = json!({ "currentPassword": current, "newPassword": "password2",
            "confirmPassword": "password2" });
        self.put_as(who, "/api/user/password", body)
    }

    /// Somebody asks for a reset link to be mailed to `email`.
    pub fn forgot_password(&self, email: &str) -> impl Answer {
        self.post_json("/api/auth/forgot-password", json!({ "email": email }))
    }

    /// Somebody follows a reset link with `token`, choosing `password`.
    pub fn reset_password(&self, token: &str, password: &str) -> impl Answer {
        let body = json!({ "token": token, "password": password });
        self.post_json("/api/auth/reset-password", body)
    }

    /// `who` texts `message` to `to`.
    pub fn send_sms(&self, who: &Session, to: &str, message: &str) -> impl Answer {
        self.post_as(who, "/api/sms", json!({ "to": to, "message": message }))
    }

    /// `who` starts a card deposit of `amount`, as the deposit form sends it.
    pub fn deposit(&self, who: &Session, amount: Value) -> impl Answer {
        self.post_as(who, "/api/payment/stripe", json!({ "amount": amount }))
    }

    /// `path` is the administrators' alone: 401 without a token, 403 to `client`.
    pub async fn assert_refused(&self, client: &Session, path: &str) {
        let anonymous = self.get(path).send().await;
        assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED, "{path}");
        let r = self.get_as(client, path).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{path}");
    }

    /// The one mail in the outbox went to `to` with this subject.
    pub async fn assert_only_mail(&self, to: &str, subject: &str) {
        let (sent_to, sent_subject) = self.only_mail().await;
        assert_eq!((sent_to.as_str(), sent_subject.as_str()), (to, subject));
    }

    /// The first (newest) package `who` holds, as listed to them.
    pub async fn my_package(&self, who: &Session) -> Value {
        let r = self.get_as(who, "/api/packages/mine").await;
        r.body["packages"][0].clone()
    }

    /// The one text column a query answers, row by row.
    pub async fn strings(&self, sql: &str) -> Vec<String> {
        sqlx::query_scalar(sql)
            .fetch_all(&self.state.db.pool)
            .await
            .unwrap()
    }

    /// The text of the first notification titled `title`.
    pub async fn notice_text(&self, title: &str) -> String {
        let sql = "SELECT message FROM notifications WHERE title = $1 ORDER BY id LIMIT 1";
        sqlx::query_scalar(sql)
            .bind(title)
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
    }
}
