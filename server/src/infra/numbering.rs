//! What kind of line a number is, read from libphonenumber's metadata (the
//! `phonenumber` crate): a fact for core's rules (`phone::destination_allowed`), which
//! decide what that kind may do.

use dialtone_core::phone::NumberKind;
use phonenumber::Type;

/// What the numbering plan says of a dialled number, from one parse (the call path's
/// guards ask for both).
pub struct Dialled {
    pub kind: NumberKind,
    /// As `region`.
    pub region: Option<String>,
    /// As `country`.
    pub country: Option<String>,
}

impl Dialled {
    /// Core's rule on the number with its kind, as `allowed`.
    pub fn allowed(&self, e164: &str) -> Result<(), &'static str> {
        dialtone_core::phone::destination_allowed(e164, self.kind)
    }
}

pub fn facts(e164: &str) -> Dialled {
    match phonenumber::parse(None, e164) {
        Ok(number) => Dialled {
            kind: kind_of_parsed(&number),
            region: number.country().id().map(|id| id.as_ref().to_string()),
            country: country_of_parsed(&number),
        },
        Err(_) => Dialled {
            kind: NumberKind::Other,
            region: None,
            country: None,
        },
    }
}

/// The kind of an E.164 number; `Other` when the plan does not say (or it does not parse).
pub fn kind_of(e164: &str) -> NumberKind {
    match phonenumber::parse(None, e164) {
        Ok(number) => kind_of_parsed(&number),
        Err(_) => NumberKind::Other,
    }
}

fn kind_of_parsed(number: &phonenumber::PhoneNumber) -> NumberKind {
    match number.number_type(&phonenumber::metadata::DATABASE) {
        Type::Mobile => NumberKind::Mobile,
        Type::FixedLine | Type::FixedLineOrMobile => NumberKind::FixedLine,
        Type::TollFree => NumberKind::TollFree,
        Type::PremiumRate => NumberKind::PremiumRate,
        Type::SharedCost => NumberKind::SharedCost,
        _ => NumberKind::Other,
    }
}

/// The region (ISO 3166 code) the numbering plan places `e164` in, if it does: for
/// +1 the area code decides (Jamaica, Canada, the United States ...). Core's
/// `rating::prefix_rates` takes it.
pub fn region(e164: &str) -> Option<String> {
    let number = phonenumber::parse(None, e164).ok()?;
    number.country().id().map(|id| id.as_ref().to_string())
}

/// The country (ISO 3166 code) a number belongs to, for geo permissions: its region
/// when the plan places it, else the main country of its calling code (a number not
/// assigned yet in +44 is still the United Kingdom's). None for the non-geographic
/// codes (+800, +870, +881 ...), which are no country's.
pub fn country(e164: &str) -> Option<String> {
    country_of_parsed(&phonenumber::parse(None, e164).ok()?)
}

fn country_of_parsed(number: &phonenumber::PhoneNumber) -> Option<String> {
    if let Some(id) = number.country().id() {
        return Some(id.as_ref().to_string());
    }
    let metas = phonenumber::metadata::DATABASE.by_code(&number.country().code())?;
    let main = metas.iter().find(|m| m.is_main_country_for_code());
    let id = main.or(metas.first())?.id();
    (id != "001").then(|| id.to_string())
}

/// A country the catalogue does not list, by its ISO 3166 code: its name (ISO's) and
/// its calling code (the numbering plan's; empty when the plan has none).
pub fn country_facts(iso: &str) -> Option<(String, String)> {
    let name = isocountry::CountryCode::for_alpha2(iso).ok()?.name();
    let code = phonenumber::metadata::DATABASE
        .by_id(iso)
        .map(|m| m.country_code().to_string())
        .unwrap_or_default();
    Some((name.to_string(), code))
}

/// Core's rule on `e164` with its kind: whether it may be called, texted or sent a code.
pub fn allowed(e164: &str) -> Result<(), &'static str> {
    dialtone_core::phone::destination_allowed(e164, kind_of(e164))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_metadata_tells_premium_lines_from_others() {
        assert_eq!(kind_of("+19005550123"), NumberKind::PremiumRate);
        assert_eq!(kind_of("+979123456789"), NumberKind::PremiumRate);
        assert_eq!(kind_of("+18005550123"), NumberKind::TollFree);
        assert_eq!(kind_of("+447911123456"), NumberKind::Mobile);
        assert!(allowed("+14155550123").is_ok());
        assert_eq!(region("+18765551234").as_deref(), Some("JM"));
        assert_eq!(region("+18095551234").as_deref(), Some("DO"));
        assert_eq!(region("+12045551234").as_deref(), Some("CA"));
        assert_eq!(region("+14155550123").as_deref(), Some("US"));
        assert_eq!(country("+447700900123").as_deref(), Some("GB"));
        assert_eq!(country("+15551234567").as_deref(), Some("US"));
        assert_eq!(country("+18765551234").as_deref(), Some("JM"));
        assert_eq!(country("+252612345678").as_deref(), Some("SO"));
        assert_eq!(country("+881612345678"), None);
        let dialled = facts("+19005550123");
        assert_eq!(dialled.kind, NumberKind::PremiumRate);
        assert_eq!(dialled.country.as_deref(), Some("US"));
        assert_eq!(facts("+18765551234").region.as_deref(), Some("JM"));
        assert!(dialled.allowed("+19005550123").is_err());
        for blocked in [
            "+19005550123",
            "+979123456789",
            "+881612345678",
            "+8821234567890",
        ] {
            assert!(allowed(blocked).is_err(), "{blocked}");
        }
    }
}
