//! What IVR costs and which level a customer's packages give: the published "IVR from
//! $29.99/mo" is the monthly price of each flow in use (a flow a number routes to),
//! and the packages' "basic / advanced / premium IVR" is what such a flow may contain.

use super::limits::Level;
use crate::money::Micros;

/// The monthly price of a flow in use (spec section 9: "IVR from $29.99/mo").
pub const MONTHLY_MICROS: Micros = 29_990_000;

/// The IVR level a package gives, by its level word (a plan's `ivr_level`: basic,
/// advanced, premium) or, for packages bought before plans carried one, by its name:
/// the public packages (Starter, Professional, Enterprise) and the client ones (Basic,
/// Standard, Premium) in the same three steps. Anything else gives Basic, like none.
pub fn level_of_package(name: &str) -> Level {
    let first = name
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    match first.as_str() {
        "enterprise" | "premium" => Level::Premium,
        "professional" | "standard" | "advanced" => Level::Advanced,
        _ => Level::Basic,
    }
}

/// The best level among the customer's active packages; Basic without any, so every
/// customer may build basic flows (each billed at `MONTHLY_MICROS` once in use).
pub fn level_for_packages<'a>(names: impl IntoIterator<Item = &'a str>) -> Level {
    names
        .into_iter()
        .map(level_of_package)
        .max_by_key(|l| rank(*l))
        .unwrap_or(Level::Basic)
}

fn rank(level: Level) -> u8 {
    match level {
        Level::Basic => 0,
        Level::Advanced => 1,
        Level::Premium => 2,
    }
}

/// A number's route forwards to a phone number or runs a flow, not both.
pub fn check_route_choice(forward_to: &str, flow: Option<i64>) -> Result<(), &'static str> {
    if flow.is_some() && !forward_to.trim().is_empty() {
        return Err("Choose either a forward number or an IVR flow, not both");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packages_map_to_their_ivr_level() {
        assert_eq!(level_of_package("Starter"), Level::Basic);
        assert_eq!(level_of_package("Basic"), Level::Basic);
        assert_eq!(level_of_package("Professional"), Level::Advanced);
        assert_eq!(level_of_package("standard plan"), Level::Advanced);
        assert_eq!(level_of_package("Enterprise"), Level::Premium);
        assert_eq!(level_of_package("PREMIUM"), Level::Premium);
        assert_eq!(level_of_package("advanced"), Level::Advanced);
        assert_eq!(level_of_package("Weekend special"), Level::Basic);
    }

    #[test]
    fn the_best_active_package_wins_and_none_is_basic() {
        assert_eq!(level_for_packages([]), Level::Basic);
        assert_eq!(
            level_for_packages(["Basic", "Enterprise", "Standard"]),
            Level::Premium
        );
        assert_eq!(
            level_for_packages(["Starter", "Professional"]),
            Level::Advanced
        );
    }

    #[test]
    fn a_route_forwards_or_runs_a_flow_not_both() {
        assert!(check_route_choice("", Some(1)).is_ok());
        assert!(check_route_choice("+14155550100", None).is_ok());
        assert!(check_route_choice("+14155550100", Some(1)).is_err());
    }
}
