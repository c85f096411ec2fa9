//! Adding numbers in bulk: an administrator's range (previewed, then applied), and
//! demo mode's top-up that keeps every offered country and type in stock.

use super::admin::{country_id, in_plan};
use super::repo;
use crate::audit;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::infra::regions;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::state::AppState;
use dialtone_core::inventory::{consecutive, next_after, validate_range, RangeInput};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;

/// Demo mode keeps at least this many numbers on sale per offered country and type.
pub const DEMO_MIN_STOCK: i64 = 10;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RangeRequest {
    #[serde(flatten)]
    range: RangeInput,
    /// false (the default): only show what would be added.
    #[serde(default)]
    apply: bool,
}

/// What a range adds: the numbers new to the inventory, and those already in it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RangePreview {
    pub added: Vec<String>,
    pub already_in_inventory: Vec<String>,
    /// Whether the numbers were added (false for a preview).
    pub applied: bool,
}

/// Numbers of `candidates` already in the inventory, in one query.
async fn existing(conn: &mut AnyConnection, candidates: &[String]) -> Result<Vec<String>> {
    if candidates.is_empty() {
        return Ok(Vec::new());
    }
    let (first, last) = (&candidates[0], &candidates[candidates.len() - 1]);
    Ok(repo::existing_between(&mut *conn, first, last).await?)
}

async fn insert_all(
    conn: &mut AnyConnection,
    numbers: &[String],
    country: i64,
    number_type: &str,
) -> Result<()> {
    Ok(repo::insert_many(conn, numbers, country, number_type, now_ms()).await?)
}

/// Adds a range of consecutive numbers to the inventory, or previews it.
#[utoipa::path(post, path = "/admin/phones/range", tag = "numbers",
    request_body = RangeRequest,
    responses(
        (status = 200, description = "What the range adds (and, with apply, added)", body = RangePreview),
        Invalid, SignedIn, AdminOnly,
        (status = 409, description = "Applied, but every number of the range is already in the inventory", body = crate::openapi::responses::ErrorBody),
    ))]
pub async fn post_range(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(req): Json<RangeRequest>,
) -> Result<axum::Json<RangePreview>> {
    let range = validate_range(&req.range).map_err(Error::invalid)?;
    let numbers = range.numbers();
    in_plan(
        "first",
        &req.range.country_code,
        &req.range.number_type,
        &numbers,
    )?;
    let mut tx = state.db.begin_write().await?;
    let country = country_id(&mut tx, &req.range.country_code).await?;
    let found = existing(&mut tx, &numbers).await?;
    let added: Vec<String> = numbers.into_iter().filter(|n| !found.contains(n)).collect();
    if req.apply && !added.is_empty() {
        insert_all(&mut tx, &added, country, &req.range.number_type).await?;
        let entry = audit::Entry::by(
            admin.id,
            "phone.range",
            "phone_number",
            &range.first,
            None,
            Some(
                json!({ "first": range.first, "count": range.count, "added": added.len(),
                            "country": req.range.country_code.trim(), "type": req.range.number_type }),
            ),
        );
        audit::record(&mut *tx, entry).await?;
        tx.commit().await?;
    }
    if added.is_empty() && req.apply {
        return Err(Error::Conflict(
            "Every number of this range is already in the inventory".into(),
        ));
    }
    Ok(axum::Json(RangePreview {
        added,
        already_in_inventory: found,
        applied: req.apply,
    }))
}

/// Demo mode: tops up every purchasable country and type to `DEMO_MIN_STOCK`
/// numbers on sale, continuing after the highest number it has, or from the numbering
/// plan's example of that country and type when it has none. Returns how many numbers
/// were added.
pub async fn restock_demo(state: &AppState) -> Result<u64> {
    let mut tx = state.db.begin_write().await?;
    let low = repo::stock_levels(&mut *tx).await?;
    let mut added = 0u64;
    for (country, code, number_type, available, highest) in low {
        let missing = DEMO_MIN_STOCK - available;
        if missing <= 0 {
            continue;
        }
        let numbers = next_numbers(&code, &number_type, highest.as_deref(), missing as usize);
        insert_all(&mut tx, &numbers, country, &number_type).await?;
        added += numbers.len() as u64;
    }
    tx.commit().await?;
    Ok(added)
}

/// `count` numbers to stock after `highest` (or from the plan's example): only numbers
/// valid for the country and type, unless the stock already holds numbers the plan does
/// not know (the seeded +1 555 ranges), which it continues as it is.
fn next_numbers(code: &str, number_type: &str, highest: Option<&str>, count: usize) -> Vec<String> {
    let (start, checked) = match highest {
        Some(last) => (next_after(last), regions::fits(last, code, number_type)),
        None => (regions::example_number(code, number_type), true),
    };
    let Some(start) = start else {
        return Vec::new();
    };
    // A range of the plan is rarely broken inside ten times the numbers we need.
    consecutive(&start, (count * 10) as u32)
        .into_iter()
        .filter(|n| !checked || regions::fits(n, code, number_type))
        .take(count)
        .collect()
}
