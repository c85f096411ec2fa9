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
    /// Changed prefixes, and added ones compared with the rates in force, with at
    /// least one flagged move.
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

/// A destination's rates in force where the deck in force has no such prefix: the
/// country rate (Country Pricing) that rates its numbers now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatesInForce {
    pub inbound: Micros,
    pub outbound: Micros,
    pub sms: Micros,
}

impl From<&DeckRow> for RatesInForce {
    fn from(row: &DeckRow) -> Self {
        RatesInForce {
            inbound: row.inbound,
            outbound: row.outbound,
            sms: row.sms,
        }
    }
}

fn rate_moves(old: RatesInForce, new: &DeckRow, threshold: Decimal) -> Vec<RateMove> {
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

    /// A prefix in one deck only; an added one is compared with the rates that rate
    /// its numbers now (`now`), when there are some.
    fn one_side(&mut self, kind: ChangeKind, row: &DeckRow, now: Option<(RatesInForce, Decimal)>) {
        match kind {
            ChangeKind::Added => self.diff.added += 1,
            _ => self.diff.removed += 1,
        }
        let moves = match now {
            Some((rates, threshold)) => rate_moves(rates, row, threshold),
            None => Vec::new(),
        };
        let flagged = moves.iter().any(|m| m.flagged);
        self.diff.flagged += usize::from(flagged);
        self.keep(PrefixChange {
            kind,
            prefix: row.prefix.clone(),
            destination: row.destination.clone(),
            moves,
            flagged,
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
        let moves = rate_moves(old.into(), new, threshold);
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
    diff_against(old, new, threshold, limit, |_| None)
}

/// `diff_decks`, with each prefix new to the deck in force compared with the rates
/// that rate its numbers now (`in_force`: the country rate of its longest prefix), so
/// a new prefix that triples a country's rate is flagged as a change would be.
pub fn diff_against(
    old: impl IntoIterator<Item = DeckRow>,
    new: impl IntoIterator<Item = DeckRow>,
    threshold: Decimal,
    limit: usize,
    in_force: impl Fn(&str) -> Option<RatesInForce>,
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
                c.one_side(ChangeKind::Removed, &row, None);
            }
            Ordering::Greater => {
                let row = new.next().expect("peeked");
                let now = in_force(&row.prefix).map(|rates| (rates, threshold));
                c.one_side(ChangeKind::Added, &row, now);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rates::deck_row::LineType;

    fn row(prefix: &str, outbound: Micros) -> DeckRow {
        DeckRow {
            prefix: prefix.into(),
            destination: "Jamaica".into(),
            country: "JM".into(),
            line_type: LineType::Landline,
            inbound: 40_000,
            outbound,
            sms: 40_000,
            first_increment: 1,
            next_increment: 1,
            effective_from: "2026-12-01".into(),
        }
    }

    #[test]
    fn a_new_prefix_is_compared_with_the_country_rate_that_rates_it_now() {
        let country = RatesInForce {
            inbound: 40_000,
            outbound: 150_000,
            sms: 40_000,
        };
        let in_force = |prefix: &str| prefix.starts_with("1876").then_some(country);
        let new = [
            row("1876", 348_000),
            row("1876555", 155_000),
            row("4420", 10_000),
        ];
        let diff = diff_against([], new, Decimal::from(10), 10, in_force);
        assert_eq!((diff.added, diff.flagged), (3, 1));
        let jump = &diff.changes[0];
        assert_eq!((jump.prefix.as_str(), jump.flagged), ("1876", true));
        assert_eq!(jump.moves[0].percent.as_deref(), Some("132"));
        let small = diff.changes.iter().find(|c| c.prefix == "1876555").unwrap();
        assert!(!small.flagged && small.moves.len() == 1);
        let unknown = diff.changes.iter().find(|c| c.prefix == "4420").unwrap();
        assert!(unknown.moves.is_empty(), "no rate in force to compare with");
        assert_eq!(
            diff_decks([], [row("1876", 1)], Decimal::from(10), 10).flagged,
            0
        );
    }
}
