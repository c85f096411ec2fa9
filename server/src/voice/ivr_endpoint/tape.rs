//! A whole call's recording (the Calls API's `Record`, TwiML's `Dial record`): both
//! sides mixed into one 8 kHz track, a 20 ms frame at each tick of the call's stream
//! from when it starts until it stops or is full. The near side is the caller's audio
//! as it arrives; the far side is what Dialtone plays or, while bridged, the forwarded
//! party's audio, which the relay task hands over through `Far`.

use super::rtp::FRAME_SAMPLES;
use std::sync::{Arc, Mutex};

/// The longest a tape runs: an hour is 57.6 MB of samples held until the call ends.
pub const MAX_TAPE_MS: u32 = 3600 * 1000;
/// At most this much of either side waits for the next frame (a second).
const MAX_WAITING: usize = 8000;

/// The far side's audio waiting for the next frame, shared with the relay task;
/// None while nothing tapes.
pub type Far = Arc<Mutex<Option<Vec<i16>>>>;

pub struct Tape {
    mixed: Vec<i16>,
    near: Vec<i16>,
    far: Far,
    max: usize,
}

impl Tape {
    /// Starts taping, for at most `max_ms`; `far` is the stream's shared far side.
    pub fn start(max_ms: u32, far: Far) -> Tape {
        *far.lock().unwrap() = Some(Vec::new());
        Tape {
            mixed: Vec::new(),
            near: Vec::new(),
            far,
            max: max_ms.min(MAX_TAPE_MS) as usize * 8,
        }
    }

    /// The caller's audio, as it arrives.
    pub fn heard(&mut self, samples: impl Iterator<Item = i16>) {
        let room = MAX_WAITING.saturating_sub(self.near.len());
        self.near.extend(samples.take(room));
    }

    /// One frame of what plays to the caller.
    pub fn played(&self, frame: &[i16]) {
        push_far(&self.far, frame.iter().copied());
    }

    /// Adds 20 ms of both sides, mixed (silence where a side had nothing); true when
    /// the tape is full.
    pub fn frame(&mut self) -> bool {
        let far: Vec<i16> = {
            let mut waiting = self.far.lock().unwrap();
            let side = waiting.get_or_insert_with(Vec::new);
            let take = side.len().min(FRAME_SAMPLES);
            side.drain(..take).collect()
        };
        let take = self.near.len().min(FRAME_SAMPLES);
        let near: Vec<i16> = self.near.drain(..take).collect();
        self.mixed.extend((0..FRAME_SAMPLES).map(|i| {
            let a = near.get(i).copied().unwrap_or(0);
            let b = far.get(i).copied().unwrap_or(0);
            a.saturating_add(b)
        }));
        self.mixed.truncate(self.max);
        self.mixed.len() >= self.max
    }

    /// What was taped; the far side stops being kept.
    pub fn stop(self) -> Vec<i16> {
        *self.far.lock().unwrap() = None;
        self.mixed
    }
}

/// Adds `samples` to the far side when something tapes (the relay task's audio).
pub fn push_far(far: &Far, samples: impl Iterator<Item = i16>) {
    if let Some(side) = far.lock().unwrap().as_mut() {
        let room = MAX_WAITING.saturating_sub(side.len());
        side.extend(samples.take(room));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_are_mixed_frame_by_frame_with_silence_for_what_is_missing() {
        let far: Far = Default::default();
        push_far(&far, [1i16; 10].into_iter());
        assert!(
            far.lock().unwrap().is_none(),
            "nothing kept before the tape starts"
        );
        let mut tape = Tape::start(1000, far.clone());
        tape.heard([100i16; 200].into_iter());
        push_far(&far, [7i16; 100].into_iter());
        assert!(!tape.frame());
        tape.played(&[i16::MAX; FRAME_SAMPLES]);
        assert!(!tape.frame());
        let taped = tape.stop();
        assert_eq!(taped.len(), 2 * FRAME_SAMPLES);
        assert_eq!(taped[0], 107);
        assert_eq!(taped[99], 107);
        assert_eq!(taped[100], 100, "the far side had 100 samples");
        assert_eq!(taped[159], 100);
        assert_eq!(
            taped[160],
            i16::MAX,
            "the caller's last 40 over what played: no overflow"
        );
        assert_eq!(taped[200], i16::MAX, "what played alone");
        assert!(
            far.lock().unwrap().is_none(),
            "stopped: the far side is no longer kept"
        );
    }

    #[test]
    fn a_tape_is_full_at_its_length() {
        let mut tape = Tape::start(40, Default::default());
        assert!(!tape.frame());
        assert!(tape.frame());
        assert_eq!(tape.stop().len(), 320);
    }
}
