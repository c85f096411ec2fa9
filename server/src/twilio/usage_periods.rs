//! Usage records day by day, month by month or year by year (/Usage/Records/Daily.json,
//! Monthly.json, Yearly.json): a record per category and period from StartDate to
//! EndDate, the periods' sums taken from one grouped read of the days.

use chrono::{Datelike, Duration, NaiveDate};
use dialtone_core::usage::Totals;
use std::collections::BTreeMap;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Every {
    Day,
    Month,
    Year,
}

/// The subresource's period, if it is one of these.
pub fn every(sub: &str) -> Option<Every> {
    match sub {
        "Daily" => Some(Every::Day),
        "Monthly" => Some(Every::Month),
        "Yearly" => Some(Every::Year),
        _ => None,
    }
}

/// Where the periods start when the request names no StartDate: the last 30 days, the
/// last 12 months, or the account's first year.
pub fn default_start(every: Every, today: NaiveDate, created: NaiveDate) -> NaiveDate {
    match every {
        Every::Day => today - Duration::days(29),
        Every::Month => month_start(today - Duration::days(334)),
        Every::Year => NaiveDate::from_ymd_opt(created.year(), 1, 1).unwrap_or(created),
    }
}

fn month_start(d: NaiveDate) -> NaiveDate {
    d.with_day(1).unwrap_or(d)
}

fn next(every: Every, start: NaiveDate) -> NaiveDate {
    let (y, m) = (start.year(), start.month());
    let first = |y, m| NaiveDate::from_ymd_opt(y, m, 1).unwrap_or(start);
    match every {
        Every::Day => start + Duration::days(1),
        Every::Month if m == 12 => first(y + 1, 1),
        Every::Month => first(y, m + 1),
        Every::Year => first(y + 1, 1),
    }
}

/// The periods (first day, last day) covering `first` to `last`, the outer ones cut to
/// them; at most `max`.
pub fn periods(
    every: Every,
    first: NaiveDate,
    last: NaiveDate,
    max: usize,
) -> Vec<(NaiveDate, NaiveDate)> {
    let mut out = Vec::new();
    let mut start = first;
    while start <= last && out.len() < max {
        let end = (next(every, start) - Duration::days(1)).min(last);
        out.push((start, end));
        start = end + Duration::days(1);
    }
    out
}

fn day_number(d: NaiveDate) -> i64 {
    (d - NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or(d)).num_days()
}

/// Each period's totals: the sum of its days.
pub fn sum(days: &BTreeMap<i64, Totals>, (first, last): (NaiveDate, NaiveDate)) -> Totals {
    let mut t = Totals::default();
    for day in days
        .range(day_number(first)..=day_number(last))
        .map(|(_, t)| t)
    {
        t.add(day);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn months_are_cut_to_the_range_and_years_roll_over() {
        let months = periods(Every::Month, d(2026, 11, 15), d(2027, 1, 10), 100);
        assert_eq!(
            months,
            vec![
                (d(2026, 11, 15), d(2026, 11, 30)),
                (d(2026, 12, 1), d(2026, 12, 31)),
                (d(2027, 1, 1), d(2027, 1, 10)),
            ]
        );
        assert_eq!(
            periods(Every::Day, d(2026, 2, 27), d(2026, 3, 1), 100).len(),
            3
        );
        assert_eq!(
            periods(Every::Day, d(2026, 1, 1), d(2026, 12, 31), 10).len(),
            10
        );
    }

    #[test]
    fn a_period_sums_its_days_only() {
        let mut days = BTreeMap::new();
        let one = Totals {
            sms: 1,
            ..Default::default()
        };
        days.insert(day_number(d(2026, 10, 31)), one);
        days.insert(day_number(d(2026, 11, 1)), one);
        days.insert(day_number(d(2026, 11, 30)), one);
        assert_eq!(sum(&days, (d(2026, 11, 1), d(2026, 11, 30))).sms, 2);
    }
}
