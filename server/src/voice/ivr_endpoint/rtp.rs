//! RTP (RFC 3550) packets and RFC 4733 telephone-events: what the media task sends and
//! reads. Pure functions, so the wire format is tested without sockets.

pub const HEADER: usize = 12;
/// 20 ms of 8 kHz audio: one frame.
pub const FRAME_SAMPLES: usize = 160;

pub struct Packet<'a> {
    pub payload_type: u8,
    pub sequence: u16,
    pub timestamp: u32,
    pub ssrc: u32,
    pub payload: &'a [u8],
}

/// Reads a version-2 RTP packet, skipping CSRCs, a header extension and padding.
pub fn parse(data: &[u8]) -> Option<Packet<'_>> {
    if data.len() < HEADER || data[0] >> 6 != 2 {
        return None;
    }
    let csrc = (data[0] & 0x0F) as usize;
    let mut start = HEADER + 4 * csrc;
    if data[0] & 0x10 != 0 {
        let ext = data.get(start + 2..start + 4)?;
        start += 4 + 4 * u16::from_be_bytes([ext[0], ext[1]]) as usize;
    }
    let mut end = data.len();
    if data[0] & 0x20 != 0 {
        end = end.checked_sub(*data.last()? as usize)?;
    }
    if start > end {
        return None;
    }
    Some(Packet {
        payload_type: data[1] & 0x7F,
        sequence: u16::from_be_bytes([data[2], data[3]]),
        timestamp: u32::from_be_bytes([data[4], data[5], data[6], data[7]]),
        ssrc: u32::from_be_bytes([data[8], data[9], data[10], data[11]]),
        payload: &data[start..end],
    })
}

pub fn build(p: &Packet<'_>, marker: bool, out: &mut Vec<u8>) {
    out.clear();
    out.push(0x80);
    out.push(p.payload_type | if marker { 0x80 } else { 0 });
    out.extend_from_slice(&p.sequence.to_be_bytes());
    out.extend_from_slice(&p.timestamp.to_be_bytes());
    out.extend_from_slice(&p.ssrc.to_be_bytes());
    out.extend_from_slice(p.payload);
}

/// The key an RFC 4733 event code stands for (0-9, *, #, A-D).
pub fn event_key(code: u8) -> Option<char> {
    match code {
        0..=9 => Some((b'0' + code) as char),
        10 => Some('*'),
        11 => Some('#'),
        12..=15 => Some((b'A' + code - 12) as char),
        _ => None,
    }
}

/// Turns telephone-event packets into key presses: a key counts once, at its first
/// end packet; the end packet's retransmissions (same timestamp) are ignored.
#[derive(Default)]
pub struct DtmfReader {
    last_end: Option<(u32, u32)>,
}

impl DtmfReader {
    pub fn read(&mut self, p: &Packet<'_>) -> Option<char> {
        let payload = p.payload;
        if payload.len() < 4 || payload[1] & 0x80 == 0 {
            return None;
        }
        let id = (p.ssrc, p.timestamp);
        if self.last_end == Some(id) {
            return None;
        }
        self.last_end = Some(id);
        event_key(payload[0])
    }
}

/// The key of a SIP INFO application/dtmf-relay body ("Signal=5\r\nDuration=160").
pub fn dtmf_relay_key(body: &[u8]) -> Option<char> {
    let text = std::str::from_utf8(body).ok()?;
    let line = text
        .lines()
        .find(|l| l.trim().to_ascii_lowercase().starts_with("signal"))?;
    let value = line.split_once('=')?.1.trim();
    let c = value.chars().next()?;
    match c {
        '0'..='9' | '*' | '#' | 'A'..='D' if value.len() == 1 => Some(c),
        'a'..='d' if value.len() == 1 => Some(c.to_ascii_uppercase()),
        // Some phones send the event code ("Signal=10" for *).
        _ => event_key(value.parse().ok()?),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(code: u8, end: bool, ts: u32) -> Vec<u8> {
        let payload = [code, if end { 0x80 | 10 } else { 10 }, 0x03, 0x20];
        let mut out = Vec::new();
        let p = Packet {
            payload_type: 101,
            sequence: 1,
            timestamp: ts,
            ssrc: 7,
            payload: &payload,
        };
        build(&p, false, &mut out);
        out
    }

    #[test]
    fn a_packet_round_trips() {
        let mut out = Vec::new();
        let p = Packet {
            payload_type: 8,
            sequence: 65535,
            timestamp: 160,
            ssrc: 42,
            payload: &[1, 2, 3],
        };
        build(&p, true, &mut out);
        let back = parse(&out).unwrap();
        assert_eq!(
            (back.payload_type, back.sequence, back.timestamp, back.ssrc),
            (8, 65535, 160, 42)
        );
        assert_eq!(back.payload, &[1, 2, 3]);
        assert!(parse(&out[..5]).is_none());
    }

    #[test]
    fn a_key_counts_once_at_its_end_and_its_repeated_end_packets_are_ignored() {
        let mut reader = DtmfReader::default();
        let mut keys = Vec::new();
        for (code, end, ts) in [
            (1, false, 100),
            (1, false, 100),
            (1, true, 100),
            (1, true, 100),
            (1, true, 100),
            (11, true, 900),
            (11, true, 900),
            (1, true, 1700),
        ] {
            let raw = event(code, end, ts);
            if let Some(k) = reader.read(&parse(&raw).unwrap()) {
                keys.push(k);
            }
        }
        assert_eq!(keys, vec!['1', '#', '1']);
    }

    #[test]
    fn info_dtmf_relay_bodies_give_their_key() {
        assert_eq!(dtmf_relay_key(b"Signal=5\r\nDuration=160\r\n"), Some('5'));
        assert_eq!(dtmf_relay_key(b"Signal= *\r\n"), Some('*'));
        assert_eq!(dtmf_relay_key(b"Signal=11\r\n"), Some('#'));
        assert_eq!(dtmf_relay_key(b"Duration=160\r\n"), None);
    }
}
