//! The Calls API's hold on a TwiML call this instance carries: end it, or redirect it
//! to other TwiML (`POST /Calls/{Sid}`). Keyed by the call's SID; a call another
//! instance carries is not found here.

use super::originate::First;
use super::{Endpoint, Handle};
use tokio::sync::mpsc;

#[derive(Debug)]
pub enum Control {
    /// Ends the call: hangs up an answered one, cancels a ringing one.
    End,
    /// Runs this TwiML from now on.
    Redirect(First),
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

impl Handle {
    /// Hands `c` to call `sid` if this instance carries it.
    pub fn send_control(&self, sid: &str, c: Control) -> bool {
        let Some(ep) = self.endpoint() else {
            return false;
        };
        let sender = ep.controls.lock().unwrap().get(sid).cloned();
        sender.is_some_and(|s| s.send(c).is_ok())
    }
}

/// The next word of the API, or never when the call takes none.
pub(super) async fn next(rx: &mut Option<mpsc::UnboundedReceiver<Control>>) -> Option<Control> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}
