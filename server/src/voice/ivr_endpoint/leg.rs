//! A flow's forward: the endpoint calls the target through the switch as a second,
//! outbound leg from the flow's number (the switch authorizes and bills it like any
//! outbound call, on the ticket in X-Dialtone-Ivr-Leg) and bridges the two calls'
//! audio. This is the user agent client side of that leg (RFC 3261 17.1).

use super::g711::Codec;
use super::sip::{self, Message};
use super::ticket;
use std::net::SocketAddr;

pub const LEG_HEADER: &str = "X-Dialtone-Ivr-Leg";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegState {
    Calling,
    Ringing,
    Answered,
    /// Refused, cancelled or ended.
    Over,
}

pub struct Leg {
    pub call_id: String,
    pub state: LegState,
    /// The switch, where the INVITE (and everything after it) goes.
    pub switch: SocketAddr,
    invite: Vec<u8>,
    branch: String,
    uri: String,
    from: String,
    to: String,
    /// To with the far end's tag once it answered; the route set of its 200 OK.
    remote_to: String,
    target: String,
    routes: Vec<String>,
    local: SocketAddr,
    cseq: u32,
}

/// The SDP offer of the leg: the caller's codec first, then the other law, so that
/// the bridge rarely has to transcode, and telephone-event.
fn offer(rtp: SocketAddr, codec: Codec) -> String {
    let other = match codec {
        Codec::Pcmu => Codec::Pcma,
        Codec::Pcma => Codec::Pcmu,
    };
    let (a, b) = (codec.payload_type(), other.payload_type());
    format!(
        "v=0\r\no=dialtone 1 1 IN IP4 {ip}\r\ns=Dialtone IVR\r\nc=IN IP4 {ip}\r\nt=0 0\r\n\
         m=audio {port} RTP/AVP {a} {b} 101\r\na=rtpmap:{a} {}/8000\r\na=rtpmap:{b} {}/8000\r\n\
         a=rtpmap:101 telephone-event/8000\r\na=ptime:20\r\na=sendrecv\r\n",
        codec.name(),
        other.name(),
        ip = rtp.ip(),
        port = rtp.port()
    )
}

/// A message to send and where: a response's acknowledgement.
pub type Reply = Option<(Vec<u8>, SocketAddr)>;

pub struct NewLeg<'a> {
    pub call_id: &'a str,
    pub number: &'a str,
    pub to: &'a str,
    pub switch: SocketAddr,
    pub local: SocketAddr,
    pub rtp: SocketAddr,
    pub codec: Codec,
    pub secret: &'a str,
    /// The account's number the leg is billed as, when `number` (its From) is a
    /// verified outside number of the account.
    pub billed: Option<&'a str>,
}

impl Leg {
    /// The leg and its INVITE (send it, and again until a response arrives).
    pub fn invite(n: NewLeg<'_>) -> Leg {
        let uri = format!("sip:{}@{}", n.to, n.switch);
        let from = format!("<sip:{}@{}>;tag={}", n.number, n.local, sip::random_token());
        let to = format!("<sip:{}@{}>", n.to, n.switch);
        let branch = format!("z9hG4bK{}", sip::random_token());
        let ticket = match n.billed {
            Some(billed) => ticket::sign_leg_shown(n.secret, n.call_id, billed, n.number, n.to),
            None => ticket::sign_leg(n.secret, n.call_id, n.number, n.to),
        };
        let body = offer(n.rtp, n.codec);
        let invite = format!(
            "INVITE {uri} SIP/2.0\r\nVia: SIP/2.0/UDP {local};branch={branch};rport\r\n\
             From: {from}\r\nTo: {to}\r\nCall-ID: {call_id}\r\nCSeq: 1 INVITE\r\n\
             Contact: <sip:ivr@{local}>\r\nMax-Forwards: 70\r\n{LEG_HEADER}: {ticket}\r\n\
             User-Agent: Dialtone IVR\r\nContent-Type: application/sdp\r\nContent-Length: {}\r\n\r\n{body}",
            body.len(),
            local = n.local,
            call_id = n.call_id,
        );
        Leg {
            call_id: n.call_id.to_string(),
            state: LegState::Calling,
            switch: n.switch,
            invite: invite.into_bytes(),
            branch,
            uri,
            from,
            remote_to: to.clone(),
            to,
            target: String::new(),
            routes: Vec::new(),
            local: n.local,
            cseq: 1,
        }
    }

    /// The answered leg as a dialog of the endpoint's own (a call it placed).
    pub fn dialog(&self, contact: &str) -> super::dialog::Dialog {
        super::dialog::Dialog {
            call_id: self.call_id.clone(),
            local: self.from.clone(),
            remote: self.remote_to.clone(),
            target: self.target.clone(),
            routes: self.routes.clone(),
            contact: contact.to_string(),
            cseq: self.cseq,
        }
    }

    /// The SDP offered in the INVITE.
    pub fn offered_sdp(&self) -> String {
        let text = String::from_utf8_lossy(&self.invite);
        text.split_once("\r\n\r\n")
            .map(|(_, b)| b.to_string())
            .unwrap_or_default()
    }

    pub fn invite_bytes(&self) -> &[u8] {
        &self.invite
    }

    /// A response to our INVITE: what to send back (an ACK), and the answer's SDP
    /// when it is the 2xx.
    pub fn on_response(&mut self, m: &Message) -> (Reply, Option<Vec<u8>>) {
        let code = m.status().unwrap_or(0);
        if m.method() != "INVITE" {
            return (None, None);
        }
        match code {
            100..=199 => {
                if self.state == LegState::Calling && code >= 180 {
                    self.state = LegState::Ringing;
                }
                (None, None)
            }
            200..=299 => {
                // A repeated 200 OK is acknowledged again.
                self.remote_to = m.header("to").unwrap_or(&self.to).to_string();
                self.target = sip::uri_of(m.header("contact").unwrap_or("")).to_string();
                let mut routes = m.header_values("record-route");
                routes.reverse();
                self.routes = routes;
                let first = self.state != LegState::Answered;
                self.state = LegState::Answered;
                let ack = self.request("ACK", 1);
                let hop = self.next_hop();
                (Some((ack, hop)), first.then(|| m.body.clone()))
            }
            _ => {
                // Non-2xx: acknowledged in the INVITE's own transaction.
                self.state = LegState::Over;
                self.remote_to = m.header("to").unwrap_or(&self.to).to_string();
                let ack = self.invite_transaction("ACK", &self.remote_to);
                (Some((ack, self.switch)), None)
            }
        }
    }

    /// CANCEL of the unanswered INVITE (its branch, its Request-URI).
    pub fn cancel(&self) -> Vec<u8> {
        self.invite_transaction("CANCEL", &self.to)
    }

    /// A request in the INVITE's own transaction (its branch, its Request-URI, CSeq 1):
    /// the ACK of a non-2xx answer, or the CANCEL.
    fn invite_transaction(&self, method: &str, to: &str) -> Vec<u8> {
        format!(
            "{method} {uri} SIP/2.0\r\nVia: SIP/2.0/UDP {local};branch={branch};rport\r\n\
             From: {from}\r\nTo: {to}\r\nCall-ID: {id}\r\nCSeq: 1 {method}\r\n\
             Max-Forwards: 70\r\nContent-Length: 0\r\n\r\n",
            uri = self.uri,
            local = self.local,
            branch = self.branch,
            from = self.from,
            id = self.call_id
        )
        .into_bytes()
    }

    /// BYE of the answered leg.
    pub fn bye(&mut self) -> (Vec<u8>, SocketAddr) {
        self.cseq += 1;
        let bye = self.request("BYE", self.cseq);
        self.state = LegState::Over;
        (bye, self.next_hop())
    }

    fn next_hop(&self) -> SocketAddr {
        let uri = self
            .routes
            .first()
            .map(|r| sip::uri_of(r))
            .unwrap_or(self.target.as_str());
        sip::host_port_of(uri)
            .and_then(|(h, p)| format!("{h}:{p}").parse().ok())
            .unwrap_or(self.switch)
    }

    fn request(&self, method: &str, cseq: u32) -> Vec<u8> {
        let mut out = format!(
            "{method} {target} SIP/2.0\r\nVia: SIP/2.0/UDP {local};branch=z9hG4bK{b};rport\r\n",
            target = self.target,
            local = self.local,
            b = sip::random_token()
        );
        for r in &self.routes {
            out.push_str(&format!("Route: {r}\r\n"));
        }
        out.push_str(&format!(
            "From: {}\r\nTo: {}\r\nCall-ID: {}\r\nCSeq: {cseq} {method}\r\n\
             Max-Forwards: 70\r\nContent-Length: 0\r\n\r\n",
            self.from, self.remote_to, self.call_id
        ));
        out.into_bytes()
    }
}
