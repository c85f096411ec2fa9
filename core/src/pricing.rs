//! What a number costs to buy.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The one-time setup fee per number unless the administrator sets another (spec
/// section 9). Callers pass the fee in force; this is only the seed value.
pub fn default_setup_fee() -> Decimal {
    Decimal::new(100, 2)
}

/// Total due today when buying a number: the first month plus the setup fee.
pub fn total_due_today(monthly: Decimal, setup: Decimal) -> Decimal {
    monthly + setup
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NumberQuote {
    pub monthly: Decimal,
    pub setup: Decimal,
    pub total: Decimal,
}

pub fn quote_number(monthly: Decimal, setup: Decimal) -> NumberQuote {
    NumberQuote {
        monthly,
        setup,
        total: total_due_today(monthly, setup),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_us_mobile_number_costs_3_99_today() {
        let q = quote_number(Decimal::new(299, 2), default_setup_fee());
        assert_eq!(q.total.to_string(), "3.99");
    }
}
