//! What a number costs to buy.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The one-time setup fee per number unless the administrator sets another (spec
/// section 9). Callers pass the fee in force; this is only the seed value.
pub fn default_setup_fee() -> Decimal {
    crate::money::from_micros(crate::platform::defaults::SETUP_FEE_MICROS)
}

/// Total due today when buying a number: the first month plus the setup fee.
pub fn total_due_today(monthly: Decimal, setup: Decimal) -> Decimal {
    monthly + setup
}

/// The same total in micro-dollars, as the server charges it.
pub fn total_due_today_micros(monthly: crate::Micros, setup: crate::Micros) -> crate::Micros {
    crate::money::to_micros(total_due_today(
        crate::money::from_micros(monthly),
        crate::money::from_micros(setup),
    ))
    .unwrap_or(monthly.saturating_add(setup))
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
