//! One call's audio: a task that owns the call's RTP socket, sends a G.711 frame every
//! 20 ms (the prompt being played, else silence), reads the caller's keys and, while
//! recording, the caller's voice; while taping, both sides (`tape`).

use super::g711::Codec;
use super::rtp::{self, DtmfReader, Packet, FRAME_SAMPLES};
use super::sdp::Offer;
use super::tape::{self, Far, Tape};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::UdpSocket;
use tokio::sync::mpsc;

pub enum Command {
    /// Plays audio (8 kHz PCM) from its start, replacing what was playing; `notify`
    /// reports its end as PromptFinished.
    Play {
        audio: Arc<Vec<i16>>,
        notify: bool,
    },
    Stop,
    /// Records the caller, once what is playing has ended, for at most `max_ms`.
    Record {
        max_ms: u32,
    },
    /// Ends a recording now (the caller hung up): it is reported as it stands.
    FinishRecording,
    /// Records the whole call from now on, both sides mixed (`tape`), for at most
    /// `max_ms`; reported as Taped when full or stopped.
    StartTape {
        max_ms: u32,
    },
    StopTape,
    /// Connects the caller to a forwarded leg: from now on the two hear each other
    /// (audio relayed both ways, transcoded between the laws when they differ).
    Bridge {
        leg: Arc<UdpSocket>,
        remote: SocketAddr,
        codec: Codec,
    },
}

#[derive(Debug)]
pub enum MediaEvent {
    PromptFinished,
    Key(char),
    /// What was recorded: 8 kHz PCM, one frame per 20 ms that passed.
    Recorded(Vec<i16>),
    /// The whole call's recording, both sides mixed.
    Taped(Vec<i16>),
}

pub struct Stream {
    pub commands: mpsc::UnboundedSender<Command>,
    pub local: SocketAddr,
}

/// At most this much of the caller's audio waits for the next frame tick.
const MAX_BACKLOG: usize = 8000;

struct Bridge {
    leg: Arc<UdpSocket>,
    remote: SocketAddr,
    codec: Codec,
    /// The leg's audio to the caller.
    back: tokio::task::JoinHandle<()>,
}

impl Drop for Bridge {
    fn drop(&mut self) {
        self.back.abort();
    }
}

struct Player {
    audio: Arc<Vec<i16>>,
    at: usize,
    notify: bool,
}

struct Recorder {
    samples: Vec<i16>,
    max: usize,
    started: bool,
}

/// Binds the call's RTP socket on `ip` and starts its task; events go to `events`.
/// The task ends when the Stream (its command sender) is dropped.
pub async fn start(
    ip: std::net::IpAddr,
    offer: Offer,
    events: mpsc::UnboundedSender<MediaEvent>,
) -> std::io::Result<Stream> {
    let socket = Arc::new(UdpSocket::bind((ip, 0)).await?);
    start_on(socket, offer, events)
}

/// `start` on a socket already bound (the one a placed call's INVITE offered).
pub fn start_on(
    socket: Arc<UdpSocket>,
    offer: Offer,
    events: mpsc::UnboundedSender<MediaEvent>,
) -> std::io::Result<Stream> {
    let local = socket.local_addr()?;
    let (commands, rx) = mpsc::unbounded_channel();
    tokio::spawn(run(socket, offer, rx, events));
    Ok(Stream { commands, local })
}

/// A stream's state between its events: the next packet's numbering, what plays,
/// what records, and the bridge when the call is forwarded.
struct Media {
    socket: Arc<UdpSocket>,
    offer: Offer,
    events: mpsc::UnboundedSender<MediaEvent>,
    sequence: u16,
    timestamp: u32,
    ssrc: u32,
    first: bool,
    player: Option<Player>,
    recorder: Option<Recorder>,
    backlog: Vec<i16>,
    dtmf: DtmfReader,
    out: Vec<u8>,
    payload: Vec<u8>,
    bridge: Option<Bridge>,
    tape: Option<Tape>,
    /// The far side of the tape, fed by the bridge's relay task too.
    far: Far,
}

async fn run(
    socket: Arc<UdpSocket>,
    offer: Offer,
    mut commands: mpsc::UnboundedReceiver<Command>,
    events: mpsc::UnboundedSender<MediaEvent>,
) {
    let mut tick = tokio::time::interval(Duration::from_millis(20));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let mut m = Media {
        socket: socket.clone(),
        offer,
        events,
        sequence: rand::random(),
        timestamp: rand::random(),
        ssrc: rand::random(),
        first: true,
        player: None,
        recorder: None,
        backlog: Vec::new(),
        dtmf: DtmfReader::default(),
        out: Vec::new(),
        payload: vec![0u8; FRAME_SAMPLES],
        bridge: None,
        tape: None,
        far: Default::default(),
    };
    let mut buf = [0u8; 2048];
    loop {
        tokio::select! {
            _ = tick.tick(), if m.bridge.is_none() || m.tape.is_some() => m.tick().await,
            received = socket.recv_from(&mut buf) => {
                if let Ok((n, _from)) = received {
                    m.received(&buf[..n]).await;
                }
            }
            command = commands.recv() => match command {
                None => return,
                Some(command) => m.command(command),
            }
        }
    }
}

impl Media {
    /// Every 20 ms: a frame of what plays unless bridged, and a frame of the tape.
    async fn tick(&mut self) {
        if self.bridge.is_none() {
            self.send_frame().await;
        }
        if self.tape.as_mut().is_some_and(Tape::frame) {
            self.stop_tape();
        }
    }

    fn stop_tape(&mut self) {
        if let Some(t) = self.tape.take() {
            let _ = self.events.send(MediaEvent::Taped(t.stop()));
        }
    }

    /// The next 20 ms of what plays (silence when nothing does), and a frame of what
    /// records.
    async fn send_frame(&mut self) {
        let codec = self.offer.codec;
        let frame = next_frame(&mut self.player, &self.events);
        if let Some(t) = &self.tape {
            t.played(&frame);
        }
        for (byte, sample) in self.payload.iter_mut().zip(frame.iter()) {
            *byte = codec.encode(*sample);
        }
        let packet = Packet {
            payload_type: codec.payload_type(),
            sequence: self.sequence,
            timestamp: self.timestamp,
            ssrc: self.ssrc,
            payload: &self.payload,
        };
        rtp::build(&packet, self.first, &mut self.out);
        self.first = false;
        let _ = self.socket.send_to(&self.out, self.offer.remote).await;
        self.sequence = self.sequence.wrapping_add(1);
        self.timestamp = self.timestamp.wrapping_add(FRAME_SAMPLES as u32);
        let Some(r) = self.recorder.as_mut() else {
            self.backlog.clear();
            return;
        };
        r.started |= self.player.is_none();
        if r.started && record_frame(r, &mut self.backlog) {
            let done = self.recorder.take().map(|r| r.samples).unwrap_or_default();
            let _ = self.events.send(MediaEvent::Recorded(done));
        }
    }

    /// A packet from the caller: relayed when bridged, else a digit or recorded audio.
    async fn received(&mut self, packet: &[u8]) {
        let Some(p) = rtp::parse(packet) else { return };
        let codec = self.offer.codec;
        if let Some(t) = self
            .tape
            .as_mut()
            .filter(|_| p.payload_type == codec.payload_type())
        {
            t.heard(p.payload.iter().map(|b| codec.decode(*b)));
        }
        if let Some(b) = &self.bridge {
            if p.payload_type == codec.payload_type() {
                relay(&p, codec, b.codec, &mut self.out);
                let _ = b.leg.send_to(&self.out, b.remote).await;
            }
        } else if Some(p.payload_type) == self.offer.dtmf_pt {
            if let Some(key) = self.dtmf.read(&p) {
                let _ = self.events.send(MediaEvent::Key(key));
            }
        } else if p.payload_type == codec.payload_type()
            && self.recorder.as_ref().is_some_and(|r| r.started)
            && self.backlog.len() < MAX_BACKLOG
        {
            self.backlog
                .extend(p.payload.iter().map(|b| codec.decode(*b)));
        }
    }

    fn command(&mut self, command: Command) {
        match command {
            Command::Play { audio, notify } => {
                self.player = Some(Player {
                    audio,
                    at: 0,
                    notify,
                })
            }
            Command::Stop => self.player = None,
            Command::Record { max_ms } => {
                let max = max_ms as usize * 8;
                let samples = Vec::with_capacity(max);
                self.recorder = Some(Recorder {
                    samples,
                    max,
                    started: false,
                });
            }
            Command::Bridge { leg, remote, codec } => {
                self.player = None;
                let (socket, caller, ours) =
                    (self.socket.clone(), self.offer.remote, self.offer.codec);
                let far = self.far.clone();
                let back =
                    tokio::spawn(relay_back(leg.clone(), codec, (socket, caller, ours), far));
                self.bridge = Some(Bridge {
                    leg,
                    remote,
                    codec,
                    back,
                });
            }
            Command::FinishRecording => {
                if let Some(r) = self.recorder.take() {
                    let _ = self.events.send(MediaEvent::Recorded(r.samples));
                }
            }
            Command::StartTape { max_ms } => {
                self.tape = Some(Tape::start(max_ms, self.far.clone()));
            }
            Command::StopTape => self.stop_tape(),
        }
    }
}

/// `p` re-encoded from one law to the other when they differ (payload type too).
fn relay(p: &Packet<'_>, from: Codec, to: Codec, out: &mut Vec<u8>) {
    let payload: Vec<u8> = if from == to {
        p.payload.to_vec()
    } else {
        p.payload
            .iter()
            .map(|b| to.encode(from.decode(*b)))
            .collect()
    };
    let packet = Packet {
        payload_type: to.payload_type(),
        payload: &payload,
        ..*p
    };
    rtp::build(&packet, false, out);
}

/// The leg's audio to the caller (and to the tape, when one runs), until the bridge
/// is dropped.
async fn relay_back(
    leg: Arc<UdpSocket>,
    leg_codec: Codec,
    (caller, caller_addr, caller_codec): (Arc<UdpSocket>, SocketAddr, Codec),
    far: Far,
) {
    let (mut buf, mut out) = ([0u8; 2048], Vec::new());
    while let Ok((n, _)) = leg.recv_from(&mut buf).await {
        let Some(p) = rtp::parse(&buf[..n]) else {
            continue;
        };
        if p.payload_type == leg_codec.payload_type() {
            tape::push_far(&far, p.payload.iter().map(|b| leg_codec.decode(*b)));
            relay(&p, leg_codec, caller_codec, &mut out);
            let _ = caller.send_to(&out, caller_addr).await;
        }
    }
}

/// The next 20 ms to send: the prompt's, padded with silence at its end, or silence.
fn next_frame(
    player: &mut Option<Player>,
    events: &mpsc::UnboundedSender<MediaEvent>,
) -> [i16; FRAME_SAMPLES] {
    let mut frame = [0i16; FRAME_SAMPLES];
    if let Some(p) = player.as_mut() {
        let end = (p.at + FRAME_SAMPLES).min(p.audio.len());
        frame[..end - p.at].copy_from_slice(&p.audio[p.at..end]);
        p.at = end;
        if p.at >= p.audio.len() {
            if p.notify {
                let _ = events.send(MediaEvent::PromptFinished);
            }
            *player = None;
        }
    }
    frame
}

/// Adds one frame of the caller's audio (silence where packets were missing) to the
/// recording; true when the recording is full.
fn record_frame(r: &mut Recorder, backlog: &mut Vec<i16>) -> bool {
    let take = backlog.len().min(FRAME_SAMPLES);
    r.samples.extend(backlog.drain(..take));
    r.samples
        .extend(std::iter::repeat_n(0, FRAME_SAMPLES - take));
    r.samples.truncate(r.max);
    r.samples.len() >= r.max
}

/// A 1 kHz tone of `ms` milliseconds: the beep before a voicemail recording.
pub fn beep(ms: usize) -> Vec<i16> {
    (0..ms * 8)
        .map(|i| {
            let phase = (i % 8) as f32 / 8.0 * std::f32::consts::TAU;
            (phase.sin() * 8000.0) as i16
        })
        .collect()
}

/// Codec-independent: silence of `ms` milliseconds.
pub fn silence(ms: usize) -> Vec<i16> {
    vec![0; ms * 8]
}
