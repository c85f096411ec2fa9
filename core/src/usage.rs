//! Usage records and usage triggers, as Twilio's API names them (issue 46): what an
//! account used in a period by category, and when a trigger on one category fires.

use crate::money::{parse_amount, to_micros};
use crate::Micros;
use serde::{Deserialize, Serialize};

/// What a period's activity adds up to, read from the database.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub calls_inbound: i64,
    pub calls_inbound_seconds: i64,
    pub calls_inbound_price: Micros,
    pub calls_outbound: i64,
    pub calls_outbound_seconds: i64,
    pub calls_outbound_price: Micros,
    pub sms: i64,
    pub sms_price: Micros,
    pub numbers: i64,
    pub numbers_price: Micros,
    pub recordings: i64,
    pub recordings_seconds: i64,
    /// What recordings were charged (core's `recordings::cost`), from the ledger.
    #[serde(default)]
    pub recordings_price: Micros,
    /// Everything usage cost, refunds taken off.
    pub total_price: Micros,
}

impl Totals {
    /// Adds `other`'s usage to this (a month's days, a year's months).
    pub fn add(&mut self, other: &Totals) {
        self.calls_inbound += other.calls_inbound;
        self.calls_inbound_seconds += other.calls_inbound_seconds;
        self.calls_inbound_price += other.calls_inbound_price;
        self.calls_outbound += other.calls_outbound;
        self.calls_outbound_seconds += other.calls_outbound_seconds;
        self.calls_outbound_price += other.calls_outbound_price;
        self.sms += other.sms;
        self.sms_price += other.sms_price;
        self.numbers += other.numbers;
        self.numbers_price += other.numbers_price;
        self.recordings += other.recordings;
        self.recordings_seconds += other.recordings_seconds;
        self.recordings_price += other.recordings_price;
        self.total_price += other.total_price;
    }
}

/// One category's usage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub category: &'static str,
    pub description: &'static str,
    pub count: i64,
    pub count_unit: &'static str,
    pub usage: i64,
    pub usage_unit: &'static str,
    pub price: Micros,
}

/// The categories Dialtone reports, in Twilio's names.
pub const CATEGORIES: [&str; 8] = [
    "calls",
    "calls-inbound",
    "calls-outbound",
    "sms",
    "sms-outbound",
    "phonenumbers",
    "recordings",
    "totalprice",
];

/// Minutes as Twilio counts them: each call's seconds summed, rounded up.
fn minutes(seconds: i64) -> i64 {
    (seconds + 59) / 60
}

/// The record of `category` (one of `CATEGORIES`) from `t`.
pub fn record(category: &str, t: &Totals) -> Option<Record> {
    let calls = |description, count, seconds, price| Record {
        category: CATEGORIES
            .iter()
            .find(|c| **c == category)
            .copied()
            .unwrap_or(""),
        description,
        count,
        count_unit: "calls",
        usage: minutes(seconds),
        usage_unit: "minutes",
        price,
    };
    Some(match category {
        "calls" => calls(
            "Voice minutes",
            t.calls_inbound + t.calls_outbound,
            t.calls_inbound_seconds + t.calls_outbound_seconds,
            t.calls_inbound_price + t.calls_outbound_price,
        ),
        "calls-inbound" => calls(
            "Inbound voice minutes",
            t.calls_inbound,
            t.calls_inbound_seconds,
            t.calls_inbound_price,
        ),
        "calls-outbound" => calls(
            "Outbound voice minutes",
            t.calls_outbound,
            t.calls_outbound_seconds,
            t.calls_outbound_price,
        ),
        "sms" | "sms-outbound" => Record {
            category: if category == "sms" {
                "sms"
            } else {
                "sms-outbound"
            },
            description: if category == "sms" {
                "SMS messages"
            } else {
                "Outbound SMS messages"
            },
            count: t.sms,
            count_unit: "messages",
            usage: t.sms,
            usage_unit: "messages",
            price: t.sms_price,
        },
        "phonenumbers" => Record {
            category: "phonenumbers",
            description: "Phone numbers",
            count: t.numbers,
            count_unit: "numbers",
            usage: t.numbers,
            usage_unit: "numbers",
            price: t.numbers_price,
        },
        "recordings" => Record {
            category: "recordings",
            description: "Voice recordings",
            count: t.recordings,
            count_unit: "recordings",
            usage: minutes(t.recordings_seconds),
            usage_unit: "minutes",
            price: t.recordings_price,
        },
        "totalprice" => Record {
            category: "totalprice",
            description: "Total price",
            count: 0,
            count_unit: "",
            usage: 0,
            usage_unit: "usd",
            price: t.total_price,
        },
        _ => return None,
    })
}

/// What a trigger compares with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TriggerBy {
    Usage,
    Count,
    Price,
}

impl TriggerBy {
    pub fn parse(text: &str) -> Option<TriggerBy> {
        match text {
            "" | "usage" => Some(TriggerBy::Usage),
            "count" => Some(TriggerBy::Count),
            "price" => Some(TriggerBy::Price),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            TriggerBy::Usage => "usage",
            TriggerBy::Count => "count",
            TriggerBy::Price => "price",
        }
    }
}

/// A trigger's value in its own unit: micro-dollars for a price, else a whole count.
pub fn trigger_value(by: TriggerBy, text: &str) -> Option<i64> {
    let value = parse_amount(text.trim()).ok()?;
    let parsed = match by {
        TriggerBy::Price => to_micros(value).ok()?,
        _ if value.fract().is_zero() => i64::try_from(value.trunc().mantissa()).ok()?,
        _ => return None,
    };
    (parsed > 0).then_some(parsed)
}

/// The record's current value for a trigger, in the trigger's unit.
pub fn current(by: TriggerBy, r: &Record) -> i64 {
    match by {
        TriggerBy::Usage => r.usage,
        TriggerBy::Count => r.count,
        TriggerBy::Price => r.price,
    }
}

/// A trigger's period: once (alltime, or no recurrence), or the day, month or year
/// holding `now`; its first moment in ms (0 for all time), or None for an unknown name.
pub fn period_start(recurring: &str, now_ms: i64) -> Option<i64> {
    use chrono::{Datelike, TimeZone, Utc};
    let t = Utc.timestamp_millis_opt(now_ms).single()?;
    let at = |y, m, d| {
        Utc.with_ymd_and_hms(y, m, d, 0, 0, 0)
            .single()
            .map(|s| s.timestamp_millis())
    };
    match recurring {
        "" | "alltime" => Some(0),
        "daily" => at(t.year(), t.month(), t.day()),
        "monthly" => at(t.year(), t.month(), 1),
        "yearly" => at(t.year(), 1, 1),
        _ => None,
    }
}

/// Whether a trigger fires now: its value reached in a period it has not fired in.
pub fn fires(value: i64, current: i64, fired_in: Option<i64>, period: i64) -> bool {
    current >= value && fired_in != Some(period)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_add_up_to_their_month() {
        let day = Totals {
            calls_outbound: 2,
            calls_outbound_seconds: 90,
            calls_outbound_price: 30_000,
            sms: 1,
            sms_price: 7_900,
            total_price: 37_900,
            ..Default::default()
        };
        let mut month = Totals::default();
        month.add(&day);
        month.add(&day);
        assert_eq!(month.calls_outbound, 4);
        assert_eq!(month.calls_outbound_seconds, 180);
        assert_eq!(month.total_price, 75_800);
        assert_eq!(month.calls_inbound, 0);
    }

    #[test]
    fn records_by_category() {
        let t = Totals {
            calls_inbound: 1,
            calls_inbound_seconds: 30,
            calls_outbound: 2,
            calls_outbound_seconds: 61,
            calls_outbound_price: 40_000,
            ..Default::default()
        };
        let calls = record("calls", &t).unwrap();
        assert_eq!((calls.count, calls.usage, calls.price), (3, 2, 40_000));
        assert_eq!(record("calls-outbound", &t).unwrap().usage, 2);
        assert!(record("nonsense", &t).is_none());
    }

    #[test]
    fn triggers_fire_once_per_period() {
        assert_eq!(trigger_value(TriggerBy::Price, "1.50"), Some(1_500_000));
        assert_eq!(trigger_value(TriggerBy::Count, "10"), Some(10));
        assert_eq!(trigger_value(TriggerBy::Count, "1.5"), None);
        assert_eq!(trigger_value(TriggerBy::Usage, "0"), None);
        assert!(fires(10, 10, None, 0));
        assert!(!fires(10, 12, Some(0), 0));
        assert!(fires(10, 12, Some(0), 86_400_000));
        assert!(!fires(10, 9, None, 0));
        assert_eq!(period_start("daily", 86_400_000 + 5), Some(86_400_000));
        assert_eq!(period_start("weekly", 0), None);
    }
}
