//! The customer's TwiML application in the TwiML tests: a real HTTP server on
//! loopback that answers each path with its document and keeps what it was asked.

use axum::extract::State;
use axum::http::{HeaderMap, Uri};
use axum::response::IntoResponse;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// One request the application received: its path, Twilio's parameters, the URL
/// signed and the signature.
#[derive(Clone, Debug)]
pub(super) struct Asked {
    pub path: String,
    pub url: String,
    pub params: HashMap<String, String>,
    pub signature: String,
    pub at: std::time::Instant,
}

/// A binary file served: its content type and bytes.
type File = (&'static str, Vec<u8>);

#[derive(Clone, Default)]
struct Shared {
    documents: Arc<HashMap<String, (u16, &'static str, String)>>,
    /// Binary files (audio for Play), by path: content type and bytes.
    files: Arc<Mutex<HashMap<String, File>>>,
    /// Paths that answer only after a while (a customer's server thinking).
    delays: Arc<Mutex<HashMap<String, std::time::Duration>>>,
    asked: Arc<Mutex<Vec<Asked>>>,
}

/// The customer's application: each path answers with (status, content type, body).
pub(super) struct Application {
    addr: std::net::SocketAddr,
    shared: Shared,
}

impl Application {
    pub async fn start(documents: &[(&str, u16, &'static str, &str)]) -> Application {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = Shared {
            documents: Arc::new(
                documents
                    .iter()
                    .map(|(p, s, t, b)| (p.to_string(), (*s, *t, b.to_string())))
                    .collect(),
            ),
            files: Default::default(),
            delays: Default::default(),
            asked: Default::default(),
        };
        let router = axum::Router::new()
            .fallback(answer)
            .with_state(shared.clone());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        Application { addr, shared }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Serves `bytes` at `path` as `content_type` from now on.
    pub fn serve(&self, path: &str, content_type: &'static str, bytes: Vec<u8>) {
        let file = (content_type, bytes);
        self.shared.files.lock().unwrap().insert(path.into(), file);
    }

    /// `path` answers only after `d`.
    pub fn delay(&self, path: &str, d: std::time::Duration) {
        self.shared.delays.lock().unwrap().insert(path.into(), d);
    }

    pub fn asked(&self) -> Vec<Asked> {
        self.shared.asked.lock().unwrap().clone()
    }
}

async fn answer(
    State(s): State<Shared>,
    uri: Uri,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> axum::response::Response {
    let host = headers["host"].to_str().unwrap();
    s.asked.lock().unwrap().push(Asked {
        path: uri.path().to_string(),
        url: format!("http://{host}{uri}"),
        params: url::form_urlencoded::parse(&body).into_owned().collect(),
        signature: headers
            .get("x-twilio-signature")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default(),
        at: std::time::Instant::now(),
    });
    let delay = s.delays.lock().unwrap().get(uri.path()).copied();
    if let Some(d) = delay {
        tokio::time::sleep(d).await;
    }
    let file = s.files.lock().unwrap().get(uri.path()).cloned();
    if let Some((content_type, bytes)) = file {
        return ([("content-type", content_type)], bytes).into_response();
    }
    let (status, content_type, body) =
        s.documents
            .get(uri.path())
            .cloned()
            .unwrap_or((404, "text/plain", String::new()));
    let status = axum::http::StatusCode::from_u16(status).unwrap();
    (status, [("content-type", content_type)], body).into_response()
}
