//! The numbering plan's regions, read from libphonenumber's metadata (the `phonenumber`
//! crate) and named from ISO 3166 (`isocountry`): which countries have a calling code,
//! which prefixes are theirs, which types of number their plan has, and numbers valid
//! for a country and type. Facts only; the catalogue decides what to sell.

use phonenumber::metadata::{Metadata, DATABASE};
use phonenumber::Type;

/// The number types the catalogue sells, as its tables name them.
pub const NUMBER_TYPES: [&str; 3] = ["mobile", "landline", "tollfree"];

/// A country or territory with a calling code.
pub struct Region {
    /// ISO 3166 alpha-2.
    pub code: String,
    /// ISO 3166's English name.
    pub name: String,
    /// Without "+".
    pub calling_code: String,
    /// The prefixes (calling code and leading digits) whose numbers are the region's:
    /// the calling code alone for the main country of a code, its area codes for the
    /// others (Jamaica: 1658, 1876); empty when the plan does not say by prefix.
    pub prefixes: Vec<String>,
    /// Of `NUMBER_TYPES`, those the plan has (with an example number).
    pub types: Vec<&'static str>,
}

/// Every region of the plan that ISO 3166 names, by ISO code. The non-geographic codes
/// (+800, +881 ...) are no country's and are left out, as are the plan's regions ISO
/// does not list (Ascension, Tristan da Cunha, Kosovo).
pub fn all() -> Vec<Region> {
    let mut regions: Vec<Region> = DATABASE.iter().filter_map(region).collect();
    regions.sort_by(|a, b| a.code.cmp(&b.code));
    regions
}

fn region(meta: &Metadata) -> Option<Region> {
    let code = meta.id();
    let name = isocountry::CountryCode::for_alpha2(code).ok()?.name();
    let calling_code = meta.country_code().to_string();
    let prefixes = if meta.is_main_country_for_code() || shares_no_code(meta) {
        vec![calling_code.clone()]
    } else {
        meta.leading_digits()
            .and_then(|digits| expand(digits.as_str()))
            .unwrap_or_default()
            .into_iter()
            .map(|digits| format!("{calling_code}{digits}"))
            .collect()
    };
    let types = NUMBER_TYPES
        .into_iter()
        .filter(|t| example(meta, t).is_some())
        .collect();
    Some(Region {
        code: code.to_string(),
        name: name.to_string(),
        calling_code,
        prefixes,
        types,
    })
}

fn shares_no_code(meta: &Metadata) -> bool {
    DATABASE
        .by_code(&meta.country_code())
        .is_some_and(|all| all.len() == 1)
}

fn descriptor_type(number_type: &str) -> Option<Type> {
    match number_type {
        "mobile" => Some(Type::Mobile),
        "landline" => Some(Type::FixedLine),
        "tollfree" => Some(Type::TollFree),
        _ => None,
    }
}

fn example(meta: &Metadata, number_type: &str) -> Option<String> {
    let descriptor = meta.descriptors().get(descriptor_type(number_type)?)?;
    let national = descriptor.example()?;
    Some(format!("+{}{national}", meta.country_code()))
}

/// The plan's example number of a region and type, E.164.
pub fn example_number(code: &str, number_type: &str) -> Option<String> {
    example(DATABASE.by_id(code)?, number_type)
}

/// Whether `e164` is a valid number of `code`'s plan and of `number_type` (a plan whose
/// mobile and fixed lines share ranges counts such a number as either).
pub fn fits(e164: &str, code: &str, number_type: &str) -> bool {
    let Ok(number) = phonenumber::parse(None, e164) else {
        return false;
    };
    if !phonenumber::is_valid(&number)
        || number
            .country()
            .id()
            .map(|id| id.as_ref().to_string())
            .as_deref()
            != Some(code)
    {
        return false;
    }
    matches!(
        (number.number_type(&DATABASE), number_type),
        (Type::FixedLineOrMobile, "mobile" | "landline")
            | (Type::Mobile, "mobile")
            | (Type::FixedLine, "landline")
            | (Type::TollFree, "tollfree")
    )
}

/// The digit strings a leading-digits pattern of the metadata matches, when it is
/// made only of digits, classes (`[024]`, `[2-9]`), groups and alternatives, as the
/// North American area codes are; None for anything else (`\d`, repetition).
pub fn expand(pattern: &str) -> Option<Vec<String>> {
    let mut parser = Parser {
        chars: pattern.chars().collect(),
        at: 0,
    };
    let all = parser.alternatives()?;
    (parser.at == parser.chars.len() && all.len() <= 1_000).then_some(all)
}

struct Parser {
    chars: Vec<char>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn alternatives(&mut self) -> Option<Vec<String>> {
        let mut all = self.sequence()?;
        while self.peek() == Some('|') {
            self.at += 1;
            all.extend(self.sequence()?);
        }
        Some(all)
    }

    fn sequence(&mut self) -> Option<Vec<String>> {
        let mut out = vec![String::new()];
        while let Some(c) = self.peek() {
            let choices = match c {
                '|' | ')' => break,
                '0'..='9' => {
                    self.at += 1;
                    vec![c.to_string()]
                }
                '[' => self.class()?,
                '(' => self.group()?,
                _ => return None,
            };
            out = out
                .iter()
                .flat_map(|head| choices.iter().map(move |tail| format!("{head}{tail}")))
                .collect();
            if out.len() > 1_000 {
                return None;
            }
        }
        Some(out)
    }

    fn class(&mut self) -> Option<Vec<String>> {
        self.at += 1;
        let mut digits = Vec::new();
        while let Some(c) = self.peek() {
            self.at += 1;
            match c {
                ']' => return Some(digits),
                '0'..='9' if self.peek() == Some('-') => {
                    let end = *self.chars.get(self.at + 1)?;
                    self.at += 2;
                    digits.extend((c..=end).map(String::from));
                }
                '0'..='9' => digits.push(c.to_string()),
                _ => return None,
            }
        }
        None
    }

    fn group(&mut self) -> Option<Vec<String>> {
        self.at += 1;
        if self.chars.get(self.at..self.at + 2) == Some(&['?', ':']) {
            self.at += 2;
        }
        let inner = self.alternatives()?;
        (self.peek() == Some(')')).then(|| self.at += 1)?;
        Some(inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_digits_expand_to_area_codes() {
        assert_eq!(expand("658|876").unwrap(), ["658", "876"]);
        assert_eq!(
            expand("8001|8[024]9").unwrap(),
            ["8001", "809", "829", "849"]
        );
        assert_eq!(
            expand("7(?:0[1-3]|1)").unwrap(),
            ["701", "702", "703", "71"]
        );
        assert_eq!(expand("7\\d"), None);
        assert_eq!(expand("7[0-9]?"), None);
    }

    #[test]
    fn the_plan_knows_about_240_regions_and_the_caribbean_by_area_code() {
        let all = all();
        assert!(all.len() >= 235, "{}", all.len());
        let by = |code: &str| all.iter().find(|r| r.code == code).unwrap();
        assert_eq!(by("JM").prefixes, ["1658", "1876"]);
        for area in ["1809", "1829", "1849"] {
            assert!(by("DO").prefixes.iter().any(|p| p == area), "{area}");
        }
        assert_eq!(by("US").prefixes, ["1"]);
        assert_eq!(by("DE").prefixes, ["49"]);
        assert_eq!(
            by("GB").name,
            "United Kingdom of Great Britain and Northern Ireland"
        );
        assert!(by("GB").types.contains(&"tollfree"));
        assert!(all.iter().all(|r| r.code != "001"));
    }

    #[test]
    fn numbers_fit_their_country_and_type() {
        let mobile = example_number("GB", "mobile").unwrap();
        assert!(fits(&mobile, "GB", "mobile"));
        assert!(!fits(&mobile, "GB", "landline"));
        assert!(!fits(&mobile, "DE", "mobile"));
        assert!(!fits("+14155550123", "DE", "landline"));
        assert!(!fits("+44123", "GB", "landline"));
    }
}
