//! /api/admin/country-pricing: the per-country rate table. Changes show at once on
//! the public pricing page and apply to calls and messages rated afterwards.

use crate::audit;
use crate::auth::AdminUser;
use crate::db::{is_unique_violation, iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Query};
use crate::json::money;
use crate::paging::{like_pattern, Page, PageQuery};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use dialtone_core::money::to_micros;
use dialtone_core::rates::{validate_rate_row, RateInput};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

const COLUMNS: &str =
    "id, name, code, flag, calling_code, inbound_rate_micros, outbound_rate_micros, sms_rate_micros, status, updated_at";

/// Section 3's admin country price, plus what the edit form needs.
fn view(r: &AnyRow) -> Result<Value, sqlx::Error> {
    Ok(json!({
        "id": r.try_get::<i64, _>("id")?,
        "country": r.try_get::<String, _>("name")?,
        "code": r.try_get::<String, _>("code")?,
        "flag": r.try_get::<String, _>("flag")?,
        "callingCode": r.try_get::<String, _>("calling_code")?,
        "inboundRate": money(r.try_get("inbound_rate_micros")?),
        "outboundRate": money(r.try_get("outbound_rate_micros")?),
        "smsRate": money(r.try_get("sms_rate_micros")?),
        "status": r.try_get::<String, _>("status")?,
        "lastUpdated": iso(r.try_get("updated_at")?),
    }))
}

#[derive(Deserialize)]
pub struct RateFilter {
    #[serde(default)]
    search: String,
    #[serde(default)]
    status: String,
}

pub async fn list_rates(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(filter): Query<RateFilter>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<Value>>> {
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

/// The form as sent: rates may arrive as JSON numbers or strings.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RateRequest {
    #[serde(default)]
    country: String,
    #[serde(default)]
    code: String,
    #[serde(default)]
    calling_code: Value,
    #[serde(default)]
    flag: String,
    #[serde(default)]
    inbound_rate: Value,
    #[serde(default)]
    outbound_rate: Value,
    #[serde(default)]
    sms_rate: Value,
    #[serde(default)]
    status: String,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

struct ValidRow {
    input: RateInput,
    flag: String,
    inbound: i64,
    outbound: i64,
    sms: i64,
}

fn validate(req: RateRequest) -> Result<ValidRow> {
    let input = RateInput {
        country: req.country.trim().into(),
        code: req.code.trim().into(),
        calling_code: text(&req.calling_code)
            .trim()
            .trim_start_matches('+')
            .into(),
        inbound_rate: text(&req.inbound_rate),
        outbound_rate: text(&req.outbound_rate),
        sms_rate: text(&req.sms_rate),
        status: if req.status.is_empty() {
            "active".into()
        } else {
            req.status
        },
    };
    let rates = validate_rate_row(&input).map_err(Error::invalid)?;
    let micros = |d| to_micros(d).map_err(|e| Error::bad_request(e.to_string()));
    if req.flag.chars().count() > 8 {
        return Err(Error::field("flag", "Flag must be at most 8 characters"));
    }
    Ok(ValidRow {
        flag: req.flag,
        inbound: micros(rates.inbound)?,
        outbound: micros(rates.outbound)?,
        sms: micros(rates.sms)?,
        input,
    })
}

fn code_taken() -> Error {
    Error::field("code", "A country with this code already exists")
}

pub async fn post_rate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(req): Json<RateRequest>,
) -> Result<(StatusCode, axum::Json<Value>)> {
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
    let target_id = created["id"].to_string();
    route_calling_code(
        &mut tx,
        created["id"].as_i64().unwrap_or_default(),
        None,
        &row.input.calling_code,
    )
    .await?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "country.create",
        target_type: "country",
        target_id,
        before: None,
        after: Some(created.clone()),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(json!({ "item": created }))))
}

async fn current(tx: &mut sqlx::AnyConnection, id: i64) -> Result<Value> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM countries WHERE id = $1"))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| Error::NotFound("No such country".into()))?;
    Ok(view(&row)?)
}

pub async fn put_rate(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(req): Json<RateRequest>,
) -> Result<axum::Json<Value>> {
    let row = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let before = current(&mut tx, id).await?;
    let updated = sqlx::query(&format!(
        "UPDATE countries SET name = $1, code = $2, flag = $3, calling_code = $4, inbound_rate_micros = $5, \
         outbound_rate_micros = $6, sms_rate_micros = $7, status = $8, updated_at = $9 WHERE id = $10 RETURNING {COLUMNS}"
    ))
    .bind(&row.input.country)
    .bind(&row.input.code)
    .bind(if row.flag.is_empty() { before["flag"].as_str().unwrap_or("").to_string() } else { row.flag.clone() })
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
        before["callingCode"].as_str(),
        &row.input.calling_code,
    )
    .await?;
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "country.update",
        target_type: "country",
        target_id: id.to_string(),
        before: Some(before),
        after: Some(after.clone()),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "item": after })))
}

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
        before: Some(before),
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
