//! How the ledger's entries add up in the administrator's analytics: money paid in
//! (deposits) apart from money spent, and spending by product as the catalogue names
//! them (numbers, packages, inbound and outbound calls, recordings, SMS, IVR), refunds
//! apart. An entry of any other kind (an administrator's credit or debit, trial
//! credit) is neither. The daily totals keep a call's entries by its direction
//! (`call:inbound`, `call:outbound`), as the ledger's one kind `call` cannot say.

/// Where a ledger entry counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Deposits,
    Numbers,
    Packages,
    InboundCalls,
    OutboundCalls,
    Recordings,
    Sms,
    Ivr,
    Refunds,
}

/// Every source, in the order reports list them.
pub const SOURCES: [Source; 9] = [
    Source::Deposits,
    Source::Numbers,
    Source::Packages,
    Source::InboundCalls,
    Source::OutboundCalls,
    Source::Recordings,
    Source::Sms,
    Source::Ivr,
    Source::Refunds,
];

impl Source {
    /// The source's place in `SOURCES`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The kind a call's entry is totalled under per day.
pub fn call_day_kind(direction: &str) -> &'static str {
    if direction == "inbound" {
        "call:inbound"
    } else {
        "call:outbound"
    }
}

/// The source of a daily total's kind, or None for entries that are neither money in nor
/// revenue.
pub fn source_of(kind: &str) -> Option<Source> {
    Some(match kind {
        "deposit" => Source::Deposits,
        "number_purchase" | "number_renewal" => Source::Numbers,
        "package_purchase" => Source::Packages,
        "call:inbound" => Source::InboundCalls,
        "call:outbound" => Source::OutboundCalls,
        "recording" => Source::Recordings,
        "sms" => Source::Sms,
        "ivr_subscription" => Source::Ivr,
        "refund" => Source::Refunds,
        _ => return None,
    })
}

/// What an entry of `amount` (signed: credits positive) adds to its source's figure:
/// deposits and refunds as credited to the customer, spending as spent.
pub fn figure(source: Source, amount: i64) -> i64 {
    match source {
        Source::Deposits | Source::Refunds => amount,
        _ => -amount,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ivr_fee_is_ivr_revenue_and_refunds_are_apart() {
        assert_eq!(source_of("ivr_subscription"), Some(Source::Ivr));
        assert_eq!(source_of("refund"), Some(Source::Refunds));
        assert_eq!(source_of("sms"), Some(Source::Sms));
        assert_eq!(source_of("number_renewal"), Some(Source::Numbers));
        assert_eq!(source_of("recording"), Some(Source::Recordings));
        assert_eq!(
            source_of(call_day_kind("inbound")),
            Some(Source::InboundCalls)
        );
        assert_eq!(
            source_of(call_day_kind("outbound")),
            Some(Source::OutboundCalls)
        );
        assert_eq!(source_of("admin_credit"), None);
        assert_eq!(source_of("trial_credit"), None);
    }

    #[test]
    fn spending_counts_positive_and_money_in_as_credited() {
        assert_eq!(figure(Source::Ivr, -29_990_000), 29_990_000);
        assert_eq!(figure(Source::Deposits, 50_000_000), 50_000_000);
        assert_eq!(figure(Source::Refunds, 1_000_000), 1_000_000);
        for (i, s) in SOURCES.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
    }
}
