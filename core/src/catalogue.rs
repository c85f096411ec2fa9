//! The demo catalogue's prices for the world: a deterministic model by ITU world zone
//! (the first digit of a calling code) and number type, so every country with a
//! calling code has inbound, outbound and SMS rates and, where numbers are sold, a
//! monthly price per type. A real provider replaces these with its carrier's deck
//! (the rate-deck import). The ten countries of the spec's pricing page keep the
//! spec's prices; the model prices the others.
//!
//! Why zones: termination costs follow them closely enough for a demo (Europe and East
//! Asia cheap, the Caribbean, Africa and the Middle East dear), and they are a fact of
//! the number itself, so the model needs no hand-typed table of countries.

use crate::money::Micros;
use serde::{Deserialize, Serialize};

/// Per-minute and per-message rates of one country, in micro-dollars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelRates {
    pub inbound: Micros,
    pub outbound: Micros,
    pub sms: Micros,
}

/// Monthly price of a number of each type, in micro-dollars; None where the zone's
/// model sells no number of that type (the country's plan may still lack one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelNumberPrices {
    pub mobile: Micros,
    pub landline: Micros,
    pub toll_free: Micros,
}

struct Zone {
    rates: ModelRates,
    numbers: ModelNumberPrices,
}

const fn zone(inbound: Micros, outbound: Micros, sms: Micros, numbers: [Micros; 3]) -> Zone {
    Zone {
        rates: ModelRates {
            inbound,
            outbound,
            sms,
        },
        numbers: ModelNumberPrices {
            mobile: numbers[0],
            landline: numbers[1],
            toll_free: numbers[2],
        },
    }
}

/// Zones 1 to 9. Zone 1 here is the North American plan outside the United States and
/// Canada (the Caribbean and the Pacific territories), whose termination costs sit with
/// Latin America's, not with the US's $0.02.
const ZONES: [Zone; 9] = [
    zone(40_000, 150_000, 40_000, [4_990_000, 3_990_000, 6_490_000]),
    zone(60_000, 250_000, 60_000, [5_990_000, 4_990_000, 6_990_000]),
    zone(20_000, 45_000, 70_000, [3_490_000, 2_990_000, 5_490_000]),
    zone(20_000, 45_000, 70_000, [3_490_000, 2_990_000, 5_490_000]),
    zone(35_000, 120_000, 50_000, [4_490_000, 3_490_000, 5_990_000]),
    zone(35_000, 100_000, 55_000, [4_990_000, 3_990_000, 5_990_000]),
    zone(30_000, 90_000, 60_000, [4_490_000, 3_490_000, 5_990_000]),
    zone(30_000, 60_000, 50_000, [4_990_000, 3_990_000, 6_490_000]),
    zone(45_000, 150_000, 55_000, [5_490_000, 4_490_000, 6_490_000]),
];

/// The ITU world zone of a calling code (its first digit, 1 to 9), or None when it is
/// not a calling code.
pub fn world_zone(calling_code: &str) -> Option<u8> {
    let digits = calling_code.trim_start_matches('+');
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let first = digits.as_bytes()[0] - b'0';
    (first >= 1).then_some(first)
}

fn zone_of(calling_code: &str) -> Option<&'static Zone> {
    world_zone(calling_code).map(|z| &ZONES[usize::from(z) - 1])
}

/// The model's rates for a country of this calling code.
pub fn model_rates(calling_code: &str) -> Option<ModelRates> {
    zone_of(calling_code).map(|z| z.rates)
}

/// The model's monthly number prices for a country of this calling code.
pub fn model_number_prices(calling_code: &str) -> Option<ModelNumberPrices> {
    zone_of(calling_code).map(|z| z.numbers)
}

/// The catalogue's code for a country as a customer or an old link may write it: ISO
/// 3166 alpha-2, upper case. "UK", the code the catalogue used before it followed ISO
/// 3166, still means the United Kingdom (GB), so old links and API filters work.
pub fn country_code(input: &str) -> String {
    let code = input.trim().to_ascii_uppercase();
    if code == "UK" {
        "GB".into()
    } else {
        code
    }
}

/// The flag emoji of an ISO 3166 alpha-2 code (two regional indicator symbols), or an
/// empty string for anything else.
pub fn flag_emoji(code: &str) -> String {
    if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        return String::new();
    }
    code.bytes()
        .filter_map(|b| char::from_u32(0x1F1E6 + u32::from(b - b'A')))
        .collect()
}

/// What a country of the price list costs, as the "from" figures read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CountryPrices {
    /// Monthly price of each number type it sells (None: not sold there).
    pub numbers: [Option<Micros>; 3],
    pub inbound: Micros,
    pub outbound: Micros,
    pub sms: Micros,
}

/// The figures the public pages claim, computed from the price list instead of typed:
/// how many countries it covers and the lowest price of each thing sold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FromPrices {
    pub countries: usize,
    /// The cheapest number a month, None when no country sells numbers.
    pub number_monthly: Option<Micros>,
    pub inbound: Option<Micros>,
    pub outbound: Option<Micros>,
    pub sms: Option<Micros>,
}

/// `FromPrices` of the active countries' prices.
pub fn from_prices(countries: &[CountryPrices]) -> FromPrices {
    let lowest = |f: fn(&CountryPrices) -> Micros| countries.iter().map(f).min();
    FromPrices {
        countries: countries.len(),
        number_monthly: countries.iter().flat_map(|c| c.numbers).flatten().min(),
        inbound: lowest(|c| c.inbound),
        outbound: lowest(|c| c.outbound),
        sms: lowest(|c| c.sms),
    }
}

/// What every number in stock can do: voice calls and SMS, no MMS or fax.
pub const CAPABILITIES: [(&str, bool); 4] = [
    ("voice", true),
    ("sms", true),
    ("mms", false),
    ("fax", false),
];

/// A search's capability filter, each (capability, wanted): whether the numbers in
/// stock meet it. An unknown capability is a refusal naming the known ones.
pub fn capabilities_match(wanted: &[(&str, bool)]) -> Result<bool, String> {
    let mut all = true;
    for (name, want) in wanted {
        let has = CAPABILITIES
            .iter()
            .find(|(c, _)| c.eq_ignore_ascii_case(name))
            .map(|(_, has)| *has)
            .ok_or_else(|| format!("{name} is not a capability: voice, sms, mms or fax"))?;
        all &= has == *want;
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_voice_and_sms_and_no_mms_or_fax() {
        assert_eq!(capabilities_match(&[]), Ok(true));
        assert_eq!(
            capabilities_match(&[("voice", true), ("SMS", true)]),
            Ok(true)
        );
        assert_eq!(capabilities_match(&[("sms", false)]), Ok(false));
        assert_eq!(capabilities_match(&[("mms", true)]), Ok(false));
        assert_eq!(capabilities_match(&[("fax", false)]), Ok(true));
        assert!(capabilities_match(&[("pager", true)]).is_err());
    }

    #[test]
    fn a_calling_code_falls_in_the_zone_of_its_first_digit() {
        assert_eq!(world_zone("1"), Some(1));
        assert_eq!(world_zone("+252"), Some(2));
        assert_eq!(world_zone("44"), Some(4));
        assert_eq!(world_zone("998"), Some(9));
        assert_eq!(world_zone(""), None);
        assert_eq!(world_zone("0"), None);
        assert_eq!(world_zone("1876"), None);
        assert_eq!(world_zone("4a"), None);
    }

    #[test]
    fn the_caribbean_costs_more_than_europe_and_africa_most() {
        let caribbean = model_rates("1").unwrap();
        let europe = model_rates("33").unwrap();
        let africa = model_rates("234").unwrap();
        assert!(europe.outbound < caribbean.outbound);
        assert!(caribbean.outbound < africa.outbound);
        assert_eq!(
            model_rates("30"),
            model_rates("49"),
            "zones 3 and 4 are both Europe"
        );
    }

    #[test]
    fn every_zone_prices_calls_above_what_it_pays_in_and_sells_toll_free_dearest() {
        for code in 1..=9 {
            let code = code.to_string();
            let rates = model_rates(&code).unwrap();
            assert!(rates.outbound > rates.inbound, "zone {code}");
            let numbers = model_number_prices(&code).unwrap();
            assert!(numbers.toll_free > numbers.mobile, "zone {code}");
            assert!(numbers.mobile > numbers.landline, "zone {code}");
        }
    }

    #[test]
    fn from_prices_are_the_lowest_of_the_list_and_count_its_countries() {
        let us = CountryPrices {
            numbers: [Some(2_990_000), Some(1_990_000), Some(3_990_000)],
            inbound: 15_000,
            outbound: 20_000,
            sms: 10_000,
        };
        let ca = CountryPrices {
            numbers: [Some(1_890_000), None, None],
            inbound: 14_000,
            outbound: 19_000,
            sms: 10_000,
        };
        let so = CountryPrices {
            numbers: [None; 3],
            inbound: 60_000,
            outbound: 250_000,
            sms: 60_000,
        };
        let from = from_prices(&[us, ca, so]);
        assert_eq!(from.countries, 3);
        assert_eq!(from.number_monthly, Some(1_890_000));
        assert_eq!(
            (from.inbound, from.outbound, from.sms),
            (Some(14_000), Some(19_000), Some(10_000))
        );
        assert_eq!(from_prices(&[so]).number_monthly, None);
        assert_eq!(from_prices(&[]).outbound, None);
    }

    #[test]
    fn uk_is_read_as_gb_and_codes_as_upper_case() {
        assert_eq!(country_code(" uk "), "GB");
        assert_eq!(country_code("gb"), "GB");
        assert_eq!(country_code("de"), "DE");
    }

    #[test]
    fn flags_are_regional_indicator_pairs() {
        assert_eq!(flag_emoji("GB"), "🇬🇧");
        assert_eq!(flag_emoji("JM"), "🇯🇲");
        assert_eq!(flag_emoji("gb"), "");
        assert_eq!(flag_emoji("001"), "");
    }
}
