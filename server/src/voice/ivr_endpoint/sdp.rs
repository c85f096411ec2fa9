//! The caller's SDP offer (RFC 4566) and the endpoint's answer: G.711 in whichever law
//! the caller lists first, plus RFC 4733 telephone-event when offered.

use super::g711::Codec;
use std::net::SocketAddr;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// Where the caller receives RTP.
    pub remote: SocketAddr,
    pub codec: Codec,
    /// The payload type the caller gave telephone-event/8000, if any.
    pub dtmf_pt: Option<u8>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum OfferError {
    /// Not SDP we understand: no audio stream or no address.
    Malformed,
    /// Neither PCMU nor PCMA offered.
    NoCommonCodec,
}

pub fn parse_offer(body: &[u8]) -> Result<Offer, OfferError> {
    let text = std::str::from_utf8(body).map_err(|_| OfferError::Malformed)?;
    let (mut session_ip, mut media_ip, mut port, mut pts) = (None, None, None, Vec::new());
    let mut in_audio = false;
    let mut dtmf_pt = None;
    for line in text.lines().map(str::trim) {
        if let Some(c) = line.strip_prefix("c=") {
            let ip = c.split_whitespace().nth(2).map(str::to_string);
            if in_audio {
                media_ip = ip;
            } else if port.is_none() {
                session_ip = ip;
            }
        } else if let Some(m) = line.strip_prefix("m=") {
            let fields: Vec<&str> = m.split_whitespace().collect();
            in_audio = fields.first() == Some(&"audio") && port.is_none();
            if in_audio {
                port = fields.get(1).and_then(|p| p.parse::<u16>().ok());
                pts = fields
                    .iter()
                    .skip(3)
                    .filter_map(|p| p.parse::<u8>().ok())
                    .collect();
            }
        } else if let Some(map) = line.strip_prefix("a=rtpmap:") {
            if !in_audio {
                continue;
            }
            let (pt, name) = map.split_once(' ').unwrap_or((map, ""));
            if name
                .to_ascii_lowercase()
                .starts_with("telephone-event/8000")
            {
                dtmf_pt = pt.parse().ok();
            }
        }
    }
    let ip = media_ip.or(session_ip).ok_or(OfferError::Malformed)?;
    let port = port.ok_or(OfferError::Malformed)?;
    let remote = format!("{ip}:{port}")
        .parse()
        .map_err(|_| OfferError::Malformed)?;
    let codec = pts
        .iter()
        .find_map(|&pt| Codec::from_payload_type(pt))
        .ok_or(OfferError::NoCommonCodec)?;
    let dtmf_pt = dtmf_pt.filter(|pt| pts.contains(pt));
    Ok(Offer {
        remote,
        codec,
        dtmf_pt,
    })
}

/// The answer: our RTP address, the chosen codec and telephone-event when offered.
pub fn answer(local: SocketAddr, offer: &Offer, session: u64) -> String {
    let ip = local.ip();
    let pt = offer.codec.payload_type();
    let mut formats = pt.to_string();
    let mut attributes = format!("a=rtpmap:{pt} {}/8000\r\n", offer.codec.name());
    if let Some(dtmf) = offer.dtmf_pt {
        formats.push_str(&format!(" {dtmf}"));
        attributes.push_str(&format!(
            "a=rtpmap:{dtmf} telephone-event/8000\r\na=fmtp:{dtmf} 0-16\r\n"
        ));
    }
    format!(
        "v=0\r\no=dialtone {session} {session} IN IP4 {ip}\r\ns=Dialtone IVR\r\n\
         c=IN IP4 {ip}\r\nt=0 0\r\nm=audio {port} RTP/AVP {formats}\r\n{attributes}\
         a=ptime:20\r\na=sendrecv\r\n",
        port = local.port()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offer(m: &str, extra: &str) -> String {
        format!(
            "v=0\r\no=u 1 1 IN IP4 10.0.0.1\r\ns=-\r\nc=IN IP4 10.0.0.1\r\nt=0 0\r\n{m}\r\n{extra}"
        )
    }

    #[test]
    fn the_first_g711_law_offered_is_chosen_with_telephone_event() {
        let sdp = offer(
            "m=audio 6000 RTP/AVP 18 8 0 101",
            "a=rtpmap:101 telephone-event/8000\r\n",
        );
        let o = parse_offer(sdp.as_bytes()).unwrap();
        assert_eq!(o.codec, Codec::Pcma);
        assert_eq!(o.dtmf_pt, Some(101));
        assert_eq!(o.remote, "10.0.0.1:6000".parse().unwrap());
        let a = answer("127.0.0.1:7000".parse().unwrap(), &o, 5);
        assert!(a.contains("m=audio 7000 RTP/AVP 8 101\r\n"), "{a}");
        assert!(a.contains("a=rtpmap:101 telephone-event/8000"));
    }

    #[test]
    fn pcmu_alone_is_answered_without_telephone_event() {
        let o = parse_offer(offer("m=audio 6000 RTP/AVP 0", "").as_bytes()).unwrap();
        assert_eq!((o.codec, o.dtmf_pt), (Codec::Pcmu, None));
        let a = answer("127.0.0.1:7000".parse().unwrap(), &o, 5);
        assert!(a.contains("m=audio 7000 RTP/AVP 0\r\n"), "{a}");
    }

    #[test]
    fn an_offer_without_g711_has_no_common_codec() {
        let sdp = offer("m=audio 6000 RTP/AVP 18 9", "");
        assert_eq!(parse_offer(sdp.as_bytes()), Err(OfferError::NoCommonCodec));
        assert_eq!(parse_offer(b"v=0\r\n"), Err(OfferError::Malformed));
    }
}
