//! What the callee of a Calls API call hears: the carrier's answer names a socket of
//! the test as its media address, and the RTP that reaches it is decoded and read for
//! the TwiML's speech and the tone file it plays.

use super::api_calls::{create, placing_line_heard_at, CALLEE};
use crate::sip::calls;
use dialtone_server::ivr::audio;
use dialtone_server::voice::ivr_endpoint::g711::Codec;
use std::sync::{Arc, Mutex};
use tokio::net::UdpSocket;

/// One 20 ms packet's samples, if it is G.711 RTP.
fn samples(packet: &[u8]) -> Option<Vec<i16>> {
    let codec = Codec::from_payload_type(packet.get(1)? & 0x7f)?;
    Some(packet.get(12..)?.iter().map(|b| codec.decode(*b)).collect())
}

fn loud(samples: &[i16]) -> bool {
    let energy: f64 = samples.iter().map(|s| (*s as f64).powi(2)).sum();
    (energy / samples.len() as f64).sqrt() > 300.0
}

/// A 440 Hz tone crosses zero about 17 times in 160 samples; speech does not keep to it.
fn tone_like(samples: &[i16]) -> bool {
    let crossings = samples
        .windows(2)
        .filter(|w| (w[0] < 0) != (w[1] < 0))
        .count();
    loud(samples) && (15..=20).contains(&crossings)
}

/// Every datagram that reaches `socket`, kept until the test reads them.
fn heard(socket: UdpSocket) -> Arc<Mutex<Vec<Vec<u8>>>> {
    let packets = Arc::new(Mutex::new(Vec::new()));
    let kept = packets.clone();
    tokio::spawn(async move {
        let mut buf = [0u8; 2048];
        while let Ok(n) = socket.recv(&mut buf).await {
            kept.lock().unwrap().push(buf[..n].to_vec());
        }
    });
    packets
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_callee_of_calls_create_hears_the_say_then_the_play() {
    let socket = UdpSocket::bind("127.0.0.1:0").await.unwrap();
    let port = socket.local_addr().unwrap().port();
    let packets = heard(socket);
    let (ivr, customer, c) = placing_line_heard_at(Some(port)).await;
    customer.serve(
        "/tone.wav",
        "audio/wav",
        audio::pcm_to_wav(&super::tone(1000)),
    );
    let twiml = format!(
        "<Response><Say>Hello from the Calls API.</Say><Play>{}</Play></Response>",
        customer.url("/tone.wav")
    );
    let form = [
        ("To", CALLEE),
        ("From", ivr.number.as_str()),
        ("Twiml", twiml.as_str()),
    ];
    let made = create(&ivr, &c, &form, "heard-1").await;
    assert_eq!(
        made.status,
        axum::http::StatusCode::CREATED,
        "{}",
        made.body
    );
    let billed = calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed[0]["status"], "completed", "{billed:?}");

    let decoded: Vec<Vec<i16>> = packets
        .lock()
        .unwrap()
        .iter()
        .filter_map(|p| samples(p))
        .collect();
    // Speech first: loud packets before the tone (ten tone-like packets in a row).
    let marks: String = decoded
        .iter()
        .map(|s| match (tone_like(s), loud(s)) {
            (true, _) => 'T',
            (false, true) => 'L',
            _ => '.',
        })
        .collect();
    let tone_starts = marks
        .find("TTTTTTTTTT")
        .unwrap_or_else(|| panic!("no tone in {marks}"));
    let spoken = decoded[..tone_starts].iter().filter(|s| loud(s)).count();
    assert!(
        spoken >= 25,
        "{spoken} loud packets of speech before the tone: {marks}"
    );
    // Then the one-second file, whole: 50 packets of 20 ms.
    let tone = decoded[tone_starts..]
        .iter()
        .filter(|s| tone_like(s))
        .count();
    assert!(
        (45..=55).contains(&tone),
        "{tone} packets of the tone: {marks}"
    );
}
