//! A customer's webhook endpoint: a real HTTP server on loopback that answers each
//! request as told (a status, or no answer at all) and keeps what it received.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::task::JoinHandle;

/// How the endpoint answers a request.
#[derive(Clone, Copy)]
pub enum Reply {
    Status(u16),
    /// Holds the request for a minute: longer than the sender waits.
    Hang,
}

/// One request as the customer's server saw it.
pub struct Received {
    /// Scheme, host, port, path and query: what the signature covers.
    pub url: String,
    pub headers: HeaderMap,
    pub params: Vec<(String, String)>,
}

#[derive(Clone, Default)]
struct Shared {
    received: Arc<Mutex<Vec<Received>>>,
    /// Replies for the coming requests; 200 once they run out.
    replies: Arc<Mutex<VecDeque<Reply>>>,
    /// Paths that always hang.
    slow_path: Arc<Mutex<Option<String>>>,
    delay: Arc<Mutex<Duration>>,
}

pub struct Customer {
    pub addr: SocketAddr,
    shared: Shared,
    server: Option<JoinHandle<()>>,
}

impl Customer {
    pub async fn start() -> Customer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let mut c = Customer {
            addr,
            shared: Shared::default(),
            server: None,
        };
        c.listen(listener);
        c
    }

    fn listen(&mut self, listener: tokio::net::TcpListener) {
        let router = axum::Router::new()
            .fallback(answer)
            .with_state(self.shared.clone());
        self.server = Some(tokio::spawn(async move {
            let _ = axum::serve(listener, router).await;
        }));
    }

    /// The address of `path` (with its query) on this server.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    pub fn reply(&self, replies: &[Reply]) {
        self.shared.replies.lock().unwrap().extend(replies);
    }

    /// Every request to `path` hangs.
    pub fn hang_on(&self, path: &str) {
        *self.shared.slow_path.lock().unwrap() = Some(path.into());
    }

    /// Each answer waits this long first, so that concurrent senders overlap.
    pub fn delay(&self, d: Duration) {
        *self.shared.delay.lock().unwrap() = d;
    }

    /// Stops listening: connections are refused until `restart`. Waits for the
    /// server's task to end, so its listener is closed (not merely no longer accepting:
    /// the kernel would still complete connections into its backlog).
    pub async fn stop(&mut self) {
        if let Some(server) = self.server.take() {
            server.abort();
            let _ = server.await;
        }
    }

    pub async fn restart(&mut self) {
        self.stop().await;
        for _ in 0..100 {
            if let Ok(listener) = tokio::net::TcpListener::bind(self.addr).await {
                return self.listen(listener);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("{} did not become free", self.addr);
    }

    /// How many requests arrived and were not taken yet.
    pub fn waiting(&self) -> usize {
        self.shared.received.lock().unwrap().len()
    }

    /// Takes what was received so far.
    pub fn received(&self) -> Vec<Received> {
        std::mem::take(&mut *self.shared.received.lock().unwrap())
    }
}

async fn answer(State(s): State<Shared>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let host = headers["host"].to_str().unwrap().to_string();
    let params = url::form_urlencoded::parse(&body).into_owned().collect();
    let slow = s.slow_path.lock().unwrap().as_deref() == Some(uri.path());
    s.received.lock().unwrap().push(Received {
        url: format!("http://{host}{uri}"),
        headers,
        params,
    });
    let reply = if slow {
        Reply::Hang
    } else {
        s.replies
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or(Reply::Status(200))
    };
    let delay = *s.delay.lock().unwrap();
    tokio::time::sleep(delay).await;
    match reply {
        Reply::Hang => {
            tokio::time::sleep(Duration::from_secs(60)).await;
            StatusCode::OK.into_response()
        }
        // Connection: close, so a stopped server is not reached again through a
        // connection the sender kept open.
        Reply::Status(code) => (
            StatusCode::from_u16(code).unwrap(),
            [("connection", "close")],
        )
            .into_response(),
    }
}
