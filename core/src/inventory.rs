//! Administrators' forms for the number inventory and the package catalogue.

use crate::validation::FieldErrors;
use crate::{money, phone};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

pub const NUMBER_TYPES: [&str; 3] = ["mobile", "landline", "tollfree"];

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
    if !NUMBER_TYPES.contains(&i.number_type.as_str()) {
        errors.insert(
            "type".into(),
            "Type must be mobile, landline or tollfree".into(),
        );
    }
    if errors.is_empty() {
        Ok(number)
    } else {
        Err(errors)
    }
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

fn whole(errors: &mut FieldErrors, field: &str, label: &str, text: &str, max: i64) -> Option<i64> {
    match text.trim().parse::<i64>() {
        _ if text.trim().is_empty() => errors
            .insert(field.into(), format!("{label} is required"))
            .and(None),
        Ok(n) if (1..=max).contains(&n) => Some(n),
        Ok(_) => errors
            .insert(field.into(), format!("{label} must be between 1 and {max}"))
            .and(None),
        Err(_) => errors
            .insert(field.into(), format!("{label} must be a whole number"))
            .and(None),
    }
}

pub fn validate_package_form(i: &PackageInput) -> Result<ValidPackage, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = i.name.trim();
    if name.is_empty() {
        errors.insert("name".into(), "Name is required".into());
    } else if name.chars().count() > 60 {
        errors.insert("name".into(), "Name must be at most 60 characters".into());
    }
    let minutes = whole(&mut errors, "minutes", "Minutes", &i.minutes, 100_000);
    let validity = whole(&mut errors, "validity", "Validity", &i.validity, 365);
    let price = match money::parse_amount(&i.price) {
        _ if i.price.trim().is_empty() => errors
            .insert("price".into(), "Price is required".into())
            .and(None),
        Err(_) => errors
            .insert("price".into(), "Price must be a number".into())
            .and(None),
        Ok(p) if p <= Decimal::ZERO => errors
            .insert("price".into(), "Price must be greater than 0".into())
            .and(None),
        Ok(p) if p.normalize().scale() > 2 => errors
            .insert(
                "price".into(),
                "Price can have at most 2 decimal places".into(),
            )
            .and(None),
        Ok(p) if p > Decimal::from(10_000) => errors
            .insert("price".into(), "Price must be at most $10000.00".into())
            .and(None),
        Ok(p) => Some(p),
    };
    let features: Vec<String> = i
        .features
        .iter()
        .map(|f| f.trim().to_string())
        .filter(|f| !f.is_empty())
        .collect();
    if features.len() > 20 {
        errors.insert("features".into(), "At most 20 features".into());
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
