//! The openings and steps many tests share on the way to what they check, written
//! once: who is signed in, and the requests whose JSON body is the same every time
//! but for a value or two.

use super::requests::Answer;
use super::{Session, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};

/// The administrator the openings below create.
const ADMIN: &str = "admin@example.com";

impl TestApp {
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

    /// `who` texts `message` to `to`.
    pub fn send_sms(&self, who: &Session, to: &str, message: &str) -> impl Answer {
        self.post_as(who, "/api/sms", json!({ "to": to, "message": message }))
    }

    /// `who` starts a card deposit of `amount`, as the deposit form sends it.
    pub fn deposit(&self, who: &Session, amount: Value) -> impl Answer {
        self.post_as(who, "/api/payment/stripe", json!({ "amount": amount }))
    }
}
