//! Page parameters shared by every list endpoint: ?page=1&pageSize=20 (at most 100).

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
}

/// Escapes LIKE wildcards in user search text and wraps it for a substring match.
pub fn like_pattern(search: &str) -> String {
    let escaped = search
        .trim()
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}
