//! SMS segments. A message that fits the GSM 03.38 alphabet travels as 7-bit
//! septets: 160 in a single message, 153 per part once it is split (the rest of each
//! part carries the concatenation header). Anything else travels as UCS-2: 70 UTF-16
//! units single, 67 per part. GSM extension characters take two septets, and a part
//! never splits an escape pair or a surrogate pair.

use serde::{Deserialize, Serialize};

/// The counter the send form shows ("n/160", not enforced).
pub const COUNTER_LIMIT: usize = 160;

const GSM_BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION: &str = "\u{000C}^{}\\[~]|€";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Encoding {
    #[serde(rename = "GSM-7")]
    Gsm7,
    #[serde(rename = "UCS-2")]
    Ucs2,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SmsInfo {
    pub encoding: Encoding,
    /// Characters as a person counts them.
    pub characters: usize,
    /// Septets (GSM-7) or UTF-16 units (UCS-2).
    pub units: usize,
    pub segments: usize,
    /// Units per part at the current length: 160/70 single, 153/67 when split.
    pub per_segment: usize,
    /// "n/160", the counter of the spec.
    pub counter: String,
}

/// Septets per ASCII character (0: not GSM), built at compile time from the two
/// alphabets, so the common case is one table read instead of a string scan.
const ASCII_SEPTETS: [u8; 128] = {
    let mut table = [0u8; 128];
    let (basic, ext) = (GSM_BASIC.as_bytes(), GSM_EXTENSION.as_bytes());
    let mut i = 0;
    while i < basic.len() {
        if basic[i] < 128 {
            table[basic[i] as usize] = 1;
        }
        i += 1;
    }
    let mut j = 0;
    while j < ext.len() {
        if ext[j] < 128 {
            table[ext[j] as usize] = 2;
        }
        j += 1;
    }
    table
};

fn gsm_septets(c: char) -> Option<usize> {
    if c.is_ascii() {
        return match ASCII_SEPTETS[c as usize] {
            0 => None,
            n => Some(n as usize),
        };
    }
    if GSM_BASIC.contains(c) {
        Some(1)
    } else if GSM_EXTENSION.contains(c) {
        Some(2)
    } else {
        None
    }
}

/// Packs units greedily into parts of `per_part`, never splitting one character.
fn count_parts(sizes: impl Iterator<Item = usize>, per_part: usize) -> usize {
    let mut parts = 1;
    let mut used = 0;
    for size in sizes {
        if used + size > per_part {
            parts += 1;
            used = 0;
        }
        used += size;
    }
    parts
}

pub fn analyze(message: &str) -> SmsInfo {
    let characters = message.chars().count();
    let counter = format!("{characters}/{COUNTER_LIMIT}");
    let gsm: Option<Vec<usize>> = message.chars().map(gsm_septets).collect();
    let (encoding, sizes, single, multi) = match gsm {
        Some(sizes) => (Encoding::Gsm7, sizes, 160, 153),
        None => (
            Encoding::Ucs2,
            message.chars().map(char::len_utf16).collect(),
            70,
            67,
        ),
    };
    let units: usize = sizes.iter().sum();
    let (segments, per_segment) = if units == 0 {
        (0, single)
    } else if units <= single {
        (1, single)
    } else {
        (count_parts(sizes.into_iter(), multi), multi)
    };
    SmsInfo {
        encoding,
        characters,
        units,
        segments,
        per_segment,
        counter,
    }
}

/// The message cut into the parts `analyze` counts (same packing, so a message is
/// sent in exactly as many parts as it was charged for).
pub fn parts(message: &str) -> Vec<String> {
    let info = analyze(message);
    if info.segments <= 1 {
        return vec![message.to_string()];
    }
    let size = |c: char| match info.encoding {
        Encoding::Gsm7 => gsm_septets(c).unwrap_or(1),
        Encoding::Ucs2 => c.len_utf16(),
    };
    let mut parts = vec![String::new()];
    let mut used = 0;
    for c in message.chars() {
        if used + size(c) > info.per_segment {
            parts.push(String::new());
            used = 0;
        }
        used += size(c);
        parts.last_mut().expect("one part at least").push(c);
    }
    parts
}

/// Each GSM 03.38 extension character and its code after the 0x1B escape.
const EXTENSION_CODES: [(char, u8); 10] = [
    ('\u{000C}', 0x0A),
    ('^', 0x14),
    ('{', 0x28),
    ('}', 0x29),
    ('\\', 0x2F),
    ('[', 0x3C),
    ('~', 0x3D),
    (']', 0x3E),
    ('|', 0x40),
    ('€', 0x65),
];

/// The bytes of a part on the wire: GSM 03.38 unpacked (one septet a byte, extension
/// characters after the 0x1B escape) or UTF-16 big-endian.
pub fn encode(part: &str, encoding: Encoding) -> Vec<u8> {
    match encoding {
        Encoding::Ucs2 => part.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        Encoding::Gsm7 => part
            .chars()
            .flat_map(|c| {
                if let Some(i) = GSM_BASIC.chars().position(|g| g == c) {
                    // The alphabet string leaves out 0x1B, the escape, after Ξ (0x1A).
                    vec![if i < 0x1B { i as u8 } else { i as u8 + 1 }]
                } else {
                    // '?' for what analyze would have sent as UCS-2.
                    let code = EXTENSION_CODES.iter().find(|(e, _)| *e == c);
                    code.map_or(vec![0x3F], |(_, code)| vec![0x1B, *code])
                }
            })
            .collect(),
    }
}

/// GSM 03.38 unpacked bytes (what an SMSC delivers with data_coding 0) as text.
pub fn decode_gsm(bytes: &[u8]) -> String {
    let basic: Vec<char> = GSM_BASIC.chars().collect();
    let mut out = String::new();
    let mut escaped = false;
    for &b in bytes {
        let b = b & 0x7F;
        if escaped {
            escaped = false;
            let ext = EXTENSION_CODES.iter().find(|(_, code)| *code == b);
            out.push(ext.map_or(' ', |(c, _)| *c));
        } else if b == 0x1B {
            escaped = true;
        } else {
            let i = if b < 0x1B { b as usize } else { b as usize - 1 };
            out.push(basic.get(i).copied().unwrap_or('?'));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parts_are_as_many_as_the_segments_charged() {
        let long = "é".repeat(150) + &"ж".repeat(150);
        let parts = parts(&long);
        assert_eq!(parts.len(), analyze(&long).segments);
        assert_eq!(parts.concat(), long);
        assert!(parts.iter().all(|p| p.encode_utf16().count() <= 67));
        assert_eq!(encode("A€", Encoding::Gsm7), vec![0x41, 0x1B, 0x65]);
        assert_eq!(encode("Ξ Æà", Encoding::Gsm7), vec![0x1A, 0x20, 0x1C, 0x7F]);
        let gsm = "@£$ Hello {world} €5 ÆàΞ\n";
        assert_eq!(decode_gsm(&encode(gsm, Encoding::Gsm7)), gsm);
        assert_eq!(encode("ж", Encoding::Ucs2), vec![0x04, 0x36]);
    }

    #[test]
    fn the_ascii_table_agrees_with_the_alphabets() {
        for b in 0u8..128 {
            let c = char::from(b);
            let scanned = if GSM_BASIC.contains(c) {
                Some(1)
            } else if GSM_EXTENSION.contains(c) {
                Some(2)
            } else {
                None
            };
            assert_eq!(gsm_septets(c), scanned, "{c:?}");
        }
    }

    #[test]
    fn the_euro_sign_takes_two_septets() {
        let info = analyze(&"€".repeat(80));
        assert_eq!(
            (info.encoding, info.units, info.segments),
            (Encoding::Gsm7, 160, 1)
        );
        assert_eq!(analyze(&"€".repeat(81)).segments, 2);
    }

    #[test]
    fn an_escape_pair_is_never_split_across_parts() {
        // 152 basic septets then a 2-septet character: the pair moves to part two.
        let text = format!("{}€{}", "a".repeat(152), "a".repeat(10));
        assert_eq!(analyze(&text).segments, 2);
    }

    proptest! {
        #[test]
        fn segments_cover_all_units_and_no_more(s in "\\PC{0,400}") {
            let info = analyze(&s);
            if info.units == 0 {
                prop_assert_eq!(info.segments, 0);
            } else if info.segments == 1 {
                prop_assert!(info.units <= info.per_segment);
            } else {
                prop_assert!(info.units <= info.segments * info.per_segment);
                // Greedy packing wastes at most one unit per part.
                prop_assert!(info.units > (info.segments - 1) * (info.per_segment - 1));
            }
        }

        #[test]
        fn gsm_text_of_n_basic_characters_needs_ceil_n_over_153_parts(n in 161usize..2000) {
            prop_assert_eq!(analyze(&"x".repeat(n)).segments, n.div_ceil(153));
        }
    }
}
