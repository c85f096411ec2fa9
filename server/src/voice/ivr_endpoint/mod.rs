//! The IVR media endpoint: a SIP user agent server on UDP that answers the calls
//! Kamailio relays for numbers routed to a flow, with G.711 audio, and runs core's flow
//! executor on each (see `call`). Kamailio keeps owning the call: it authorized it,
//! record-routes it, and bills it from its CDR as any inbound call.

mod call;
pub mod control;
mod dialog;
mod ending;
mod forward;
pub mod g711;
mod incoming;
mod leg;
pub mod originate;
mod programmable;
mod rtp;
mod sdp;
mod session;
mod sip;
mod stream;
mod tape;
pub mod ticket;
pub mod wav;

use crate::state::AppState;
use sip::Message;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, Weak};
use tokio::net::UdpSocket;
use tokio::sync::mpsc;

/// A SIP message and where it came from, handed to the call it belongs to.
type Incoming = (Message, SocketAddr);

pub(crate) struct Endpoint {
    state: AppState,
    socket: UdpSocket,
    local: SocketAddr,
    /// Calls in progress (and just ended, absorbing retransmissions) by Call-ID.
    calls: Mutex<HashMap<String, mpsc::UnboundedSender<Incoming>>>,
    /// TwiML calls the API may end or redirect, by SID (`control`).
    controls: control::Controls,
}

impl Endpoint {
    async fn send(&self, bytes: &[u8], to: SocketAddr) {
        if let Err(e) = self.socket.send_to(bytes, to).await {
            tracing::warn!(%to, error = %e, "IVR: SIP send failed");
        }
    }

    /// The channel of the call `call_id` names, while it is in progress.
    fn sender_of(&self, call_id: &str) -> Option<mpsc::UnboundedSender<Incoming>> {
        self.calls.lock().unwrap().get(call_id).cloned()
    }

    fn forget(&self, call_id: &str) {
        self.calls.lock().unwrap().remove(call_id);
    }

    fn active_calls(&self) -> usize {
        self.calls.lock().unwrap().len()
    }
}

/// Where the handlers find this instance's endpoint (to place a call from the API),
/// and the switch its calls go through.
#[derive(Default)]
pub struct Handle {
    endpoint: Mutex<Option<Weak<Endpoint>>>,
    switch: Mutex<Option<SocketAddr>>,
}

impl Handle {
    fn endpoint(&self) -> Option<Arc<Endpoint>> {
        self.endpoint
            .lock()
            .unwrap()
            .as_ref()
            .and_then(Weak::upgrade)
    }

    /// The switch the endpoint's own calls go through: DIALTONE_SIP_LISTEN (Kamailio's
    /// address) unless set here.
    pub fn set_switch(&self, addr: SocketAddr) {
        *self.switch.lock().unwrap() = Some(addr);
    }

    fn switch(&self) -> Option<SocketAddr> {
        let set = *self.switch.lock().unwrap();
        set.or_else(|| {
            std::env::var("DIALTONE_SIP_LISTEN")
                .unwrap_or_else(|_| "127.0.0.1:5060".into())
                .parse()
                .ok()
        })
    }
}

/// The running endpoint: its address, and its task (stopped when this is dropped).
pub struct Listener {
    pub addr: SocketAddr,
    endpoint: Arc<Endpoint>,
    task: tokio::task::JoinHandle<()>,
}

impl Listener {
    /// Calls in progress, or ended within the last seconds.
    pub fn calls(&self) -> usize {
        self.endpoint.active_calls()
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Binds the endpoint on `addr` (UDP, e.g. 127.0.0.1:5090) and serves it.
pub async fn start(state: AppState, addr: &str) -> std::io::Result<Listener> {
    let socket = UdpSocket::bind(addr).await?;
    let local = socket.local_addr()?;
    let endpoint = Arc::new(Endpoint {
        state,
        socket,
        local,
        calls: Mutex::new(HashMap::new()),
        controls: Default::default(),
    });
    *endpoint.state.ivr.endpoint.lock().unwrap() = Some(Arc::downgrade(&endpoint));
    control::listen(&endpoint);
    let task = tokio::spawn(serve(endpoint.clone()));
    tracing::info!("IVR endpoint listening on sip:{local} (UDP)");
    Ok(Listener {
        addr: local,
        endpoint,
        task,
    })
}

/// Starts the endpoint at DIALTONE_IVR_SIP_ADDR for the life of the server; a port
/// already taken is logged, not fatal (the web app serves on without IVR calls).
pub fn spawn(state: AppState) {
    let Some(addr) = state.config.ivr_sip_addr.clone() else {
        return;
    };
    tokio::spawn(async move {
        match start(state, &addr).await {
            Ok(listener) => {
                // Serves until the process ends.
                std::future::pending::<()>().await;
                drop(listener);
            }
            Err(e) => tracing::error!(%addr, error = %e, "IVR endpoint could not listen"),
        }
    });
}

async fn serve(ep: Arc<Endpoint>) {
    let mut buf = vec![0u8; 65_535];
    loop {
        let (n, from) = match ep.socket.recv_from(&mut buf).await {
            Ok(r) => r,
            Err(e) => {
                // ICMP port unreachable from an earlier send shows up here on Linux.
                tracing::debug!(error = %e, "IVR: SIP receive error");
                continue;
            }
        };
        let Some(msg) = Message::parse(&buf[..n]) else {
            continue;
        };
        dispatch(&ep, msg, from).await;
    }
}

async fn dispatch(ep: &Arc<Endpoint>, msg: Message, from: SocketAddr) {
    let call_id = msg.call_id().to_string();
    if let Some(call) = ep.sender_of(&call_id) {
        let _ = call.send((msg, from));
        return;
    }
    if !msg.is_request() || msg.method() == "ACK" {
        return;
    }
    let has_to_tag = !sip::param(msg.header("to").unwrap_or(""), "tag").is_empty();
    match msg.method() {
        "INVITE" if !has_to_tag => {
            let (tx, rx) = mpsc::unbounded_channel();
            ep.calls.lock().unwrap().insert(call_id, tx);
            tokio::spawn(call::run(ep.clone(), msg, from, rx));
        }
        "OPTIONS" => {
            let ok = msg.response(200, "OK", &sip::random_token(), call::ALLOW, b"");
            ep.send(&ok, from).await;
        }
        _ => {
            let gone = msg.response(481, "Call/Transaction Does Not Exist", "", "", b"");
            ep.send(&gone, from).await;
        }
    }
}
