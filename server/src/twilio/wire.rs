//! Twilio's wire conventions: RFC 2822 dates in UTC (the Python SDK turns anything else
//! into None), prices as signed decimal strings, form-encoded parameters with Twilio's
//! names, and paging with `PageSize`, `Page` and a `PageToken`.

use super::error::{code, TwilioError};
use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeZone, Utc};
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::webhooks::API_VERSION;
pub const DEFAULT_PAGE_SIZE: i64 = 50;
pub const MAX_PAGE_SIZE: i64 = 1000;

/// "Wed, 25 Nov 2026 09:10:00 +0000".
pub fn date(ms: i64) -> String {
    DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%a, %d %b %Y %H:%M:%S +0000")
        .to_string()
}

/// A charge as Twilio shows it: negative, in dollars, with every digit kept.
pub fn price(cost_micros: i64) -> String {
    let mut d = Decimal::new(-cost_micros, 6).normalize();
    if d.scale() < 2 {
        d.rescale(2);
    }
    d.to_string()
}

/// Request parameters (query string or form body) in order, repeated names kept.
#[derive(Default)]
pub struct Params(pub Vec<(String, String)>);

impl Params {
    pub fn parse(raw: &[u8]) -> Params {
        Params(
            url::form_urlencoded::parse(raw)
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect(),
        )
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A parameter that is there and not blank.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name).map(str::trim).filter(|v| !v.is_empty())
    }

    /// A phone number parameter in E.164 (empty when absent).
    pub fn number(&self, name: &str) -> String {
        self.text(name)
            .map(dialtone_core::phone::normalize)
            .unwrap_or_default()
    }

    /// A required parameter, or Twilio's 21604-style message.
    pub fn required(&self, name: &str, missing: u32) -> Result<&str, TwilioError> {
        self.text(name)
            .ok_or_else(|| TwilioError::bad(missing, format!("A '{name}' parameter is required.")))
    }
}

/// A time filter's value: a date (`2026-11-25`, the whole day) or a date-time in UTC
/// (`2026-11-25T09:10:00Z`). `(start, end)` in ms: the day's or the instant's.
pub fn time_filter(name: &str, value: &str) -> Result<(i64, i64), TwilioError> {
    let bad = || {
        TwilioError::bad(
            code::INVALID,
            format!("{name} must be a date (YYYY-MM-DD) or a UTC date-time (YYYY-MM-DDTHH:MM:SSZ)"),
        )
    };
    if let Ok(day) = NaiveDate::parse_from_str(value, "%Y-%m-%d") {
        let start = Utc
            .from_utc_datetime(&day.and_hms_opt(0, 0, 0).ok_or_else(bad)?)
            .timestamp_millis();
        return Ok((start, start + 86_400_000 - 1));
    }
    let t = DateTime::parse_from_rfc3339(value)
        .map(|t| t.timestamp_millis())
        .or_else(|_| {
            NaiveDateTime::parse_from_str(value, "%Y-%m-%dT%H:%M:%S")
                .map(|t| Utc.from_utc_datetime(&t).timestamp_millis())
        })
        .map_err(|_| bad())?;
    Ok((t, t))
}

/// The inclusive range `[from, to]` in ms that `Name`, `Name>` and `Name<` select.
pub fn time_range(params: &Params, name: &str) -> Result<(i64, i64), TwilioError> {
    let (mut from, mut to) = (i64::MIN, i64::MAX);
    if let Some(v) = params.text(name) {
        (from, to) = time_filter(name, v)?;
    }
    if let Some(v) = params.text(&format!("{name}>")) {
        from = from.max(time_filter(name, v)?.0);
    }
    if let Some(v) = params.text(&format!("{name}<")) {
        to = to.min(time_filter(name, v)?.1);
    }
    Ok((from, to))
}

/// The paging parameters of every list, for the OpenAPI document (read by `PageRequest`).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case, dead_code)]
pub struct Paging {
    /// 1 to 1000, 50 by default.
    PageSize: Option<i64>,
    /// The page number, from 0.
    Page: Option<i64>,
    /// From `next_page_uri`.
    PageToken: Option<String>,
}

/// Which page a list request asks for.
pub struct PageRequest {
    pub size: i64,
    pub page: i64,
    /// Rows with ids below this one (the PageToken of the previous page's last row).
    pub before_id: Option<i64>,
}

impl PageRequest {
    pub fn from(params: &Params) -> Result<PageRequest, TwilioError> {
        let number = |name: &str, default: i64, max: i64| -> Result<i64, TwilioError> {
            // Absent takes the default; present but blank is as wrong as any non-number.
            match params.get(name).map(str::trim) {
                None => Ok(default),
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (0..=max).contains(n))
                    .ok_or_else(|| {
                        TwilioError::bad(
                            code::INVALID,
                            format!("{name} must be a number from 0 to {max}"),
                        )
                    }),
            }
        };
        let size = number("PageSize", DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)?.max(1);
        let page = number("Page", 0, 1_000_000)?;
        let before_id = match params.text("PageToken") {
            None => None,
            Some(t) => Some(
                t.strip_prefix("PA")
                    .and_then(|n| n.parse::<i64>().ok())
                    .ok_or_else(|| TwilioError::bad(code::INVALID, "PageToken is not valid"))?,
            ),
        };
        Ok(PageRequest {
            size,
            page,
            before_id,
        })
    }

    /// How many rows to skip: none after a token, `page * size` without one.
    pub fn offset(&self) -> i64 {
        if self.before_id.is_some() {
            0
        } else {
            self.page * self.size
        }
    }
}

/// Twilio's paging fields, beside exactly one list key.
#[derive(Serialize, ToSchema)]
pub struct PageMeta {
    pub first_page_uri: String,
    pub end: i64,
    pub previous_page_uri: Option<String>,
    pub uri: String,
    pub page_size: i64,
    pub start: i64,
    /// The next page with the same filters, or null on the last page.
    pub next_page_uri: Option<String>,
    pub page: i64,
}

/// The paging fields of a page of `shown` rows from `path` (no query), with the
/// request's filters carried into every link. `last_id` is the page's last row.
pub fn page_meta(
    path: &str,
    filters: &[(String, String)],
    req: &PageRequest,
    shown: usize,
    has_more: bool,
    last_id: Option<i64>,
) -> PageMeta {
    let link = |page: i64, token: Option<i64>| {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in filters {
            q.append_pair(k, v);
        }
        q.append_pair("PageSize", &req.size.to_string());
        q.append_pair("Page", &page.to_string());
        if let Some(t) = token {
            q.append_pair("PageToken", &format!("PA{t}"));
        }
        format!("{path}?{}", q.finish())
    };
    let start = req.page * req.size;
    PageMeta {
        first_page_uri: link(0, None),
        end: start + shown as i64 - 1,
        previous_page_uri: (req.page > 0 && req.before_id.is_none())
            .then(|| link(req.page - 1, None)),
        uri: link(req.page, req.before_id),
        page_size: req.size,
        start,
        // Keyset lists carry their last row as the next page's token; a computed
        // list (usage records) pages by number alone.
        next_page_uri: has_more.then(|| link(req.page + 1, last_id)),
        page: req.page,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_rfc_2822_in_utc() {
        assert_eq!(date(1_795_597_800_000), "Wed, 25 Nov 2026 09:10:00 +0000");
    }

    #[test]
    fn prices_are_negative_decimal_strings() {
        assert_eq!(price(7_500), "-0.0075");
        assert_eq!(price(1_000_000), "-1.00");
        assert_eq!(price(0), "0.00");
    }

    #[test]
    fn a_date_filter_selects_the_whole_day() {
        let (from, to) = time_filter("DateSent", "2026-11-25").unwrap();
        assert_eq!(to - from, 86_400_000 - 1);
        assert_eq!(
            time_filter("DateSent", "2026-11-25T09:10:00Z").unwrap().0,
            1_795_597_800_000
        );
        assert!(time_filter("DateSent", "yesterday").is_err());
    }

    #[test]
    fn the_next_page_carries_the_filters_and_a_token() {
        let req = PageRequest::from(&Params::parse(b"To=%2B14155550100&PageSize=2")).unwrap();
        let filters = vec![("To".to_string(), "+14155550100".to_string())];
        let meta = page_meta(
            "/2010-04-01/Accounts/AC1/Messages.json",
            &filters,
            &req,
            2,
            true,
            Some(41),
        );
        assert_eq!(
            meta.next_page_uri.as_deref(),
            Some("/2010-04-01/Accounts/AC1/Messages.json?To=%2B14155550100&PageSize=2&Page=1&PageToken=PA41")
        );
        assert_eq!((meta.start, meta.end), (0, 1));
    }
}
