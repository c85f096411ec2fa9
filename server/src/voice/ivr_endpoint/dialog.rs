//! The endpoint's side of a dialog (RFC 3261 section 12, as the UAS): what it needs to
//! send its own BYE back through the proxies that record-routed the INVITE.

use super::sip::{self, Message};
use std::net::SocketAddr;

#[derive(Debug, Clone)]
pub struct Dialog {
    pub call_id: String,
    /// Our To of the INVITE with our tag: the From of our requests.
    pub local: String,
    /// The INVITE's From: the To of our requests.
    pub remote: String,
    /// The caller's Contact: the Request-URI of our requests.
    pub target: String,
    /// The Record-Route URIs, in the INVITE's order (a UAS keeps it).
    pub routes: Vec<String>,
    pub contact: String,
    pub cseq: u32,
}

impl Dialog {
    pub fn from_invite(invite: &Message, tag: &str, contact: &str) -> Dialog {
        Dialog {
            call_id: invite.call_id().to_string(),
            local: format!("{};tag={tag}", invite.header("to").unwrap_or("")),
            remote: invite.header("from").unwrap_or("").to_string(),
            target: sip::uri_of(invite.header("contact").unwrap_or("")).to_string(),
            routes: invite.header_values("record-route"),
            contact: contact.to_string(),
            cseq: 0,
        }
    }

    /// Where our requests go: the first route when it is a loose router, else the target.
    pub fn next_hop(&self) -> Option<SocketAddr> {
        let uri = self
            .routes
            .first()
            .map(|r| sip::uri_of(r))
            .unwrap_or(self.target.as_str());
        let (host, port) = sip::host_port_of(uri)?;
        format!("{host}:{port}").parse().ok()
    }

    /// A new in-dialog request (BYE), from `via` (our SIP address), with a fresh branch.
    pub fn request(&mut self, method: &str, via: SocketAddr) -> Vec<u8> {
        self.cseq += 1;
        let mut out = format!(
            "{method} {target} SIP/2.0\r\nVia: SIP/2.0/UDP {via};branch=z9hG4bK{branch};rport\r\n",
            target = self.target,
            branch = sip::random_token()
        );
        for route in &self.routes {
            out.push_str(&format!("Route: {route}\r\n"));
        }
        out.push_str(&format!(
            "From: {}\r\nTo: {}\r\nCall-ID: {}\r\nCSeq: {} {method}\r\nContact: {}\r\n\
             Max-Forwards: 70\r\nUser-Agent: Dialtone IVR\r\nContent-Length: 0\r\n\r\n",
            self.local, self.remote, self.call_id, self.cseq, self.contact
        ));
        out.into_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bye_follows_the_record_route_back_to_the_caller() {
        let invite = "INVITE sip:+14155550100@127.0.0.1:5090 SIP/2.0\r\n\
            Record-Route: <sip:127.0.0.1:5062;lr;ftag=abc>\r\n\
            Via: SIP/2.0/UDP 127.0.0.1:5062;branch=z9hG4bKk1\r\n\
            From: <sip:+442071234567@127.0.0.1>;tag=abc\r\nTo: <sip:+14155550100@127.0.0.1>\r\n\
            Call-ID: c1\r\nCSeq: 1 INVITE\r\nContact: <sip:+442071234567@127.0.0.1:6000>\r\n\
            Content-Length: 0\r\n\r\n";
        let invite = Message::parse(invite.as_bytes()).unwrap();
        let mut d = Dialog::from_invite(&invite, "t9", "<sip:ivr@127.0.0.1:5090>");
        assert_eq!(d.next_hop(), Some("127.0.0.1:5062".parse().unwrap()));
        let bye = d.request("BYE", "127.0.0.1:5090".parse().unwrap());
        let bye = Message::parse(&bye).unwrap();
        assert_eq!(bye.uri(), "sip:+442071234567@127.0.0.1:6000");
        assert_eq!(
            bye.header("route"),
            Some("<sip:127.0.0.1:5062;lr;ftag=abc>")
        );
        assert_eq!(sip::param(bye.header("from").unwrap(), "tag"), "t9");
        assert_eq!(sip::param(bye.header("to").unwrap(), "tag"), "abc");
        assert_eq!(bye.cseq(), (1, "BYE"));
    }
}
