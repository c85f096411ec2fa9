//! /api/admin/country-pricing: the per-country rate table. Changes show at once on
//! the public pricing page and apply to calls and messages rated afterwards.

use super::rate_form::{validate, RateRequest};
use crate::audit;
use crate::auth::AdminUser;
use crate::db::{is_unique_violation, iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, Query};
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn};
use crate::paging::{like_pattern, Page, PageQuery};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};
use utoipa::{IntoParams, ToSchema};

const COLUMNS: &str =
    "id, name, code, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, status, updated_at";

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

fn view(r: &AnyRow) -> Result<CountryRate, sqlx::Error> {
    Ok(CountryRate {
        id: r.try_get("id")?,
        country: r.try_get("name")?,
        code: r.try_get("code")?,
        flag: r.try_get("flag")?,
        calling_code: r.try_get("calling_code")?,
        inbound_rate: Money::micros(r.try_get("inbound_rate_micros")?),
        outbound_rate: Money::micros(r.try_get("outbound_rate_micros")?),
        sms_rate: Money::micros(r.try_get("sms_rate_micros")?),
        status: r.try_get("status")?,
        last_updated: iso(r.try_get("updated_at")?),
    })
}

/// The row as the audit log keeps it.
fn audited(row: &CountryRate) -> Option<Value> {
    serde_json::to_value(row).ok()
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
#[utoipa::path(get, path = "/api/admin/country-pricing", tag = "catalogue",
    security(("bearer" = [])),
    params(RateFilter, PageQuery),
    responses(
        (status = 200, description = "One page of country rates", body = Page<CountryRate>),
        Invalid, SignedIn, AdminOnly,
    ))]
pub async fn list_rates(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(filter): Query<RateFilter>,
    Query(q): Query<PageQuery>,
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
    let condition = "(LOWER(name) LIKE $1 ESCAPE '\\' OR LOWER(code) LIKE $1 ESCAPE '\\') AND ($2 = '' OR status = $2)";
    let pattern = like_pattern(&filter.search);
    let status = status.unwrap_or_default();
    let total: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) FROM countries WHERE {condition}"))
            .bind(&pattern)
            .bind(&status)
            .fetch_one(&state.db.pool)
            .await?;
    let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM countries WHERE {condition} ORDER BY sort_order, name LIMIT $3 OFFSET $4"))
        .bind(&pattern)
        .bind(&status)
        .bind(q.limit())
        .bind(q.offset())
        .fetch_all(&state.db.pool)
        .await?;
    let items = rows.iter().map(view).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Page::new(items, total, q)))
}

fn code_taken() -> Error {
    Error::field("code", "A country with this code already exists")
}

/// Adds a country with its rates.
#[utoipa::path(post, path = "/api/admin/country-pricing", tag = "catalogue",
    security(("bearer" = [])),
    request_body = RateRequest,
    responses(
        (status = 201, description = "The new country", body = CountryRateItem),
        Invalid, SignedIn, AdminOnly,
    ))]
pub async fn post_rate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(req): Json<RateRequest>,
) -> Result<(StatusCode, axum::Json<CountryRateItem>)> {
    let row = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let defaults = crate::settings::load(&mut *tx).await?;
    let inserted = sqlx::query(&format!(
        "INSERT INTO countries (name, code, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, status, sort_order, updated_at, \
           first_increment_secs, next_increment_secs) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM countries), $9, $10, $11) RETURNING {COLUMNS}"
    ))
    .bind(&row.input.country)
    .bind(&row.input.code)
    .bind(&row.flag)
    .bind(&row.input.calling_code)
    .bind(row.inbound)
    .bind(row.outbound)
    .bind(row.sms)
    .bind(&row.input.status)
    .bind(now_ms())
    .bind(defaults.default_first_increment_secs)
    .bind(defaults.default_next_increment_secs)
    .fetch_one(&mut *tx)
    .await;
    let created = match inserted {
        Ok(r) => view(&r)?,
        Err(e) if is_unique_violation(&e) => return Err(code_taken()),
        Err(e) => return Err(e.into()),
    };
    route_calling_code(&mut tx, created.id, None, &row.input.calling_code).await?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "country.create",
        target_type: "country",
        target_id: created.id.to_string(),
        before: None,
        after: audited(&created),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(CountryRateItem { item: created }),
    ))
}

async fn current(tx: &mut sqlx::AnyConnection, id: i64) -> Result<CountryRate> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM countries WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| Error::NotFound("No such country".into()))?;
    Ok(view(&row)?)
}

/// Changes a country's name, code, flag, calling code, rates or status.
#[utoipa::path(put, path = "/api/admin/country-pricing/{id}", tag = "catalogue",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The country's id")),
    request_body = RateRequest,
    responses(
        (status = 200, description = "The updated country", body = CountryRateItem),
        Invalid, SignedIn, AdminOnly, NotFound,
    ))]
pub async fn put_rate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(req): Json<RateRequest>,
) -> Result<axum::Json<CountryRateItem>> {
    let row = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    let updated = sqlx::query(&format!(
        "UPDATE countries SET name = $1, code = $2, flag = $3, calling_code = $4, inbound_rate_micros = $5, \
         outbound_rate_micros = $6, sms_rate_micros = $7, status = $8, updated_at = $9 WHERE id = $10 RETURNING {COLUMNS}"
    ))
    .bind(&row.input.country)
    .bind(&row.input.code)
    .bind(if row.flag.is_empty() { &before.flag } else { &row.flag })
    .bind(&row.input.calling_code)
    .bind(row.inbound)
    .bind(row.outbound)
    .bind(row.sms)
    .bind(&row.input.status)
    .bind(now_ms())
    .bind(id)
    .fetch_one(&mut *tx)
    .await;
    let after = match updated {
        Ok(r) => view(&r)?,
        Err(e) if is_unique_violation(&e) => return Err(code_taken()),
        Err(e) => return Err(e.into()),
    };
    route_calling_code(
        &mut tx,
        id,
        Some(&before.calling_code),
        &row.input.calling_code,
    )
    .await?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "country.update",
        target_type: "country",
        target_id: id.to_string(),
        before: audited(&before),
        after: audited(&after),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(CountryRateItem { item: after }))
}

/// Deletes a country that has no numbers, calls or messages.
#[utoipa::path(delete, path = "/api/admin/country-pricing/{id}", tag = "catalogue",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The country's id")),
    responses(
        (status = 204, description = "Deleted"),
        Invalid, SignedIn, AdminOnly, NotFound, Conflict,
    ))]
pub async fn delete_rate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    let used: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM phone_numbers WHERE country_id = $1) + (SELECT COUNT(*) FROM calls WHERE country_id = $1) \
         + (SELECT COUNT(*) FROM sms_messages WHERE country_id = $1)",
    )
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    if used > 0 {
        return Err(Error::Conflict(
            "This country has numbers or call and message history, so it cannot be deleted. Set it inactive instead.".into(),
        ));
    }
    sqlx::query("DELETE FROM number_prices WHERE country_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM countries WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "country.delete",
        target_type: "country",
        target_id: id.to_string(),
        before: audited(&before),
        after: None,
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Routes numbers starting with the country's calling code to it, unless another
/// country already owns that exact prefix (+1 is shared by the US and Canada).
async fn route_calling_code(
    conn: &mut sqlx::AnyConnection,
    id: i64,
    old: Option<&str>,
    new: &str,
) -> Result<()> {
    if let Some(old) = old.filter(|o| *o != new) {
        sqlx::query("DELETE FROM rate_prefixes WHERE prefix = $1 AND country_id = $2")
            .bind(old)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("INSERT INTO rate_prefixes (prefix, country_id) VALUES ($1, $2) ON CONFLICT (prefix) DO NOTHING")
        .bind(new)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
