//! G.711 (ITU-T): 16-bit linear PCM to and from A-law (PCMA, payload type 8) and µ-law
//! (PCMU, payload type 0), after the reference tables' segment arithmetic.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Codec {
    Pcmu,
    Pcma,
}

impl Codec {
    pub fn payload_type(self) -> u8 {
        match self {
            Codec::Pcmu => 0,
            Codec::Pcma => 8,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Codec::Pcmu => "PCMU",
            Codec::Pcma => "PCMA",
        }
    }

    pub fn from_payload_type(pt: u8) -> Option<Codec> {
        match pt {
            0 => Some(Codec::Pcmu),
            8 => Some(Codec::Pcma),
            _ => None,
        }
    }

    pub fn encode(self, sample: i16) -> u8 {
        match self {
            Codec::Pcmu => linear_to_ulaw(sample),
            Codec::Pcma => linear_to_alaw(sample),
        }
    }

    pub fn decode(self, byte: u8) -> i16 {
        match self {
            Codec::Pcmu => ulaw_to_linear(byte),
            Codec::Pcma => alaw_to_linear(byte),
        }
    }
}

pub fn linear_to_alaw(sample: i16) -> u8 {
    let mut pcm = (sample as i32) >> 3;
    let mask = if pcm >= 0 {
        0xD5
    } else {
        pcm = -pcm - 1;
        0x55
    };
    const END: [i32; 8] = [0x1F, 0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF];
    let seg = END.iter().position(|&end| pcm <= end).unwrap_or(8);
    if seg >= 8 {
        return (0x7F ^ mask) as u8;
    }
    let mut aval = (seg as i32) << 4;
    aval |= if seg < 2 {
        (pcm >> 1) & 0xF
    } else {
        (pcm >> seg) & 0xF
    };
    (aval ^ mask) as u8
}

pub fn alaw_to_linear(byte: u8) -> i16 {
    let a = (byte ^ 0x55) as i32;
    let mut t = (a & 0xF) << 4;
    let seg = (a & 0x70) >> 4;
    match seg {
        0 => t += 8,
        1 => t += 0x108,
        _ => {
            t += 0x108;
            t <<= seg - 1;
        }
    }
    (if a & 0x80 != 0 { t } else { -t }) as i16
}

const BIAS: i32 = 0x84;
const CLIP: i32 = 8159;

pub fn linear_to_ulaw(sample: i16) -> u8 {
    let mut pcm = (sample as i32) >> 2;
    let mask = if pcm < 0 {
        pcm = -pcm;
        0x7F
    } else {
        0xFF
    };
    pcm = pcm.min(CLIP) + (BIAS >> 2);
    const END: [i32; 8] = [0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF];
    let seg = END.iter().position(|&end| pcm <= end).unwrap_or(8);
    if seg >= 8 {
        return (0x7F ^ mask) as u8;
    }
    let uval = ((seg as i32) << 4) | ((pcm >> (seg + 1)) & 0xF);
    (uval ^ mask) as u8
}

pub fn ulaw_to_linear(byte: u8) -> i16 {
    let u = !byte as i32;
    let mut t = ((u & 0xF) << 3) + BIAS;
    t <<= (u & 0x70) >> 4;
    (if u & 0x80 != 0 { BIAS - t } else { t - BIAS }) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silence_encodes_as_the_usual_bytes() {
        assert_eq!(linear_to_ulaw(0), 0xFF);
        assert_eq!(linear_to_alaw(0), 0xD5);
    }

    #[test]
    fn every_code_decodes_and_encodes_back_to_itself() {
        for codec in [Codec::Pcmu, Codec::Pcma] {
            for byte in 0..=255u8 {
                let linear = codec.decode(byte);
                let again = codec.encode(linear);
                // µ-law has two zeros (0x7F and 0xFF); both decode to 0.
                if codec == Codec::Pcmu && byte == 0x7F {
                    continue;
                }
                assert_eq!(again, byte, "{codec:?} {byte:#x} -> {linear}");
            }
        }
    }

    #[test]
    fn a_round_trip_keeps_a_sample_within_the_quantisation_step() {
        for codec in [Codec::Pcmu, Codec::Pcma] {
            for s in (-32768i32..32767).step_by(97) {
                let back = codec.decode(codec.encode(s as i16)) as i32;
                let step = (s.abs() / 16).max(64);
                assert!((back - s).abs() <= step, "{codec:?} {s} -> {back}");
            }
        }
    }
}
