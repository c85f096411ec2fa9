//! The Twilio-compatible API (/2010-04-01) and the credentials behind it, driven as
//! customers' code drives it: HTTP Basic, form-encoded bodies, Twilio's JSON. (The
//! official Python SDK runs against a live server in sdk-tests/.)

mod credentials;
mod debugger;
mod messages;
mod numbers;
mod usage;

use crate::common::{Resp, Session, TestApp};
use axum::http::Method;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::json;

/// Basic credentials for the API: an account SID or key SID with its secret.
#[derive(Clone)]
pub struct Creds {
    pub account_sid: String,
    pub user: String,
    pub secret: String,
}

/// The session's account SID and auth token (revealed with the password `password1`
/// that `TestApp::client` signs up with).
pub async fn creds(app: &TestApp, s: &Session) -> Creds {
    let me = app.get_as(s, "/api/developer").await;
    let sid = me.body["accountSid"].as_str().unwrap().to_string();
    let token = app
        .post_as(
            s,
            "/api/developer/auth-token/reveal",
            json!({ "password": "password1" }),
        )
        .await;
    assert_eq!(token.status, 200, "{}", token.body);
    Creds {
        user: sid.clone(),
        account_sid: sid,
        secret: token.body["authToken"].as_str().unwrap().to_string(),
    }
}

/// `path` under the account (e.g. "/Messages.json"), with a form body when given.
pub async fn call(
    app: &TestApp,
    c: &Creds,
    method: Method,
    path: &str,
    form: &[(&str, &str)],
) -> Resp {
    let uri = format!("/2010-04-01/Accounts/{}{path}", c.account_sid);
    let auth = format!(
        "Basic {}",
        STANDARD.encode(format!("{}:{}", c.user, c.secret))
    );
    let req = app.req(method, &uri).header("authorization", &auth);
    if form.is_empty() {
        return req.send().await;
    }
    let body = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(form)
        .finish();
    req.raw("application/x-www-form-urlencoded", body)
        .send()
        .await
}

pub async fn get(app: &TestApp, c: &Creds, path: &str) -> Resp {
    call(app, c, Method::GET, path, &[]).await
}

pub async fn post(app: &TestApp, c: &Creds, path: &str, form: &[(&str, &str)]) -> Resp {
    call(app, c, Method::POST, path, form).await
}

/// The call's recordings listed by the API once there is one (five seconds at the most:
/// a recording is stored when its call has ended), as the list's answer.
pub async fn recordings_of(app: &TestApp, c: &Creds, call_sid: &str) -> Resp {
    let path = format!("/Calls/{call_sid}/Recordings.json");
    let mut listed = get(app, c, &path).await;
    for _ in 0..50 {
        if listed.body["recordings"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        listed = get(app, c, &path).await;
    }
    listed
}

/// Asserts a Twilio error: its HTTP status, its code, and Twilio's four keys only.
pub fn assert_twilio_error(r: &Resp, status: u16, code: i64) {
    assert_eq!(
        (r.status.as_u16(), r.body["code"].as_i64()),
        (status, Some(code)),
        "{}",
        r.body
    );
    let mut keys: Vec<&str> = r
        .body
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort();
    assert_eq!(keys, ["code", "message", "more_info", "status"]);
    assert_eq!(r.body["status"].as_i64(), Some(status as i64));
}
