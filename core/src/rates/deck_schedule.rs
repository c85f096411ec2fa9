//! Which applied rate deck is in force when. A deck comes into force at the later of
//! its effective date (00:00 UTC) and the moment it was applied, so applying a deck
//! never re-rates a call that started before; the deck that came into force last,
//! not after a call's start, rates the call.

use serde::{Deserialize, Serialize};

const DAY_MS: i64 = 86_400_000;

/// Unix milliseconds of 00:00 UTC on a YYYY-MM-DD date.
pub fn effective_ms(date: &str) -> Option<i64> {
    crate::dates::day_number(date).map(|d| d * DAY_MS)
}

/// When a deck effective on `effective_at` and applied at `applied_at` takes over.
pub fn in_force_from(effective_at: i64, applied_at: i64) -> i64 {
    effective_at.max(applied_at)
}

/// The applied deck in force at `at`, among `(in_force_from, id)` pairs in any order:
/// the latest to come into force not after `at` (the later uploaded on a tie).
pub fn deck_in_force(decks: &[(i64, i64)], at: i64) -> Option<i64> {
    decks
        .iter()
        .filter(|(from, _)| *from <= at)
        .max()
        .map(|(_, id)| *id)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum DeckStatus {
    /// Uploaded, not applied.
    Draft,
    /// Applied, in force from a later moment.
    Scheduled,
    /// The deck in force now.
    Live,
    /// Applied, and followed by a deck that is in force now.
    Superseded,
}

/// A deck's status at `now`: `in_force_from` is None for a draft; `live` is the id
/// `deck_in_force` gives for now.
pub fn deck_status(id: i64, in_force_from: Option<i64>, live: Option<i64>, now: i64) -> DeckStatus {
    match in_force_from {
        None => DeckStatus::Draft,
        Some(_) if live == Some(id) => DeckStatus::Live,
        Some(from) if from > now => DeckStatus::Scheduled,
        Some(_) => DeckStatus::Superseded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_effective_tomorrow_is_not_in_force_today() {
        let today = effective_ms("2026-11-25").unwrap();
        let tomorrow = effective_ms("2026-11-26").unwrap();
        let noon = today + DAY_MS / 2;
        let decks = [
            (in_force_from(today, today + 1000), 1),
            (in_force_from(tomorrow, noon), 2),
        ];
        assert_eq!(deck_in_force(&decks, noon), Some(1));
        assert_eq!(deck_in_force(&decks, tomorrow - 1), Some(1));
        assert_eq!(deck_in_force(&decks, tomorrow), Some(2));
        assert_eq!(deck_in_force(&decks, today), None);
        assert_eq!(
            deck_status(2, Some(tomorrow), Some(1), noon),
            DeckStatus::Scheduled
        );
        assert_eq!(
            deck_status(1, Some(today), Some(2), tomorrow),
            DeckStatus::Superseded
        );
        assert_eq!(deck_status(3, None, Some(1), noon), DeckStatus::Draft);
    }

    #[test]
    fn a_deck_applied_after_its_date_takes_over_when_applied() {
        let day = effective_ms("2026-01-01").unwrap();
        let applied = day + 5 * DAY_MS;
        assert_eq!(in_force_from(day, applied), applied);
        // Two decks for the same date: the one applied later wins from then on.
        let decks = [
            (in_force_from(day, day), 7),
            (in_force_from(day, applied), 8),
        ];
        assert_eq!(deck_in_force(&decks, applied - 1), Some(7));
        assert_eq!(deck_in_force(&decks, applied), Some(8));
    }
}
