//! Administrators' forms for the number inventory and the package catalogue.

use crate::phone;
use crate::validation::{
    free_text_error, has_control_chars, positive_cents, Checker, FieldErrors, CONTROL_CHARS_MESSAGE,
};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub const NUMBER_TYPES: [&str; 3] = ["mobile", "landline", "tollfree"];
pub const NUMBER_TYPE_MESSAGE: &str = "Type must be mobile, landline or tollfree";

/// A number type of the catalogue, or core's message.
pub fn check_number_type(t: &str) -> Result<(), &'static str> {
    if NUMBER_TYPES.contains(&t) {
        Ok(())
    } else {
        Err(NUMBER_TYPE_MESSAGE)
    }
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct NumberInput {
    pub number: String,
    pub country_code: String,
    #[serde(rename = "type")]
    pub number_type: String,
}

/// Returns the number in canonical E.164 form when the form is valid.
pub fn validate_number_form(i: &NumberInput) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::new();
    let number = phone::normalize(i.number.trim());
    if number.is_empty() {
        errors.insert("number".into(), "Number is required".into());
    } else if !phone::is_e164(&number) {
        errors.insert("number".into(), phone::E164_MESSAGE.into());
    }
    let code = i.country_code.trim();
    if code.len() != 2 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
        errors.insert("countryCode".into(), "Choose a country".into());
    }
    if let Err(message) = check_number_type(&i.number_type) {
        errors.insert("type".into(), message.into());
    }
    if errors.is_empty() {
        Ok(number)
    } else {
        Err(errors)
    }
}

/// A search of the numbers for sale: the national part's start (an area code or any
/// prefix, digits) and digits it contains, as SQL LIKE text for the server.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NumberSearch {
    /// Digits the national number starts with ("" for any).
    pub prefix: String,
    /// A LIKE pattern of the whole number ("%" for any).
    pub pattern: String,
}

pub const PREFIX_MESSAGE: &str = "Enter up to 10 digits of an area code or prefix";
pub const CONTAINS_MESSAGE: &str = "Contains may hold digits, letters and * only";

/// `contains` as a LIKE pattern: digits, letters as the keypad's digits (CALL is
/// 2255), `*` for any one digit; None when it holds anything else.
pub fn contains_pattern(contains: &str) -> Option<String> {
    let mut pattern = String::from("%");
    for c in contains.trim().chars() {
        pattern.push(match c.to_ascii_uppercase() {
            d @ '0'..='9' => d,
            '*' => '_',
            'A'..='C' => '2',
            'D'..='F' => '3',
            'G'..='I' => '4',
            'J'..='L' => '5',
            'M'..='O' => '6',
            'P'..='S' => '7',
            'T'..='V' => '8',
            'W'..='Z' => '9',
            _ => return None,
        });
    }
    pattern.push('%');
    Some(pattern.replace("%%", "%"))
}

/// The wizard's search, checked: field errors on `prefix` and `contains`.
pub fn number_search(prefix: &str, contains: &str) -> Result<NumberSearch, FieldErrors> {
    let mut errors = FieldErrors::new();
    let prefix = prefix.trim();
    if prefix.len() > 10 || !prefix.bytes().all(|b| b.is_ascii_digit()) {
        errors.insert("prefix".into(), PREFIX_MESSAGE.into());
    }
    let pattern = contains_pattern(contains);
    if pattern.is_none() || contains.trim().len() > 15 {
        errors.insert("contains".into(), CONTAINS_MESSAGE.into());
    }
    match pattern {
        Some(pattern) if errors.is_empty() => Ok(NumberSearch {
            prefix: prefix.into(),
            pattern,
        }),
        _ => Err(errors),
    }
}

/// The numbering plan's verdict on numbers an administrator adds to the inventory
/// (one, or a range): refused, on `field`, when `first_outside` (the first of them the
/// plan does not hold a valid number of the chosen country and type) is some. A
/// +1 415 number is not a German landline, whatever the form says.
pub fn plan_check(
    field: &str,
    number_type: &str,
    first_outside: Option<&str>,
) -> Result<(), FieldErrors> {
    let Some(number) = first_outside else {
        return Ok(());
    };
    let kind = match number_type {
        "tollfree" => "toll-free",
        other => other,
    };
    let mut errors = FieldErrors::new();
    errors.insert(
        field.into(),
        format!("{number} is not a valid {kind} number of the chosen country"),
    );
    Err(errors)
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PackageInput {
    pub name: String,
    pub minutes: String,
    pub price: String,
    pub validity: String,
    pub features: Vec<String>,
    pub status: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidPackage {
    pub name: String,
    pub minutes: i64,
    pub price: Decimal,
    pub validity_days: i64,
    pub features: Vec<String>,
    pub status: String,
}

pub fn validate_package_form(i: &PackageInput) -> Result<ValidPackage, FieldErrors> {
    let mut c = Checker::default();
    let name = i.name.trim();
    if let Some(message) = free_text_error("Name", name, false, 60) {
        c.fail("name", message);
    }
    let minutes = c.whole("minutes", "Minutes", &i.minutes, 1..=100_000);
    let validity = c.whole("validity", "Validity", &i.validity, 1..=365);
    let price = c.check("price", positive_cents("Price", &i.price, 10_000));
    let mut errors = c.done();
    let features: Vec<String> = i
        .features
        .iter()
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect();
    if features.len() > 20 {
        errors.insert("features".into(), "At most 20 features".into());
    } else if features.iter().any(|f| has_control_chars(f, false)) {
        errors.insert("features".into(), CONTROL_CHARS_MESSAGE.into());
    } else if features.iter().any(|f| f.chars().count() > 200) {
        errors.insert(
            "features".into(),
            "Each feature must be at most 200 characters".into(),
        );
    }
    let status = if i.status.is_empty() {
        "active"
    } else {
        i.status.as_str()
    };
    if !matches!(status, "active" | "inactive") {
        errors.insert("status".into(), "Status must be active or inactive".into());
    }
    match (minutes, validity, price) {
        (Some(minutes), Some(validity_days), Some(price)) if errors.is_empty() => {
            Ok(ValidPackage {
                name: name.to_string(),
                minutes,
                price,
                validity_days,
                features,
                status: status.to_string(),
            })
        }
        _ => Err(errors),
    }
}

/// The most numbers one range adds at a time.
pub const MAX_RANGE: u32 = 1000;

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RangeInput {
    /// The first number of the range, E.164.
    pub first: String,
    /// How many consecutive numbers, 1 to 1000.
    pub count: String,
    pub country_code: String,
    #[serde(rename = "type")]
    pub number_type: String,
}

/// A range of consecutive numbers: `first`, `first + 1`, ... (`count` of them),
/// all of the same length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidRange {
    pub first: String,
    pub count: u32,
}

impl ValidRange {
    pub fn numbers(&self) -> Vec<String> {
        consecutive(&self.first, self.count)
    }
}

/// `count` numbers from `first` up, E.164 of the same length; fewer when the digits
/// would run out (+1999 then +2000 would change the country code's length).
pub fn consecutive(first: &str, count: u32) -> Vec<String> {
    let Some(digits) = first.strip_prefix('+') else {
        return Vec::new();
    };
    let Ok(start) = digits.parse::<u64>() else {
        return Vec::new();
    };
    let width = digits.len();
    (0..u64::from(count))
        .map_while(|i| {
            let n = start.checked_add(i)?;
            let text = format!("{n:0width$}");
            (text.len() == width).then(|| format!("+{text}"))
        })
        .collect()
}

/// The next number after `last` (same length), for topping up an inventory.
pub fn next_after(last: &str) -> Option<String> {
    let digits = last.strip_prefix('+')?;
    let n = digits.parse::<u64>().ok()?.checked_add(1)?;
    let text = format!("{n:0width$}", width = digits.len());
    (text.len() == digits.len()).then(|| format!("+{text}"))
}

pub fn validate_range(i: &RangeInput) -> Result<ValidRange, FieldErrors> {
    let single = NumberInput {
        number: i.first.clone(),
        country_code: i.country_code.clone(),
        number_type: i.number_type.clone(),
    };
    let (first, mut errors) = match validate_number_form(&single) {
        Ok(first) => (Some(first), FieldErrors::new()),
        Err(e) => (None, e),
    };
    if let Some(message) = errors.remove("number") {
        errors.insert("first".into(), message);
    }
    let count = match i.count.trim().parse::<u32>() {
        _ if i.count.trim().is_empty() => {
            errors.insert("count".into(), "Count is required".into());
            None
        }
        Ok(n) if (1..=MAX_RANGE).contains(&n) => Some(n),
        Ok(_) => {
            errors.insert(
                "count".into(),
                format!("Count must be between 1 and {MAX_RANGE}"),
            );
            None
        }
        Err(_) => {
            errors.insert("count".into(), "Count must be a whole number".into());
            None
        }
    };
    if let (Some(first), Some(count)) = (&first, count) {
        if (consecutive(first, count).len() as u32) < count {
            errors.insert(
                "count".into(),
                "The range runs past the last number of this length".into(),
            );
        }
    }
    match (first, count) {
        (Some(first), Some(count)) if errors.is_empty() => Ok(ValidRange { first, count }),
        _ => Err(errors),
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;

    #[test]
    fn a_number_search_reads_the_keypad_and_refuses_other_text() {
        let s = number_search(" 415 ", "CALL").unwrap();
        assert_eq!((s.prefix.as_str(), s.pattern.as_str()), ("415", "%2255%"));
        assert_eq!(number_search("", "").unwrap().pattern, "%");
        assert_eq!(contains_pattern("55*1").as_deref(), Some("%55_1%"));
        let e = number_search("41a", "5-5").unwrap_err();
        assert_eq!(e["prefix"], PREFIX_MESSAGE);
        assert_eq!(e["contains"], CONTAINS_MESSAGE);
    }

    #[test]
    fn the_plan_refuses_the_first_number_outside_it() {
        assert!(plan_check("first", "landline", None).is_ok());
        let e = plan_check("first", "tollfree", Some("+14155550100")).unwrap_err();
        assert_eq!(
            e["first"],
            "+14155550100 is not a valid toll-free number of the chosen country"
        );
    }

    #[test]
    fn a_range_counts_up_keeping_the_length() {
        assert_eq!(
            consecutive("+14155550198", 3),
            ["+14155550198", "+14155550199", "+14155550200"]
        );
        assert_eq!(consecutive("+4420700000", 1), ["+4420700000"]);
        assert_eq!(consecutive("+99999998", 3), ["+99999998", "+99999999"]);
        assert_eq!(next_after("+14155550199").as_deref(), Some("+14155550200"));
        assert_eq!(next_after("+99"), None);
    }

    #[test]
    fn a_range_is_validated_field_by_field() {
        let ok = RangeInput {
            first: "+1 415 555 0200".into(),
            count: "50".into(),
            country_code: "US".into(),
            number_type: "mobile".into(),
        };
        let r = validate_range(&ok).unwrap();
        assert_eq!((r.first.as_str(), r.count), ("+14155550200", 50));
        assert_eq!(r.numbers().last().map(String::as_str), Some("+14155550249"));
        let e = validate_range(&RangeInput::default()).unwrap_err();
        assert_eq!(e["first"], "Number is required");
        assert_eq!(e["count"], "Count is required");
        let e = validate_range(&RangeInput {
            count: "1001".into(),
            ..ok.clone()
        })
        .unwrap_err();
        assert_eq!(e["count"], "Count must be between 1 and 1000");
        let e = validate_range(&RangeInput {
            first: "+999999999999998".into(),
            count: "5".into(),
            ..ok
        })
        .unwrap_err();
        assert_eq!(
            e["count"],
            "The range runs past the last number of this length"
        );
    }
}
