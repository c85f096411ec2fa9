//! Monthly plans: what a plan includes, said the same way on every page, and whether
//! its minutes are worth buying. A plan's minutes pay for outbound calls to any
//! destination, so its price per minute is held against the lowest pay-as-you-go
//! outbound rate: below it, every minute of the plan costs less than the same minute
//! would without it.

use crate::money::{format_micros, format_rate, Micros};
use crate::validation::{Checker, FieldErrors};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The IVR levels a plan may give (core ivr::limits::Level: what a flow may contain).
pub const IVR_LEVELS: [&str; 3] = ["basic", "advanced", "premium"];

/// How an IVR level reads on the pages.
pub fn ivr_label(level: &str) -> &'static str {
    match level {
        "premium" => "Premium IVR",
        "advanced" => "Advanced IVR",
        _ => "Basic IVR",
    }
}

/// The support levels a plan may carry.
pub const SUPPORT_LEVELS: [&str; 2] = ["email", "priority"];

/// How a support level reads on the pages. Support hours are the contact page's; a
/// priority message is answered before the others in the support inbox.
pub fn support_label(level: &str) -> &'static str {
    match level {
        "priority" => "Priority support",
        _ => "Email support",
    }
}

/// What a plan includes beyond a package's minutes, as the admin form sends it.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PlanInput {
    /// Numbers whose monthly fee the plan pays, 0 to 100.
    pub included_numbers: String,
    /// IVR flows whose monthly fee the plan pays, 0 to 100.
    pub ivr_flows: String,
    /// "basic" (the default), "advanced" or "premium".
    pub ivr_level: String,
    /// "email" (the default) or "priority".
    pub support: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPlan {
    pub included_numbers: i64,
    pub ivr_flows: i64,
    pub ivr_level: String,
    pub support: String,
}

/// The plan's part of the package form: empty counts are none.
pub fn validate_plan_form(i: &PlanInput) -> Result<ValidPlan, FieldErrors> {
    let mut c = Checker::default();
    let or_zero = |s: &str| {
        if s.trim().is_empty() {
            "0".to_string()
        } else {
            s.to_string()
        }
    };
    let numbers = c.whole(
        "includedNumbers",
        "Included numbers",
        &or_zero(&i.included_numbers),
        0..=100,
    );
    let flows = c.whole("ivrFlows", "IVR flows", &or_zero(&i.ivr_flows), 0..=100);
    let or = |s: &'static str, text: &str| match text.trim() {
        "" => s.to_string(),
        t => t.to_string(),
    };
    let (ivr_level, support) = (or("basic", &i.ivr_level), or("email", &i.support));
    if !IVR_LEVELS.contains(&ivr_level.as_str()) {
        c.fail("ivrLevel", "IVR level must be basic, advanced or premium");
    }
    if !SUPPORT_LEVELS.contains(&support.as_str()) {
        c.fail("support", "Support must be email or priority");
    }
    match (numbers, flows) {
        (Some(included_numbers), Some(ivr_flows)) if c.0.is_empty() => Ok(ValidPlan {
            included_numbers,
            ivr_flows,
            ivr_level,
            support,
        }),
        _ => Err(c.done()),
    }
}

/// What a plan includes, as its catalogue row holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanFacts {
    pub price_micros: Micros,
    pub minutes: i64,
    pub included_numbers: i64,
    pub ivr_flows: i64,
    pub ivr_level: String,
    pub support: String,
}

/// The lines every page lists for a plan, from its facts (never typed per page).
pub fn highlights(p: &PlanFacts) -> Vec<String> {
    let mut lines = vec![format!("{} outbound minutes", thousands(p.minutes))];
    if p.included_numbers > 0 {
        lines.push(count(p.included_numbers, "phone number", "phone numbers") + " included");
    }
    lines.push(ivr_label(&p.ivr_level).to_string());
    if p.ivr_flows > 0 {
        lines.push(count(p.ivr_flows, "IVR flow", "IVR flows") + " included");
    }
    lines.push(support_label(&p.support).to_string());
    lines
}

fn count(n: i64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// 10000 as "10,000".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// What the plan's minutes would cost at `rate` (micro-dollars a minute).
fn pay_as_you_go(minutes: i64, rate: Micros) -> i128 {
    minutes as i128 * rate as i128
}

/// The whole percentage a plan saves against paying `lowest_rate` for each of its
/// minutes, rounded down so the claim always holds; None when it saves nothing.
pub fn saving_percent(price: Micros, minutes: i64, lowest_rate: Micros) -> Option<u32> {
    let full = pay_as_you_go(minutes, lowest_rate);
    if minutes <= 0 || lowest_rate <= 0 || price as i128 >= full {
        return None;
    }
    let saved = (full - price as i128) * 100 / full;
    Some(saved as u32)
}

/// How the saving reads on the pages.
pub fn saving_text(percent: u32) -> String {
    format!("Saves {percent}% against pay as you go")
}

/// A plan on sale must cost less a minute than the cheapest pay-as-you-go minute it
/// replaces: the refusal names the highest price that would do.
pub fn check_price(price: Micros, minutes: i64, lowest_rate: Micros) -> Result<(), String> {
    if saving_percent(price, minutes, lowest_rate).is_some() {
        return Ok(());
    }
    // The highest whole-cent price strictly below the pay-as-you-go cost.
    let full = pay_as_you_go(minutes, lowest_rate);
    let highest = ((full - 1) / 10_000 * 10_000).max(0) as Micros;
    Err(format!(
        "A plan on sale must cost less than pay as you go: {} minutes at the lowest rate of {} a minute cost {}, so the price must be at most {}",
        thousands(minutes),
        format_rate(Decimal::new(lowest_rate, 6)),
        format_micros(full.min(i64::MAX as i128) as Micros),
        format_micros(highest)
    ))
}

/// How much of a plan's allowance (numbers or IVR flows) is free for one more: the
/// allowance of the owner's active plans less what already uses it.
pub fn allowance_left(included: i64, in_use: i64) -> i64 {
    (included - in_use).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(price: Micros, minutes: i64) -> PlanFacts {
        PlanFacts {
            price_micros: price,
            minutes,
            included_numbers: 1,
            ivr_flows: 0,
            ivr_level: "basic".into(),
            support: "email".into(),
        }
    }

    #[test]
    fn a_plan_saves_what_its_minutes_cost_less_rounded_down() {
        // 500 minutes at $0.019 are $9.50; $9.00 saves 5.26%.
        assert_eq!(saving_percent(9_000_000, 500, 19_000), Some(5));
        assert_eq!(saving_percent(9_500_000, 500, 19_000), None);
        assert_eq!(saving_percent(0, 500, 19_000), Some(100));
        assert_eq!(saving_percent(1, 0, 19_000), None);
    }

    #[test]
    fn the_refusal_names_the_highest_price_that_would_do() {
        assert_eq!(check_price(9_000_000, 500, 19_000), Ok(()));
        let e = check_price(19_990_000, 100, 19_000).unwrap_err();
        assert!(
            e.ends_with("cost $1.90, so the price must be at most $1.89"),
            "{e}"
        );
    }

    #[test]
    fn highlights_come_from_the_facts() {
        let mut p = plan(99_000_000, 10_000);
        p.included_numbers = 10;
        p.ivr_flows = 1;
        p.ivr_level = "premium".into();
        p.support = "priority".into();
        assert_eq!(
            highlights(&p),
            [
                "10,000 outbound minutes",
                "10 phone numbers included",
                "Premium IVR",
                "1 IVR flow included",
                "Priority support"
            ]
        );
        assert_eq!(highlights(&plan(1, 5))[1], "1 phone number included");
    }

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(thousands(-1000), "-1,000");
    }
}
