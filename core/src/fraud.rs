//! Fraud detection (issue 43): each account's outbound calls of the last hour against
//! its own history. The patterns are those of revenue-share fraud and hijacked
//! devices: spending far above the account's habit, calls to countries it never
//! called, bursts of short calls to one range, and an answer rate that collapses (a
//! dialler walking a number range). An alert is evidence for a person: it never moves
//! money or suspends anyone by itself.

use crate::money::format_micros;
use crate::Micros;
use serde::{Deserialize, Serialize};

/// The window an alert looks at, and the history it compares with.
pub const WINDOW_MS: i64 = 3600 * 1000;
pub const HISTORY_HOURS: i64 = 7 * 24;

/// Spending in the window this many times the account's hourly habit, and at least
/// `SPIKE_FLOOR` (a quiet account's first dollars are no spike).
pub const SPIKE_FACTOR: i64 = 5;
pub const SPIKE_FLOOR: Micros = 5_000_000;
/// Calls to one country the account never called before.
pub const NEW_COUNTRY_CALLS: i64 = 3;
/// Calls to one range (the number without its last four digits) in the window, whose
/// answered ones last this long on average or less.
pub const BURST_CALLS: i64 = 10;
pub const BURST_MAX_AVERAGE_SECS: i64 = 30;
/// An answer rate below this share of attempts, over at least `ASR_MIN_CALLS`, for an
/// account that used to have answers at least `ASR_USUAL` of the time (percent).
pub const ASR_MIN_CALLS: i64 = 20;
pub const ASR_COLLAPSED: i64 = 20;
pub const ASR_USUAL: i64 = 50;

/// Calls attempted, answered and what they cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub calls: i64,
    pub answered: i64,
    pub cost: Micros,
}

/// The busiest range of the window.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Range {
    /// The numbers' common start, e.g. "+2526123".
    pub prefix: String,
    pub calls: i64,
    pub answered: i64,
    /// The answered calls' seconds together.
    pub seconds: i64,
}

/// One account's outbound traffic: the last hour, and the history before it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Traffic {
    pub recent: Counts,
    pub history: Counts,
    /// Countries called in the window that the history never called, with their calls.
    #[serde(default)]
    pub new_countries: Vec<(String, i64)>,
    #[serde(default)]
    pub busiest_range: Option<Range>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    SpendSpike,
    NewCountries,
    ShortCallBurst,
    AnswerRateCollapse,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::SpendSpike,
        Kind::NewCountries,
        Kind::ShortCallBurst,
        Kind::AnswerRateCollapse,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Kind::SpendSpike => "spend_spike",
            Kind::NewCountries => "new_countries",
            Kind::ShortCallBurst => "short_call_burst",
            Kind::AnswerRateCollapse => "answer_rate_collapse",
        }
    }

    pub fn parse(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code() == code)
    }

    /// The alert's title in plain words.
    pub fn title(self) -> &'static str {
        match self {
            Kind::SpendSpike => "Spending far above usual",
            Kind::NewCountries => "Calls to new countries",
            Kind::ShortCallBurst => "Burst of short calls to one range",
            Kind::AnswerRateCollapse => "Answer rate collapsed",
        }
    }
}

/// An alert: what was seen, in words an administrator acts on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Alert {
    pub kind: Kind,
    pub evidence: String,
}

fn percent(part: i64, whole: i64) -> i64 {
    if whole == 0 {
        0
    } else {
        part * 100 / whole
    }
}

fn spend_spike(t: &Traffic) -> Option<String> {
    let hourly = t.history.cost / HISTORY_HOURS;
    let threshold = (hourly * SPIKE_FACTOR).max(SPIKE_FLOOR);
    (t.recent.cost >= threshold).then(|| {
        format!(
            "Spent {} on calls in the last hour; its usual is {} an hour over the last 7 days.",
            format_micros(t.recent.cost),
            format_micros(hourly)
        )
    })
}

fn new_countries(t: &Traffic) -> Option<String> {
    // An account without history has no habit to depart from.
    if t.history.calls == 0 {
        return None;
    }
    let seen: Vec<String> = t
        .new_countries
        .iter()
        .filter(|(_, calls)| *calls >= NEW_COUNTRY_CALLS)
        .map(|(country, calls)| format!("{country} ({calls} calls)"))
        .collect();
    (!seen.is_empty()).then(|| {
        format!(
            "Calls in the last hour to countries it never called in the last 7 days: {}.",
            seen.join(", ")
        )
    })
}

fn short_call_burst(t: &Traffic) -> Option<String> {
    let r = t.busiest_range.as_ref()?;
    let average = if r.answered == 0 {
        0
    } else {
        r.seconds / r.answered
    };
    (r.calls >= BURST_CALLS && average <= BURST_MAX_AVERAGE_SECS).then(|| {
        format!(
            "{} calls in the last hour to numbers starting {}, {} answered, averaging {} s.",
            r.calls, r.prefix, r.answered, average
        )
    })
}

fn answer_rate_collapse(t: &Traffic) -> Option<String> {
    let (now, usual) = (
        percent(t.recent.answered, t.recent.calls),
        percent(t.history.answered, t.history.calls),
    );
    let enough = t.recent.calls >= ASR_MIN_CALLS && t.history.calls >= ASR_MIN_CALLS;
    (enough && now < ASR_COLLAPSED && usual >= ASR_USUAL).then(|| {
        format!(
            "{now}% of {} calls answered in the last hour; usually {usual}%.",
            t.recent.calls
        )
    })
}

/// A pattern's test: its evidence when the traffic shows it.
type Rule = fn(&Traffic) -> Option<String>;

/// Every pattern the account's traffic shows, in the order of `Kind::ALL`.
pub fn detect(t: &Traffic) -> Vec<Alert> {
    let rules: [(Kind, Rule); 4] = [
        (Kind::SpendSpike, spend_spike),
        (Kind::NewCountries, new_countries),
        (Kind::ShortCallBurst, short_call_burst),
        (Kind::AnswerRateCollapse, answer_rate_collapse),
    ];
    rules
        .into_iter()
        .filter_map(|(kind, rule)| rule(t).map(|evidence| Alert { kind, evidence }))
        .collect()
}

/// The range a number belongs to for `Range`: without its last four digits.
pub fn range_of(number: &str) -> &str {
    let keep = number.len().saturating_sub(4).max(number.len().min(4));
    &number[..keep]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn habit() -> Counts {
        // A week of a small office: 300 calls, 240 answered, $16.80 (10 cents an hour).
        Counts {
            calls: 300,
            answered: 240,
            cost: 16_800_000,
        }
    }

    #[test]
    fn a_quiet_hour_raises_nothing() {
        let t = Traffic {
            recent: Counts {
                calls: 3,
                answered: 2,
                cost: 150_000,
            },
            history: habit(),
            ..Traffic::default()
        };
        assert!(detect(&t).is_empty());
    }

    #[test]
    fn an_irsf_burst_from_a_hijacked_device_raises_spend_burst_and_country_alerts() {
        let t = Traffic {
            recent: Counts {
                calls: 40,
                answered: 36,
                cost: 32_400_000,
            },
            history: habit(),
            new_countries: vec![("SO".into(), 40)],
            busiest_range: Some(Range {
                prefix: "+2526123".into(),
                calls: 40,
                answered: 36,
                seconds: 36 * 12,
            }),
        };
        let kinds: Vec<Kind> = detect(&t).into_iter().map(|a| a.kind).collect();
        assert_eq!(
            kinds,
            [Kind::SpendSpike, Kind::NewCountries, Kind::ShortCallBurst]
        );
        let spike = &detect(&t)[0].evidence;
        assert_eq!(
            spike,
            "Spent $32.40 on calls in the last hour; its usual is $0.10 an hour over the last 7 days."
        );
    }

    #[test]
    fn a_new_account_has_no_habit_to_depart_from() {
        let t = Traffic {
            recent: Counts {
                calls: 5,
                answered: 5,
                cost: 500_000,
            },
            new_countries: vec![("GB".into(), 5)],
            ..Traffic::default()
        };
        assert!(detect(&t).is_empty());
    }

    #[test]
    fn a_dialler_walking_a_range_collapses_the_answer_rate() {
        let t = Traffic {
            recent: Counts {
                calls: 50,
                answered: 4,
                cost: 100_000,
            },
            history: habit(),
            ..Traffic::default()
        };
        let alerts = detect(&t);
        assert_eq!(alerts.len(), 1);
        assert_eq!(alerts[0].kind, Kind::AnswerRateCollapse);
        assert_eq!(
            alerts[0].evidence,
            "8% of 50 calls answered in the last hour; usually 80%."
        );
        assert_eq!(range_of("+252612345678"), "+25261234");
        assert_eq!(Kind::parse("short_call_burst"), Some(Kind::ShortCallBurst));
    }
}
