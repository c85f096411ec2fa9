//! Rating calls and messages, exactly, in micro-dollars.
//!
//! Rounding rule: a call's money cost is billable seconds x rate / 60, rounded half
//! up to the micro-dollar (the only division in rating); SMS costs are whole
//! multiples of the per-message rate and need no rounding.

use crate::money::Micros;
use crate::sms;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Longest-prefix match of E.164 numbers to destinations.
#[derive(Debug, Clone, Default)]
pub struct PrefixTable<T> {
    by_prefix: HashMap<String, T>,
    longest: usize,
}

impl<T: Clone> PrefixTable<T> {
    pub fn new() -> Self {
        PrefixTable {
            by_prefix: HashMap::new(),
            longest: 0,
        }
    }

    /// Adds a prefix of digits (a leading + is ignored).
    pub fn insert(&mut self, prefix: &str, value: T) {
        let digits = prefix.trim_start_matches('+').to_string();
        self.longest = self.longest.max(digits.len());
        self.by_prefix.insert(digits, value);
    }

    pub fn len(&self) -> usize {
        self.by_prefix.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_prefix.is_empty()
    }

    /// The value of the longest prefix of `number` in the table.
    pub fn lookup(&self, number: &str) -> Option<&T> {
        self.matching(number, |_| true)
    }

    /// The value of the longest prefix of `number` that may rate it, the number being
    /// in `region` (ISO 3166, from the numbering plan's metadata): see `prefix_rates`.
    pub fn lookup_in(&self, number: &str, region: Option<&str>) -> Option<&T> {
        self.matching(number, |prefix| prefix_rates(prefix, region))
    }

    /// The value of the longest prefix of `number` in the table that `may` accepts.
    fn matching(&self, number: &str, may: impl Fn(&str) -> bool) -> Option<&T> {
        let digits = number.trim_start_matches('+');
        if !digits.is_ascii() {
            return None;
        }
        let max = self.longest.min(digits.len());
        (1..=max)
            .rev()
            .map(|len| &digits[..len])
            .filter(|prefix| may(prefix))
            .find_map(|prefix| self.by_prefix.get(prefix))
    }
}

/// The prefixes a destination table may hold for an E.164 number, shortest first
/// ("4", "44", "442" ... up to 15 digits), or None when it has no digits to match.
/// A store of destinations fetches the rows of these; `longest_prefix` picks.
pub fn candidate_prefixes(number: &str) -> Option<Vec<String>> {
    let digits: String = number.trim_start_matches('+').chars().take(15).collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(
        (1..=digits.len())
            .map(|len| digits[..len].to_string())
            .collect(),
    )
}

/// The North American Numbering Plan's calling code, shared by 25 countries.
pub const NANP: &str = "1";

/// Whether a rate held under `prefix` may rate a number in `region` (its ISO 3166
/// region by the numbering plan's metadata; None when the plan does not place it).
/// +1 is shared by the United States, Canada and 23 Caribbean and Pacific countries:
/// the bare "1" stands for the United States alone, so a number elsewhere in the plan
/// (Jamaica +1 876, the Dominican Republic +1 809, a Canadian area code without a rate
/// of its own) is rated by its own area code's prefix or not at all, never at the
/// United States' rate (toll fraud at a fraction of its cost). Every other prefix
/// rates what it matches.
pub fn prefix_rates(prefix: &str, region: Option<&str>) -> bool {
    prefix.trim_start_matches('+') != NANP || region == Some("US")
}

/// `candidate_prefixes` without those that may not rate a number in `region`
/// (`prefix_rates`).
pub fn candidate_prefixes_in(number: &str, region: Option<&str>) -> Option<Vec<String>> {
    let mut prefixes = candidate_prefixes(number)?;
    prefixes.retain(|p| prefix_rates(p, region));
    Some(prefixes)
}

/// The destination of the longest matching prefix among fetched candidates (the
/// same choice as `PrefixTable::lookup`).
pub fn longest_prefix<P: AsRef<str>, T>(candidates: impl IntoIterator<Item = (P, T)>) -> Option<T> {
    candidates
        .into_iter()
        .max_by_key(|(prefix, _)| prefix.as_ref().trim_start_matches('+').len())
        .map(|(_, value)| value)
}

/// How a rate row bills time: the first increment, then each next one, in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Increments {
    pub first: i64,
    pub next: i64,
}

impl Default for Increments {
    fn default() -> Self {
        Increments { first: 1, next: 1 }
    }
}

/// Seconds billed for a call of `duration` seconds: nothing for an unanswered call,
/// at least the first increment, then whole next increments.
pub fn billable_seconds(duration: i64, inc: Increments) -> i64 {
    let (first, next) = (inc.first.max(1), inc.next.max(1));
    if duration <= 0 {
        0
    } else if duration <= first {
        first
    } else {
        first + (duration - first + next - 1) / next * next
    }
}

/// Money cost of `seconds` at `rate_per_minute` micro-dollars, rounded half up.
pub fn cost_of_seconds(seconds: i64, rate_per_minute: Micros) -> Micros {
    let product = i128::from(seconds) * i128::from(rate_per_minute);
    ((product + 30) / 60) as Micros
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallCharge {
    pub billable_seconds: i64,
    /// Seconds taken from the caller's packages.
    pub package_seconds: i64,
    /// Seconds paid with money.
    pub paid_seconds: i64,
    /// Micro-dollars, as decimal text in JSON (money crosses boundaries as text).
    #[serde(with = "crate::money::micros_text")]
    pub cost: Micros,
}

/// Rates a finished call: package seconds first (outbound only), money after.
pub fn rate_call(
    duration: i64,
    rate_per_minute: Micros,
    inc: Increments,
    package_available: i64,
) -> CallCharge {
    let billable = billable_seconds(duration, inc);
    let package_seconds = billable.min(package_available.max(0));
    let paid_seconds = billable - package_seconds;
    CallCharge {
        billable_seconds: billable,
        package_seconds,
        paid_seconds,
        cost: cost_of_seconds(paid_seconds, rate_per_minute),
    }
}

/// The longest call the caller can afford with `funds` micro-dollars plus
/// `package_available` seconds, at most `cap` seconds. Zero when not even the first
/// increment is affordable.
pub fn max_duration(
    funds: Micros,
    rate_per_minute: Micros,
    inc: Increments,
    package_available: i64,
    cap: i64,
) -> i64 {
    if rate_per_minute <= 0 {
        return cap;
    }
    // Whole seconds of money: the largest s with cost_of_seconds(s) <= funds.
    let money_secs = ((i128::from(funds.max(0)) * 60 + 29) / i128::from(rate_per_minute)) as i64;
    let mut total = (money_secs + package_available.max(0)).min(cap);
    // Round down to what the increments can bill without exceeding the funds.
    while total > 0 && rate_call(total, rate_per_minute, inc, package_available).cost > funds {
        let (first, next) = (inc.first.max(1), inc.next.max(1));
        total = if total <= first {
            0
        } else {
            first + (total - first - 1) / next * next
        };
    }
    total
}

/// A forwarded call is two legs of the same length, both paid by the number's owner:
/// the longest such call `funds` pays for at both rates together, at most `cap`.
/// The inbound leg then reserves only its own share, leaving the outbound leg enough
/// for at least as long.
pub fn max_duration_forwarded(
    funds: Micros,
    inbound: (Micros, Increments),
    outbound: (Micros, Increments),
    cap: i64,
) -> i64 {
    let cost = |t: i64| {
        rate_call(t, inbound.0, inbound.1, 0).cost + rate_call(t, outbound.0, outbound.1, 0).cost
    };
    // The cost never falls as the call grows: the largest affordable length by halving.
    let (mut lo, mut hi) = (0, cap.max(0));
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if cost(mid) <= funds {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Cost of a message: its segments times the destination's per-message rate.
pub fn sms_cost(message: &str, rate_per_message: Micros) -> (sms::SmsInfo, Micros) {
    let info = sms::analyze(message);
    let cost = info.segments as Micros * rate_per_message;
    (info, cost)
}

/// How many one-part messages the available money buys at a per-message rate: the
/// dashboard's "SMS remaining". A free destination or no money yields 0 (nothing to
/// count against).
pub fn sms_remaining(available: Micros, rate_per_message: Micros) -> i64 {
    if rate_per_message <= 0 || available <= 0 {
        0
    } else {
        available / rate_per_message
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn sms_remaining_counts_whole_messages_the_money_buys() {
        assert_eq!(sms_remaining(1_000_000, 10_000), 100);
        assert_eq!(sms_remaining(1_009_999, 10_000), 100);
        assert_eq!(sms_remaining(9_999, 10_000), 0);
        assert_eq!(sms_remaining(-5, 10_000), 0);
        assert_eq!(sms_remaining(1_000_000, 0), 0);
    }

    #[test]
    fn one_dollar_at_two_cents_a_minute_buys_3000_seconds() {
        assert_eq!(
            max_duration(1_000_000, 20_000, Increments::default(), 0, 14_400),
            3000
        );
    }

    #[test]
    fn sixty_sixty_billing_rounds_up_to_whole_minutes() {
        let inc = Increments {
            first: 60,
            next: 60,
        };
        assert_eq!(billable_seconds(1, inc), 60);
        assert_eq!(billable_seconds(61, inc), 120);
        assert_eq!(rate_call(61, 20_000, inc, 0).cost, 40_000);
    }

    #[test]
    fn the_longest_prefix_wins() {
        let mut t = PrefixTable::new();
        t.insert("1", "US");
        t.insert("1604", "CA");
        t.insert("44", "UK");
        assert_eq!(t.lookup("+16045550100"), Some(&"CA"));
        assert_eq!(t.lookup("+14155550100"), Some(&"US"));
        assert_eq!(t.lookup("+33123456789"), None);
    }

    #[test]
    fn a_deck_rates_a_plus_one_number_by_its_region() {
        let mut t = PrefixTable::new();
        t.insert("1", "US");
        t.insert("1604", "CA");
        t.insert("1876", "JM");
        assert_eq!(t.lookup_in("+18765551234", Some("JM")), Some(&"JM"));
        assert_eq!(t.lookup_in("+18095551234", Some("DO")), None, "no US rate");
        assert_eq!(t.lookup_in("+12045551234", Some("CA")), None, "no US rate");
        assert_eq!(t.lookup_in("+14155550100", Some("US")), Some(&"US"));
        assert_eq!(
            candidate_prefixes_in("+1809555", Some("DO")).unwrap(),
            ["18", "180", "1809", "18095", "180955", "1809555"]
        );
    }

    #[test]
    fn the_longest_fetched_candidate_wins() {
        assert_eq!(
            candidate_prefixes("+1604555").unwrap(),
            ["1", "16", "160", "1604", "16045", "160455", "1604555"]
        );
        assert_eq!(candidate_prefixes("+"), None);
        assert_eq!(longest_prefix([("1", "US"), ("1604", "CA")]), Some("CA"));
        assert_eq!(longest_prefix(Vec::<(&str, &str)>::new()), None);
    }

    proptest! {
        #[test]
        fn picking_among_fetched_candidates_agrees_with_the_prefix_table(
            table in proptest::collection::btree_map("[1-9][0-9]{0,5}", 0u32..1000, 0..40),
            number in "[1-9][0-9]{6,14}",
        ) {
            let mut t = PrefixTable::new();
            for (prefix, value) in &table {
                t.insert(prefix, *value);
            }
            // What a database holding `table` returns for the number's candidates.
            let candidates = candidate_prefixes(&number).unwrap();
            let fetched = table.iter().filter(|(p, _)| candidates.contains(p)).map(|(p, v)| (p.as_str(), *v));
            prop_assert_eq!(longest_prefix(fetched), t.lookup(&number).copied());
        }

        #[test]
        fn an_affordable_call_never_costs_more_than_the_funds(
            funds in 0i64..50_000_000, rate in 1i64..200_000, first in 1i64..120, next in 1i64..120, pkg in 0i64..10_000,
        ) {
            let inc = Increments { first, next };
            let max = max_duration(funds, rate, inc, pkg, 36_000);
            prop_assert!(rate_call(max, rate, inc, pkg).cost <= funds);
            // And it is the longest: one more billing step would not be affordable
            // (unless the cap stopped it).
            if max < 36_000 {
                let step = if max < first { first } else { max + next };
                prop_assert!(rate_call(step, rate, inc, pkg).cost > funds || step > 36_000 || billable_seconds(step, inc) > 36_000);
            }
        }

        #[test]
        fn package_and_paid_seconds_add_up(d in 0i64..100_000, pkg in 0i64..100_000) {
            let c = rate_call(d, 14_500, Increments::default(), pkg);
            prop_assert_eq!(c.package_seconds + c.paid_seconds, c.billable_seconds);
        }
    }
}
