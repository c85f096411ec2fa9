//! Spend and rate limits per account (issue 43): what a compromised device or a leaked
//! key can spend before anyone notices. The administrator sets the defaults and may
//! raise one account's ceiling; the customer may lower any limit below its ceiling. A
//! limit left out (None) is no limit.

use crate::money::{format_micros, parse_amount, to_micros};
use crate::validation::FieldErrors;
use crate::Micros;
use serde::{Deserialize, Serialize};

/// One account's limits (micro-dollars and counts); None: no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Caps {
    /// Calls to destinations dearer than this a minute are refused before they ring.
    #[serde(default)]
    pub max_rate_per_minute: Option<Micros>,
    /// No single call may cost more: its allowed length is cut to fit.
    #[serde(default)]
    pub max_call_cost: Option<Micros>,
    /// Calls and messages together, per UTC day.
    #[serde(default)]
    pub daily_spend: Option<Micros>,
    /// Outbound calls in progress at once.
    #[serde(default)]
    pub concurrent_calls: Option<i64>,
    /// New outbound calls in any one second.
    #[serde(default)]
    pub calls_per_second: Option<i64>,
    /// Messages sent in any one minute.
    #[serde(default)]
    pub sms_per_minute: Option<i64>,
}

/// The limits until an administrator sets others: generous for a person or a small
/// office, small beside what a hijacked phone runs up overnight.
pub const DEFAULT_CAPS: Caps = Caps {
    max_rate_per_minute: Some(1_000_000),
    max_call_cost: Some(25_000_000),
    daily_spend: Some(100_000_000),
    concurrent_calls: Some(10),
    calls_per_second: Some(5),
    sms_per_minute: Some(60),
};

fn lower(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Caps {
    /// Each limit the lower of the two (a missing one is no limit).
    pub fn within(&self, other: &Caps) -> Caps {
        Caps {
            max_rate_per_minute: lower(self.max_rate_per_minute, other.max_rate_per_minute),
            max_call_cost: lower(self.max_call_cost, other.max_call_cost),
            daily_spend: lower(self.daily_spend, other.daily_spend),
            concurrent_calls: lower(self.concurrent_calls, other.concurrent_calls),
            calls_per_second: lower(self.calls_per_second, other.calls_per_second),
            sms_per_minute: lower(self.sms_per_minute, other.sms_per_minute),
        }
    }

    fn slots(&mut self) -> [(&'static str, &mut Option<i64>); 6] {
        [
            ("rate", &mut self.max_rate_per_minute),
            ("call", &mut self.max_call_cost),
            ("daily", &mut self.daily_spend),
            ("live", &mut self.concurrent_calls),
            ("cps", &mut self.calls_per_second),
            ("sms", &mut self.sms_per_minute),
        ]
    }

    /// The limits as stored: `name=value` pairs separated by spaces (a missing name is
    /// no limit); None, or text that does not parse, is read as `fallback`.
    pub fn read(stored: Option<&str>, fallback: Caps) -> Caps {
        let Some(text) = stored else {
            return fallback;
        };
        let mut caps = Caps::default();
        for pair in text.split_whitespace() {
            let parsed = pair
                .split_once('=')
                .and_then(|(name, value)| Some((name, value.parse::<i64>().ok()?)));
            let Some((name, value)) = parsed else {
                return fallback;
            };
            match caps.slots().into_iter().find(|(n, _)| *n == name) {
                Some((_, slot)) => *slot = Some(value),
                None => return fallback,
            }
        }
        caps
    }

    pub fn store(&self) -> String {
        let mut copy = *self;
        let pairs: Vec<String> = copy
            .slots()
            .into_iter()
            .filter_map(|(name, slot)| slot.map(|v| format!("{name}={v}")))
            .collect();
        pairs.join(" ")
    }
}

/// What binds an account: its ceiling (the administrator's for it, else the
/// platform's defaults), lowered by the customer's own choice where they made one.
pub fn effective(defaults: &Caps, ceiling: Option<&Caps>, chosen: Option<&Caps>) -> Caps {
    let ceiling = ceiling.unwrap_or(defaults);
    match chosen {
        Some(chosen) => ceiling.within(chosen),
        None => *ceiling,
    }
}

/// Limits as a form types them: amounts in dollars and whole counts, as text; an
/// empty field is no limit (for the administrator) or the ceiling (for a customer).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CapsInput {
    #[serde(default)]
    pub max_rate_per_minute: String,
    #[serde(default)]
    pub max_call_cost: String,
    #[serde(default)]
    pub daily_spend: String,
    #[serde(default)]
    pub concurrent_calls: String,
    #[serde(default)]
    pub calls_per_second: String,
    #[serde(default)]
    pub sms_per_minute: String,
}

pub const AMOUNT_MESSAGE: &str = "Enter an amount in dollars, e.g. 25.00";
pub const COUNT_MESSAGE: &str = "Enter a whole number from 1 to 100000";

fn amount(text: &str) -> Result<Option<Micros>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let value = parse_amount(text).map_err(|_| AMOUNT_MESSAGE)?;
    match to_micros(value) {
        Ok(m) if m > 0 && m <= 1_000_000_000_000 => Ok(Some(m)),
        _ => Err(AMOUNT_MESSAGE),
    }
}

fn count(text: &str) -> Result<Option<i64>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<i64>() {
        Ok(n) if (1..=100_000).contains(&n) => Ok(Some(n)),
        _ => Err(COUNT_MESSAGE),
    }
}

/// The limits typed (an empty field: no limit), or each field's message.
pub fn parse(input: &CapsInput) -> Result<Caps, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut keep = |field: &str, r: Result<Option<i64>, &str>| {
        r.unwrap_or_else(|m| {
            errors.insert(field.to_string(), m.to_string());
            None
        })
    };
    let caps = Caps {
        max_rate_per_minute: keep("maxRatePerMinute", amount(&input.max_rate_per_minute)),
        max_call_cost: keep("maxCallCost", amount(&input.max_call_cost)),
        daily_spend: keep("dailySpend", amount(&input.daily_spend)),
        concurrent_calls: keep("concurrentCalls", count(&input.concurrent_calls)),
        calls_per_second: keep("callsPerSecond", count(&input.calls_per_second)),
        sms_per_minute: keep("smsPerMinute", count(&input.sms_per_minute)),
    };
    match errors.is_empty() {
        true => Ok(caps),
        false => Err(errors),
    }
}

fn above_ceiling(field: &str, ceiling: i64) -> String {
    let shown = match field {
        "concurrentCalls" | "callsPerSecond" | "smsPerMinute" => ceiling.to_string(),
        _ => format_micros(ceiling),
    };
    format!("At most {shown}, your account's ceiling: ask us to raise it")
}

/// A customer's own limits: typed as `parse` reads them, each no higher than the
/// account's ceiling (an empty field keeps the ceiling).
pub fn choose(ceiling: &Caps, input: &CapsInput) -> Result<Caps, FieldErrors> {
    let chosen = parse(input)?;
    let mut errors = FieldErrors::new();
    let pairs = [
        (
            "maxRatePerMinute",
            chosen.max_rate_per_minute,
            ceiling.max_rate_per_minute,
        ),
        ("maxCallCost", chosen.max_call_cost, ceiling.max_call_cost),
        ("dailySpend", chosen.daily_spend, ceiling.daily_spend),
        (
            "concurrentCalls",
            chosen.concurrent_calls,
            ceiling.concurrent_calls,
        ),
        (
            "callsPerSecond",
            chosen.calls_per_second,
            ceiling.calls_per_second,
        ),
        (
            "smsPerMinute",
            chosen.sms_per_minute,
            ceiling.sms_per_minute,
        ),
    ];
    for (field, mine, max) in pairs {
        if let (Some(mine), Some(max)) = (mine, max) {
            if mine > max {
                errors.insert(field.to_string(), above_ceiling(field, max));
            }
        }
    }
    match errors.is_empty() {
        true => Ok(chosen),
        false => Err(errors),
    }
}

/// The field errors of limits as typed: against the ceiling as a form shows it (a
/// customer's), or alone (an administrator's).
pub fn validate(input: &CapsInput, ceiling: Option<&CapsInput>) -> FieldErrors {
    let result = match ceiling {
        Some(ceiling) => choose(&parse(ceiling).unwrap_or_default(), input),
        None => parse(input),
    };
    result.err().unwrap_or_default()
}

/// Limits as a form shows them: dollars with cents and whole counts; "" for none.
pub fn to_input(caps: &Caps) -> CapsInput {
    let money = |m: Option<i64>| {
        m.map(|m| crate::money::from_micros(m).round_dp(2).to_string())
            .unwrap_or_default()
    };
    let whole = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_default();
    CapsInput {
        max_rate_per_minute: money(caps.max_rate_per_minute),
        max_call_cost: money(caps.max_call_cost),
        daily_spend: money(caps.daily_spend),
        concurrent_calls: whole(caps.concurrent_calls),
        calls_per_second: whole(caps.calls_per_second),
        sms_per_minute: whole(caps.sms_per_minute),
    }
}

/// What an account has used of its limits when a call asks to go: what it spent this
/// UTC day, its outbound calls in progress, and those it started in this second.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Usage {
    #[serde(default)]
    pub spent_today: Micros,
    #[serde(default)]
    pub live_calls: i64,
    #[serde(default)]
    pub calls_last_second: i64,
}

/// The most a call may hold under the money limits, given the funds it could hold
/// otherwise and what calls in progress hold (`reserved`, part of today's spending
/// once they end). None when no money limit applies.
pub fn money_room(caps: &Caps, usage: &Usage, reserved: Micros) -> Option<Micros> {
    lower(caps.max_call_cost, daily_room(caps, usage, reserved))
}

/// What is left of the day's spending limit, with what calls in progress hold counted
/// as spent; None without a daily limit.
pub fn daily_room(caps: &Caps, usage: &Usage, reserved: Micros) -> Option<Micros> {
    caps.daily_spend
        .map(|d| (d - usage.spent_today - reserved).max(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ceiling_binds_and_the_customer_only_lowers_it() {
        let ceiling = Caps {
            concurrent_calls: Some(10),
            daily_spend: Some(100_000_000),
            ..Caps::default()
        };
        let chosen = Caps {
            concurrent_calls: Some(2),
            daily_spend: None,
            ..Caps::default()
        };
        let e = effective(&DEFAULT_CAPS, Some(&ceiling), Some(&chosen));
        assert_eq!(e.concurrent_calls, Some(2));
        assert_eq!(e.daily_spend, Some(100_000_000));
        assert_eq!(e.calls_per_second, None, "the account's ceiling has none");
        assert_eq!(effective(&DEFAULT_CAPS, None, None), DEFAULT_CAPS);
    }

    #[test]
    fn a_customer_cannot_raise_a_limit_above_the_ceiling() {
        let input = CapsInput {
            concurrent_calls: "50".into(),
            daily_spend: "20".into(),
            ..CapsInput::default()
        };
        let errors = choose(&DEFAULT_CAPS, &input).unwrap_err();
        assert_eq!(
            errors["concurrentCalls"],
            "At most 10, your account's ceiling: ask us to raise it"
        );
        assert!(!errors.contains_key("dailySpend"));
        let bad = CapsInput {
            max_call_cost: "lots".into(),
            sms_per_minute: "0".into(),
            ..CapsInput::default()
        };
        let errors = parse(&bad).unwrap_err();
        assert_eq!(errors["maxCallCost"], AMOUNT_MESSAGE);
        assert_eq!(errors["smsPerMinute"], COUNT_MESSAGE);
    }

    #[test]
    fn the_daily_limit_leaves_room_for_what_calls_in_progress_hold() {
        let caps = Caps {
            daily_spend: Some(10_000_000),
            max_call_cost: Some(5_000_000),
            ..Caps::default()
        };
        let usage = Usage {
            spent_today: 3_000_000,
            ..Usage::default()
        };
        assert_eq!(money_room(&caps, &usage, 0), Some(5_000_000));
        assert_eq!(money_room(&caps, &usage, 4_000_000), Some(3_000_000));
        assert_eq!(money_room(&caps, &usage, 9_000_000), Some(0));
        assert_eq!(money_room(&Caps::default(), &usage, 0), None);
        let stored = DEFAULT_CAPS.store();
        assert_eq!(Caps::read(Some(&stored), Caps::default()), DEFAULT_CAPS);
        assert_eq!(Caps::read(Some("rate=x"), DEFAULT_CAPS), DEFAULT_CAPS);
        assert_eq!(Caps::read(Some(""), DEFAULT_CAPS), Caps::default());
        assert_eq!(Caps::read(None, DEFAULT_CAPS), DEFAULT_CAPS);
    }
}
