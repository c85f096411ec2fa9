//! /api/admin/country-pricing: the per-country rate table. Changes show at once on
//! the public pricing page and apply to calls and messages rated afterwards.

use super::rate_form::{validate, RateRequest, ValidRow};
use super::repo::{self, Country, CountryFields};
use crate::audit;
use crate::auth::{AdminList, AdminUser};
use crate::db::iso;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn};
use crate::paging::{like_pattern, Page, PageQuery};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};

/// Section 3's admin country price, plus what the edit form needs.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryRate {
    pub id: i64,
    pub country: String,
    /// ISO 3166 code, e.g. DE.
    pub code: String,
    pub flag: String,
    /// Digits without the +, e.g. 49.
    pub calling_code: String,
    /// Per minute.
    pub inbound_rate: Money,
    /// Per minute.
    pub outbound_rate: Money,
    /// Per message.
    pub sms_rate: Money,
    /// `active` or `inactive`.
    #[schema(example = "active")]
    pub status: String,
    pub last_updated: String,
}

#[derive(Serialize, ToSchema)]
pub struct CountryRateItem {
    pub item: CountryRate,
}

fn view(c: Country) -> CountryRate {
    CountryRate {
        id: c.id,
        country: c.name,
        code: c.code,
        flag: c.flag,
        calling_code: c.calling_code,
        inbound_rate: Money::micros(c.inbound_rate_micros),
        outbound_rate: Money::micros(c.outbound_rate_micros),
        sms_rate: Money::micros(c.sms_rate_micros),
        status: c.status,
        last_updated: iso(c.updated_at),
    }
}

fn fields<'a>(row: &'a ValidRow, flag: &'a str) -> CountryFields<'a> {
    CountryFields {
        name: &row.input.country,
        code: &row.input.code,
        flag,
        calling_code: &row.input.calling_code,
        inbound_rate_micros: row.inbound,
        outbound_rate_micros: row.outbound,
        sms_rate_micros: row.sms,
        status: &row.input.status,
    }
}

/// An action on a country as the audit log keeps it: the row before and after.
fn audited<'a>(
    actor: i64,
    action: &'a str,
    id: i64,
    before: Option<&CountryRate>,
    after: Option<&CountryRate>,
) -> audit::Entry<'a> {
    audit::Entry::of(actor, action, "country", id, before, after)
}

/// The statuses the list can be filtered by (an enumeration with "", which a
/// Rust enum's schema cannot name).
fn status_filter() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(["", "all", "active", "inactive"]))
        .description(Some(
            "`all` (the default, also when empty), `active` or `inactive`",
        ))
        .build()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RateFilter {
    /// Part of the name or code (case-insensitive).
    #[serde(default)]
    #[param(required = false)]
    search: String,
    #[serde(default)]
    #[param(schema_with = status_filter)]
    status: String,
}

/// The country rates, filtered and paged.
#[utoipa::path(get, path = "/admin/country-pricing", tag = "catalogue",
    params(RateFilter, PageQuery),
    responses(
        (status = 200, description = "One page of country rates", body = Page<CountryRate>),
        Invalid, SignedIn, AdminOnly,
    ))]
pub async fn list_rates(
    With(state, AdminList { filter, page, .. }): With<AdminList<RateFilter>>,
) -> Result<axum::Json<Page<CountryRate>>> {
    let status = match filter.status.as_str() {
        "" | "all" => None,
        s @ ("active" | "inactive") => Some(s.to_string()),
        other => {
            return Err(Error::bad_request(format!(
                "Unknown status filter: {other}"
            )))
        }
    };
    let pattern = like_pattern(&filter.search);
    let status = status.unwrap_or_default();
    let search = repo::Search {
        pattern: &pattern,
        status: &status,
    };
    let rows = repo::page_matching(&state.db.pool, &search, page).await?;
    Ok(axum::Json(rows.map(view)))
}

fn code_taken() -> Error {
    Error::field("code", "A country with this code already exists")
}

/// Adds a country with its rates.
#[utoipa::path(post, path = "/admin/country-pricing", tag = "catalogue",
    request_body = RateRequest,
    responses(
        (status = 201, description = "The new country", body = CountryRateItem),
        Invalid, SignedIn, AdminOnly,
    ))]
pub async fn post_rate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(req): Json<RateRequest>,
) -> Result<(StatusCode, axum::Json<CountryRateItem>)> {
    let row = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let defaults = crate::settings::load(&mut *tx).await?;
    let created = repo::insert(
        &mut *tx,
        &fields(&row, &row.flag),
        defaults.default_first_increment_secs,
        defaults.default_next_increment_secs,
    )
    .await
    .map_err(|e| Error::unique_or(e, code_taken))
    .map(view)?;
    repo::route_calling_code(&mut tx, created.id, None, &row.input.calling_code).await?;
    let entry = audited(admin.id, "country.create", created.id, None, Some(&created));
    audit::commit(tx, entry).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(CountryRateItem { item: created }),
    ))
}

async fn current(tx: &mut sqlx::AnyConnection, id: i64) -> Result<CountryRate> {
    repo::find(&mut *tx, id)
        .await?
        .map(view)
        .ok_or_else(|| Error::NotFound("No such country".into()))
}

/// Changes a country's name, code, flag, calling code, rates or status.
#[utoipa::path(put, path = "/admin/country-pricing/{id}", tag = "catalogue",
    params(("id" = i64, Path, description = "The country's id")),
    request_body = RateRequest,
    responses(
        (status = 200, description = "The updated country", body = CountryRateItem),
        Invalid, SignedIn, AdminOnly, NotFound,
    ))]
pub async fn put_rate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(req): Json<RateRequest>,
) -> Result<axum::Json<CountryRateItem>> {
    let row = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    let flag = if row.flag.is_empty() {
        &before.flag
    } else {
        &row.flag
    };
    let after = repo::update(&mut *tx, id, &fields(&row, flag))
        .await
        .map_err(|e| Error::unique_or(e, code_taken))
        .map(view)?;
    repo::route_calling_code(
        &mut tx,
        id,
        Some(&before.calling_code),
        &row.input.calling_code,
    )
    .await?;
    let entry = audited(admin.id, "country.update", id, Some(&before), Some(&after));
    audit::commit(tx, entry).await?;
    Ok(axum::Json(CountryRateItem { item: after }))
}

/// Deletes a country that has no numbers, calls or messages.
#[utoipa::path(delete, path = "/admin/country-pricing/{id}", tag = "catalogue",
    params(("id" = i64, Path, description = "The country's id")),
    responses(
        (status = 204, description = "Deleted"),
        Invalid, SignedIn, AdminOnly, NotFound, Conflict,
    ))]
pub async fn delete_rate(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    let used = repo::usage_count(&mut *tx, id).await?;
    if used > 0 {
        return Err(Error::Conflict(
            "This country has numbers or call and message history, so it cannot be deleted. Set it inactive instead.".into(),
        ));
    }
    repo::delete(&mut tx, id).await?;
    let entry = audited(admin.id, "country.delete", id, Some(&before), None);
    audit::commit(tx, entry).await?;
    Ok(StatusCode::NO_CONTENT)
}
