//! One-line requests for the calls every area makes as somebody: rustfmt spreads
//! `app.put(path).bearer(&s.token).json(body).send().await` over six lines, and a
//! test is easier to read (and repeats itself less) as `app.put_as(&s, path, body)`.
//! Each returns the request's own future, which owns all it needs: it can be awaited
//! at once or handed to `tokio::spawn` / `spawn_all` as the long form could.

use super::{Resp, Session, TestApp};
use axum::body::Body;
use axum::http::Method;
use serde_json::Value;
use std::future::Future;

/// What a request is signed with: a session, or a bare token (the switch's, a
/// rotated one, a forged one).
pub trait Bearer {
    fn token(&self) -> &str;
}

impl Bearer for Session {
    fn token(&self) -> &str {
        &self.token
    }
}

impl Bearer for str {
    fn token(&self) -> &str {
        self
    }
}

impl Bearer for String {
    fn token(&self) -> &str {
        self
    }
}

impl<T: Bearer + ?Sized> Bearer for &T {
    fn token(&self) -> &str {
        (**self).token()
    }
}

/// The answer to a request, once sent.
pub trait Answer: Future<Output = Resp> + Send + 'static {}
impl<F: Future<Output = Resp> + Send + 'static> Answer for F {}

impl TestApp {
    pub fn get_as<B: Bearer + ?Sized>(&self, who: &B, path: &str) -> impl Answer {
        self.get(path).bearer(who.token()).send()
    }

    pub fn post_as<B: Bearer + ?Sized>(&self, who: &B, path: &str, body: Value) -> impl Answer {
        self.post(path).bearer(who.token()).json(body).send()
    }

    /// A POST with no body at all (not even `null`): the actions named by their path.
    pub fn post_empty_as<B: Bearer + ?Sized>(&self, who: &B, path: &str) -> impl Answer {
        self.post(path).bearer(who.token()).send()
    }

    pub fn put_as<B: Bearer + ?Sized>(&self, who: &B, path: &str, body: Value) -> impl Answer {
        self.put(path).bearer(who.token()).json(body).send()
    }

    pub fn delete_as<B: Bearer + ?Sized>(&self, who: &B, path: &str) -> impl Answer {
        self.req(Method::DELETE, path).bearer(who.token()).send()
    }

    /// A POST of JSON without any token: the public forms, signing in.
    pub fn post_json(&self, path: &str, body: Value) -> impl Answer {
        self.post(path).json(body).send()
    }

    /// A POST of a body that need not be JSON at all.
    pub fn post_raw(&self, path: &str, kind: &str, body: impl Into<Body>) -> impl Answer {
        self.post(path).raw(kind, body).send()
    }

    /// The refresh call a browser makes with its cookie.
    pub fn refresh(&self, cookie: &str) -> impl Answer {
        self.post("/api/auth/refresh-token").cookie(cookie).send()
    }
}

impl Resp {
    /// The `message` of an answer, which every error and many successes carry.
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap()
    }
}
