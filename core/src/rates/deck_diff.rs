//! What a new rate deck changes against the deck in force: prefixes added, changed
//! and removed, and the rates that move by more than a chosen percentage flagged.

use super::deck::DeckRow;
use crate::money::Micros;
use rust_decimal::{Decimal, RoundingStrategy};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// One rate of a prefix that differs between the decks.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeckRateMove))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateMove {
    /// `inbound`, `outbound` or `sms`.
    pub rate: String,
    /// Micro-dollars, as decimal text.
    #[serde(with = "crate::money::micros_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub before: Micros,
    #[serde(with = "crate::money::micros_text")]
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub after: Micros,
    /// The change in percent of the old rate, one decimal ("12.5", "-40"); null when
    /// the old rate was zero.
    pub percent: Option<String>,
    /// Whether it moves by more than the threshold (any rise from zero does).
    pub flagged: bool,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeckChangeKind))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ChangeKind {
    Added,
    Changed,
    Removed,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeckChange))]
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PrefixChange {
    pub kind: ChangeKind,
    pub prefix: String,
    pub destination: String,
    pub moves: Vec<RateMove>,
    pub flagged: bool,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = DeckDiff))]
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckDiff {
    pub added: usize,
    pub changed: usize,
    pub removed: usize,
    pub unchanged: usize,
    /// Changed prefixes with at least one flagged move.
    pub flagged: usize,
    /// Flagged changes first, then the others, by prefix; at most the limit asked.
    pub changes: Vec<PrefixChange>,
}

/// The percentage `after` moves from `before`, one decimal, rounded half away from
/// zero; None when `before` is zero.
pub fn percent_change(before: Micros, after: Micros) -> Option<Decimal> {
    (before != 0).then(|| {
        (Decimal::from(after - before) * Decimal::from(100) / Decimal::from(before))
            .round_dp_with_strategy(1, RoundingStrategy::MidpointAwayFromZero)
            .normalize()
    })
}

fn rate_moves(old: &DeckRow, new: &DeckRow, threshold: Decimal) -> Vec<RateMove> {
    [
        ("inbound", old.inbound, new.inbound),
        ("outbound", old.outbound, new.outbound),
        ("sms", old.sms, new.sms),
    ]
    .into_iter()
    .filter(|(_, before, after)| before != after)
    .map(|(rate, before, after)| {
        let percent = percent_change(before, after);
        RateMove {
            rate: rate.into(),
            before,
            after,
            flagged: percent.is_none_or(|p| p.abs() > threshold),
            percent: percent.map(|p| p.to_string()),
        }
    })
    .collect()
}

struct Collector {
    diff: DeckDiff,
    flagged: Vec<PrefixChange>,
    others: Vec<PrefixChange>,
    limit: usize,
}

impl Collector {
    fn keep(&mut self, change: PrefixChange) {
        let list = if change.flagged {
            &mut self.flagged
        } else {
            &mut self.others
        };
        if list.len() < self.limit {
            list.push(change);
        }
    }

    fn one_side(&mut self, kind: ChangeKind, row: &DeckRow) {
        match kind {
            ChangeKind::Added => self.diff.added += 1,
            _ => self.diff.removed += 1,
        }
        self.keep(PrefixChange {
            kind,
            prefix: row.prefix.clone(),
            destination: row.destination.clone(),
            moves: Vec::new(),
            flagged: false,
        });
    }

    fn both(&mut self, old: &DeckRow, new: &DeckRow, threshold: Decimal) {
        let same = DeckRow {
            effective_from: new.effective_from.clone(),
            ..old.clone()
        };
        if &same == new {
            self.diff.unchanged += 1;
            return;
        }
        self.diff.changed += 1;
        let moves = rate_moves(old, new, threshold);
        let flagged = moves.iter().any(|m| m.flagged);
        self.diff.flagged += usize::from(flagged);
        self.keep(PrefixChange {
            kind: ChangeKind::Changed,
            prefix: new.prefix.clone(),
            destination: new.destination.clone(),
            moves,
            flagged,
        });
    }
}

/// Compares two decks, each given in ascending order of prefix (as text), in one
/// pass. `threshold` is the percentage beyond which a move is flagged; at most
/// `limit` flagged and `limit` other changes are listed (all are counted).
pub fn diff_decks(
    old: impl IntoIterator<Item = DeckRow>,
    new: impl IntoIterator<Item = DeckRow>,
    threshold: Decimal,
    limit: usize,
) -> DeckDiff {
    let mut c = Collector {
        diff: DeckDiff::default(),
        flagged: Vec::new(),
        others: Vec::new(),
        limit,
    };
    let (mut old, mut new) = (old.into_iter().peekable(), new.into_iter().peekable());
    loop {
        let order = match (old.peek(), new.peek()) {
            (None, None) => break,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (Some(o), Some(n)) => o.prefix.cmp(&n.prefix),
        };
        match order {
            Ordering::Less => {
                let row = old.next().expect("peeked");
                c.one_side(ChangeKind::Removed, &row);
            }
            Ordering::Greater => {
                let row = new.next().expect("peeked");
                c.one_side(ChangeKind::Added, &row);
            }
            Ordering::Equal => {
                let (o, n) = (old.next().expect("peeked"), new.next().expect("peeked"));
                c.both(&o, &n, threshold);
            }
        }
    }
    let mut diff = c.diff;
    diff.changes = c.flagged;
    diff.changes.extend(c.others);
    diff
}

/// `diff_decks` for decks in any order (the browser's and the vectors' case).
pub fn diff_unsorted(
    mut old: Vec<DeckRow>,
    mut new: Vec<DeckRow>,
    threshold: Decimal,
    limit: usize,
) -> DeckDiff {
    old.sort_by(|a, b| a.prefix.cmp(&b.prefix));
    new.sort_by(|a, b| a.prefix.cmp(&b.prefix));
    diff_decks(old, new, threshold, limit)
}
