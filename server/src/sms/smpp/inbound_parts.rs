//! Long inbound messages: each part of a concatenated message (a UDH with IEI 0x00,
//! 8-bit reference, or 0x08, 16-bit) is kept in sms_inbound_parts as it arrives, and
//! the part that completes the set joins them, in order, into one inbound message in
//! the same transaction. A part delivered twice is kept once.

use super::{deliver, repo};
use crate::db::now_ms;
use crate::state::AppState;

/// Parts that never complete are forgotten after a day.
const KEEP_MS: i64 = 24 * 3600 * 1000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub reference: i64,
    pub total: i64,
    pub number: i64,
}

/// The concatenation element of a user data header (without its length octet), if it
/// has a valid one.
pub fn concat(header: &[u8]) -> Option<Part> {
    let mut rest = header;
    while rest.len() >= 2 {
        let (iei, len) = (rest[0], usize::from(rest[1]));
        let value = rest.get(2..2 + len)?;
        let part = match (iei, value) {
            (0x00, &[r, t, n]) => Some((i64::from(r), t, n)),
            (0x08, &[r1, r2, t, n]) => Some((i64::from(u16::from_be_bytes([r1, r2])), t, n)),
            _ => None,
        };
        if let Some((reference, total, number)) = part {
            if total == 0 || number == 0 || number > total {
                return None;
            }
            return Some(Part {
                reference,
                total: i64::from(total),
                number: i64::from(number),
            });
        }
        rest = &rest[2 + len..];
    }
    None
}

/// Keeps one part; with the last of them, stores the whole message as `inbound` does.
pub async fn store(
    state: &AppState,
    from: &str,
    to: &str,
    part: Part,
    text: &str,
) -> anyhow::Result<()> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let key = repo::PartKey {
        from,
        to,
        reference: part.reference,
        total: part.total,
    };
    repo::forget_inbound_parts(&mut *tx, now - KEEP_MS).await?;
    repo::insert_inbound_part(&mut *tx, &key, part.number, text, now).await?;
    let bodies = repo::inbound_parts(&mut *tx, &key).await?;
    if bodies.len() as i64 == part.total {
        repo::delete_inbound_parts(&mut *tx, &key).await?;
        deliver::inbound_in(&mut tx, from, to, &bodies.concat()).await?;
    }
    tx.commit().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{concat, Part};

    #[test]
    fn the_concatenation_element_names_the_part() {
        let p = |reference, total, number| Part {
            reference,
            total,
            number,
        };
        assert_eq!(concat(&[0x00, 0x03, 0x2a, 0x03, 0x02]), Some(p(42, 3, 2)));
        assert_eq!(
            concat(&[0x08, 0x04, 0x01, 0x00, 0x02, 0x01]),
            Some(p(256, 2, 1))
        );
        // Another element first (a port address), then the concatenation.
        let mixed = [
            0x05, 0x04, 0x0b, 0x84, 0x23, 0xf0, 0x00, 0x03, 0x07, 0x02, 0x02,
        ];
        assert_eq!(concat(&mixed), Some(p(7, 2, 2)));
        assert_eq!(concat(&[0x00, 0x03, 0x01, 0x02, 0x03]), None, "part 3 of 2");
        assert_eq!(concat(&[0x00, 0x03, 0x01]), None, "cut short");
        assert_eq!(concat(&[]), None);
    }
}
