//! The Calls API's hold on a live TwiML call, placed or inbound: end it, or redirect
//! it to other TwiML (`POST /Calls/{Sid}`). Keyed by the call's SID. The instance that
//! carries the call holds its channel; a request that lands on another instance is
//! NOTIFYed to every instance on PostgreSQL, and the one carrying the call acts.

use super::originate::First;
use super::Endpoint;
use crate::state::AppState;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tokio::sync::mpsc;

/// The channel the instances tell each other the API's word on.
const CHANNEL: &str = "dialtone_call_control";

#[derive(Debug, Serialize, Deserialize)]
pub enum Control {
    /// Ends the call: hangs up an answered one, cancels a ringing one.
    End,
    /// Runs this TwiML from now on.
    Redirect(First),
}

/// The API's word on a call, as it goes between instances.
#[derive(Serialize, Deserialize)]
struct Word {
    sid: String,
    control: Control,
}

pub type Controls =
    std::sync::Mutex<std::collections::HashMap<String, mpsc::UnboundedSender<Control>>>;

impl Endpoint {
    /// Listens for the API's word on call `sid` until `forget_control`.
    pub(super) fn control(&self, sid: &str) -> mpsc::UnboundedReceiver<Control> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.controls.lock().unwrap().insert(sid.to_string(), tx);
        rx
    }

    pub(super) fn forget_control(&self, sid: &str) {
        self.controls.lock().unwrap().remove(sid);
    }
}

impl Endpoint {
    /// Hands `c` to call `sid` if this instance carries it; gives it back otherwise.
    fn send_control(&self, sid: &str, c: Control) -> Result<(), Control> {
        let sender = self.controls.lock().unwrap().get(sid).cloned();
        match sender {
            Some(s) => s.send(c).map_err(|e| e.0),
            None => Err(c),
        }
    }
}

/// Hands `c` to call `sid`, on whichever instance carries it: at once when this one
/// does, else through PostgreSQL's NOTIFY (on SQLite there is no other instance, and a
/// call not carried here has ended).
pub async fn send(state: &AppState, sid: &str, c: Control) -> anyhow::Result<()> {
    let c = match state.ivr.endpoint() {
        Some(ep) => match ep.send_control(sid, c) {
            Ok(()) => return Ok(()),
            Err(c) => c,
        },
        None => c,
    };
    let word = serde_json::to_string(&Word {
        sid: sid.to_string(),
        control: c,
    })?;
    crate::db::notify::notify(&state.db, CHANNEL, &word).await?;
    Ok(())
}

/// Listens for the other instances' words on the calls `ep` carries, while it runs.
pub(super) fn listen(ep: &Arc<Endpoint>) {
    let weak = Arc::downgrade(ep);
    crate::db::notify::listen(&ep.state.db, CHANNEL, move |payload| {
        let Some(ep) = weak.upgrade() else {
            return false;
        };
        if let Ok(word) = serde_json::from_str::<Word>(&payload) {
            // Not carried here: another instance's call, or one that has ended.
            let _ = ep.send_control(&word.sid, word.control);
        }
        true
    });
}

/// The next word of the API, or never when the call takes none.
pub(super) async fn next(rx: &mut Option<mpsc::UnboundedReceiver<Control>>) -> Option<Control> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}
