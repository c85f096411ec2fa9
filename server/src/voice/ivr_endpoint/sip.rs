//! Just enough SIP (RFC 3261) for a user agent server behind Kamailio: parse a datagram
//! into a start line, headers and body; build responses that copy what the request's
//! transaction and dialog need; build the requests the endpoint sends itself (BYE).

use std::fmt::Write;

#[derive(Debug, Clone)]
pub struct Message {
    /// "INVITE sip:+1... SIP/2.0" or "SIP/2.0 200 OK".
    pub start: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// RFC 3261's compact header names.
fn full_name(name: &str) -> &str {
    match name {
        "v" | "V" => "via",
        "f" | "F" => "from",
        "t" | "T" => "to",
        "i" | "I" => "call-id",
        "m" | "M" => "contact",
        "l" | "L" => "content-length",
        "c" | "C" => "content-type",
        _ => name,
    }
}

impl Message {
    pub fn parse(data: &[u8]) -> Option<Message> {
        let split = data.windows(4).position(|w| w == b"\r\n\r\n")?;
        let head = std::str::from_utf8(&data[..split]).ok()?;
        let mut lines = head.split("\r\n");
        let start = lines.next()?.trim().to_string();
        let mut headers: Vec<(String, String)> = Vec::new();
        for line in lines {
            if line.starts_with([' ', '\t']) {
                // A folded continuation line belongs to the header before it.
                if let Some(last) = headers.last_mut() {
                    last.1.push(' ');
                    last.1.push_str(line.trim());
                }
                continue;
            }
            let (name, value) = line.split_once(':')?;
            let name = full_name(name.trim()).to_ascii_lowercase();
            headers.push((name, value.trim().to_string()));
        }
        let mut body = data[split + 4..].to_vec();
        let message = Message {
            start,
            headers,
            body: Vec::new(),
        };
        if let Some(len) = message.header("content-length") {
            body.truncate(len.parse().ok()?);
        }
        let message = Message { body, ..message };
        if message.header("call-id").is_none() || message.header("cseq").is_none() {
            return None;
        }
        Some(message)
    }

    pub fn is_request(&self) -> bool {
        !self.start.starts_with("SIP/2.0 ")
    }

    /// The request's method, or for a response the method its CSeq names.
    pub fn method(&self) -> &str {
        if self.is_request() {
            self.start.split(' ').next().unwrap_or("")
        } else {
            self.cseq().1
        }
    }

    pub fn status(&self) -> Option<u16> {
        if self.is_request() {
            return None;
        }
        self.start.split(' ').nth(1)?.parse().ok()
    }

    pub fn uri(&self) -> &str {
        self.start.split(' ').nth(1).unwrap_or("")
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a header, comma-separated lists split (outside <>).
    pub fn header_values(&self, name: &str) -> Vec<String> {
        let name = name.to_ascii_lowercase();
        let mut out = Vec::new();
        for (_, value) in self.headers.iter().filter(|(n, _)| *n == name) {
            out.extend(split_list(value));
        }
        out
    }

    pub fn call_id(&self) -> &str {
        self.header("call-id").unwrap_or("")
    }

    pub fn cseq(&self) -> (u32, &str) {
        let raw = self.header("cseq").unwrap_or("");
        let mut parts = raw.split_whitespace();
        let number = parts.next().and_then(|n| n.parse().ok()).unwrap_or(0);
        (number, parts.next().unwrap_or(""))
    }

    /// A response to this request: its transaction's headers copied, `to_tag` added to
    /// To when it has none, and `extra` headers (each ending with CRLF) before the body.
    pub fn response(
        &self,
        code: u16,
        reason: &str,
        to_tag: &str,
        extra: &str,
        body: &[u8],
    ) -> Vec<u8> {
        let mut out = format!("SIP/2.0 {code} {reason}\r\n");
        for (name, value) in &self.headers {
            let copy = match name.as_str() {
                "via" | "from" | "call-id" | "cseq" => true,
                // A dialog-forming answer keeps the proxies on the path.
                "record-route" => (101..300).contains(&code),
                _ => false,
            };
            if copy {
                let _ = write!(out, "{}: {value}\r\n", canonical(name));
            }
        }
        let to = self.header("to").unwrap_or("");
        if param(to, "tag").is_empty() && code > 100 && !to_tag.is_empty() {
            let _ = write!(out, "To: {to};tag={to_tag}\r\n");
        } else {
            let _ = write!(out, "To: {to}\r\n");
        }
        out.push_str("Server: Dialtone IVR\r\n");
        out.push_str(extra);
        let _ = write!(out, "Content-Length: {}\r\n\r\n", body.len());
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(body);
        bytes
    }
}

fn canonical(name: &str) -> &str {
    match name {
        "via" => "Via",
        "from" => "From",
        "call-id" => "Call-ID",
        "cseq" => "CSeq",
        "record-route" => "Record-Route",
        _ => name,
    }
}

/// A header parameter's value (`;tag=abc` -> "abc"), outside any <...>.
pub fn param<'a>(value: &'a str, name: &str) -> &'a str {
    let tail = match value.rfind('>') {
        Some(i) => &value[i..],
        None => value,
    };
    for p in tail.split(';').skip(1) {
        let (k, v) = p.split_once('=').unwrap_or((p, ""));
        if k.trim().eq_ignore_ascii_case(name) {
            return v.trim();
        }
    }
    ""
}

/// Splits "a, <sip:b;x=1,2>, c" at the commas outside angle brackets and quotes.
pub fn split_list(value: &str) -> Vec<String> {
    let (mut out, mut cur, mut angle, mut quoted) = (Vec::new(), String::new(), false, false);
    for c in value.chars() {
        match c {
            '<' if !quoted => angle = true,
            '>' if !quoted => angle = false,
            '"' => quoted = !quoted,
            ',' if !angle && !quoted => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// The URI inside a name-addr ("Name" <sip:x@h;lr>;p=1 -> sip:x@h;lr).
pub fn uri_of(name_addr: &str) -> &str {
    match (name_addr.find('<'), name_addr.find('>')) {
        (Some(a), Some(b)) if a < b => &name_addr[a + 1..b],
        _ => name_addr.split(';').next().unwrap_or(name_addr).trim(),
    }
}

/// The user part of a SIP URI (sip:+1415@host -> +1415).
pub fn user_of(uri: &str) -> &str {
    let rest = uri.split_once(':').map(|(_, r)| r).unwrap_or(uri);
    match rest.split_once('@') {
        Some((user, _)) => user.split(';').next().unwrap_or(user),
        None => "",
    }
}

/// host:port of a SIP URI (5060 when none is given).
pub fn host_port_of(uri: &str) -> Option<(String, u16)> {
    let rest = uri.split_once(':').map(|(_, r)| r)?;
    let rest = rest.rsplit_once('@').map(|(_, h)| h).unwrap_or(rest);
    let hostport = rest.split([';', '?', '>']).next()?;
    match hostport.rsplit_once(':') {
        Some((host, port)) => Some((host.to_string(), port.parse().ok()?)),
        None => Some((hostport.to_string(), 5060)),
    }
}

pub fn random_token() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().gen();
    format!("{n:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const INVITE: &str = "INVITE sip:+14155550100@127.0.0.1:5090 SIP/2.0\r\n\
        Record-Route: <sip:127.0.0.1:5060;lr;ftag=1>\r\n\
        Via: SIP/2.0/UDP 127.0.0.1:5060;branch=z9hG4bKk1\r\n\
        v: SIP/2.0/UDP 127.0.0.1:6000;branch=z9hG4bKc1\r\n\
        f: <sip:+442071234567@127.0.0.1>;tag=abc\r\n\
        To: <sip:+14155550100@127.0.0.1>\r\n\
        i: call-1\r\nCSeq: 1 INVITE\r\n\
        Contact: <sip:+442071234567@127.0.0.1:6000>\r\n\
        Content-Length: 3\r\n\r\nv=0xx";

    #[test]
    fn a_request_parses_with_compact_headers_and_its_body() {
        let m = Message::parse(INVITE.as_bytes()).unwrap();
        assert_eq!(m.method(), "INVITE");
        assert_eq!(user_of(m.uri()), "+14155550100");
        assert_eq!(m.call_id(), "call-1");
        assert_eq!(m.body, b"v=0");
        assert_eq!(m.header_values("via").len(), 2);
        assert_eq!(param(m.header("from").unwrap(), "tag"), "abc");
    }

    #[test]
    fn a_response_copies_the_transaction_and_adds_the_to_tag() {
        let m = Message::parse(INVITE.as_bytes()).unwrap();
        let r = String::from_utf8(m.response(200, "OK", "t1", "", b"")).unwrap();
        assert!(r.contains("Record-Route: <sip:127.0.0.1:5060;lr;ftag=1>\r\n"));
        assert!(r.contains("To: <sip:+14155550100@127.0.0.1>;tag=t1\r\n"));
        assert_eq!(r.matches("Via:").count(), 2);
        let busy = String::from_utf8(m.response(404, "Not Found", "t1", "", b"")).unwrap();
        assert!(!busy.contains("Record-Route"));
    }

    #[test]
    fn uris_split_into_user_host_and_port() {
        assert_eq!(
            host_port_of("sip:127.0.0.1:5060;lr;ftag=1"),
            Some(("127.0.0.1".into(), 5060))
        );
        assert_eq!(
            host_port_of("sip:a@example.com"),
            Some(("example.com".into(), 5060))
        );
        assert_eq!(uri_of("\"A\" <sip:x@h;lr>;tag=1"), "sip:x@h;lr");
        assert_eq!(
            split_list("<sip:a;lr>, <sip:b,c>"),
            vec!["<sip:a;lr>", "<sip:b,c>"]
        );
    }
}
