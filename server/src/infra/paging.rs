//! Page parameters shared by every list endpoint: ?page=1&pageSize=20 (at most 100).

use crate::error::{Error, Result};
use crate::extract::Query;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page, from 1 (default 1).
    #[serde(default = "first_page")]
    #[param(required = false)]
    pub page: i64,
    /// Items per page, 1 to 100 (default 20).
    #[serde(default = "default_size")]
    #[param(required = false)]
    pub page_size: i64,
}

fn first_page() -> i64 {
    1
}
fn default_size() -> i64 {
    20
}

pub const MAX_PAGE_SIZE: i64 = 100;

impl PageQuery {
    pub fn limit(&self) -> i64 {
        self.page_size.clamp(1, MAX_PAGE_SIZE)
    }
    pub fn offset(&self) -> i64 {
        (self.page.max(1) - 1).saturating_mul(self.limit())
    }
}

/// A filtered list's query string: the filter `F`, then the page, each read as
/// `crate::extract::Query` reads it (a malformed one answers 400, the filter's first).
/// The operation documents both as `params(F, PageQuery)`.
pub struct Listing<F> {
    pub filter: F,
    pub page: PageQuery,
}

impl<F, S> FromRequestParts<S> for Listing<F>
where
    F: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let Query(filter) = Query::<F>::from_request_parts(parts, state).await?;
        let Query(page) = Query::<PageQuery>::from_request_parts(parts, state).await?;
        Ok(Listing { filter, page })
    }
}

/// One page of a list and the size of the whole filtered list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

impl<T> Page<T> {
    pub fn new(items: Vec<T>, total: i64, q: PageQuery) -> Page<T> {
        Page {
            items,
            total,
            page: q.page.max(1),
            page_size: q.limit(),
        }
    }

    /// The same page with each item as the API shows it.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Page<U> {
        Page {
            items: self.items.into_iter().map(f).collect(),
            total: self.total,
            page: self.page,
            page_size: self.page_size,
        }
    }
}

/// Escapes LIKE wildcards in user search text and wraps it for a substring match.
pub fn like_pattern(search: &str) -> String {
    format!("%{}%", like_escape(&search.trim().to_lowercase()))
}

/// User text taken literally inside a LIKE pattern: its wildcards and the escape
/// character itself escaped with a backslash.
pub fn like_escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// Text from a query that reaches the database: core's rule for free text (no NUL,
/// which PostgreSQL refuses, nor any other control character) answers 400 here.
pub fn filter_text(field: &str, value: &str) -> Result<()> {
    use dialtone_core::validation::{has_control_chars, CONTROL_CHARS_MESSAGE};
    if has_control_chars(value, false) {
        return Err(Error::field(field, CONTROL_CHARS_MESSAGE));
    }
    Ok(())
}

/// `filter_text` for each (field, value) in order: the first refused answers.
pub fn filter_texts(fields: &[(&str, &str)]) -> Result<()> {
    fields
        .iter()
        .try_for_each(|(field, value)| filter_text(field, value))
}

/// A day given as `YYYY-MM-DD` exactly, what the query parameters' pattern
/// `^([0-9]{4}-[0-9]{2}-[0-9]{2})?$` documents; empty is None.
pub fn filter_date(field: &str, value: &str) -> Result<Option<chrono::NaiveDate>> {
    if value.is_empty() {
        return Ok(None);
    }
    let day = dialtone_core::dates::day_number(value)
        .and_then(|d| chrono::DateTime::from_timestamp(d * 86_400, 0))
        .map(|t| t.date_naive());
    match day {
        Some(day) => Ok(Some(day)),
        None => Err(Error::field(field, dialtone_core::dates::DATE_MESSAGE)),
    }
}
