use crate::audit;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use dialtone_core::inventory::{validate_package_form, PackageInput, ValidPackage};
use dialtone_core::money::to_micros;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;

const SELECT: &str = "SELECT p.id, p.name, p.minutes, p.price_micros, p.validity_days, p.features, p.status, \
    (SELECT COUNT(*) FROM user_packages up WHERE up.package_id = p.id AND up.status = 'active') AS subscribers FROM packages p";

pub async fn list_packages(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<axum::Json<Value>> {
    let rows = sqlx::query(&format!("{SELECT} ORDER BY p.sort_order, p.id LIMIT 500"))
        .fetch_all(&state.db.pool)
        .await?;
    let items = rows
        .iter()
        .map(super::view)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(json!({ "items": items })))
}

/// The form as sent: numbers may arrive as JSON numbers or strings.
#[derive(Deserialize)]
pub struct PackageRequest {
    #[serde(default)]
    name: String,
    #[serde(default)]
    minutes: Value,
    #[serde(default)]
    price: Value,
    #[serde(default)]
    validity: Value,
    #[serde(default)]
    features: Vec<String>,
    #[serde(default)]
    status: String,
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn validate(req: PackageRequest) -> Result<(ValidPackage, i64)> {
    let input = PackageInput {
        name: req.name,
        minutes: text(&req.minutes),
        price: text(&req.price),
        validity: text(&req.validity),
        features: req.features,
        status: req.status,
    };
    let valid = validate_package_form(&input).map_err(Error::invalid)?;
    let price = to_micros(valid.price).map_err(|e| Error::field("price", e.to_string()))?;
    Ok((valid, price))
}

async fn load(conn: &mut AnyConnection, id: i64) -> Result<Value> {
    let row = sqlx::query(&format!("{SELECT} WHERE p.id = $1"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    Ok(super::view(&row.ok_or_else(|| {
        Error::NotFound("No such package".into())
    })?)?)
}

async fn audited(
    conn: &mut AnyConnection,
    actor: i64,
    action: &str,
    id: i64,
    before: Option<Value>,
    after: Option<Value>,
) -> Result<()> {
    audit::record(
        conn,
        audit::Entry {
            actor_id: actor,
            action,
            target_type: "package",
            target_id: id.to_string(),
            before,
            after,
        },
    )
    .await?;
    Ok(())
}

pub async fn post_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(req): Json<PackageRequest>,
) -> Result<(StatusCode, axum::Json<Value>)> {
    let (p, price) = validate(req)?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO packages (name, minutes, price_micros, validity_days, features, status, sort_order, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(MAX(sort_order), 0) + 1 FROM packages), $7, $7) RETURNING id",
    )
    .bind(&p.name)
    .bind(p.minutes)
    .bind(price)
    .bind(p.validity_days)
    .bind(serde_json::to_string(&p.features).unwrap_or_else(|_| "[]".into()))
    .bind(&p.status)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let created = load(&mut tx, id).await?;
    audited(
        &mut tx,
        admin.id,
        "package.create",
        id,
        None,
        Some(created.clone()),
    )
    .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, axum::Json(json!({ "item": created }))))
}

pub async fn put_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(req): Json<PackageRequest>,
) -> Result<axum::Json<Value>> {
    let (p, price) = validate(req)?;
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    sqlx::query(
        "UPDATE packages SET name = $1, minutes = $2, price_micros = $3, validity_days = $4, features = $5, status = $6, updated_at = $7 WHERE id = $8",
    )
    .bind(&p.name)
    .bind(p.minutes)
    .bind(price)
    .bind(p.validity_days)
    .bind(serde_json::to_string(&p.features).unwrap_or_else(|_| "[]".into()))
    .bind(&p.status)
    .bind(now_ms())
    .bind(id)
    .execute(&mut *tx)
    .await?;
    let after = load(&mut tx, id).await?;
    audited(
        &mut tx,
        admin.id,
        "package.update",
        id,
        Some(before),
        Some(after.clone()),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(json!({ "item": after })))
}

/// Deletes a package, or deactivates it while clients still use it (their minutes
/// stay theirs until expiry).
pub async fn delete_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<Value>> {
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    let subscribers = before["subscribers"].as_i64().unwrap_or(0);
    let (deleted, message) = if subscribers > 0 {
        sqlx::query("UPDATE packages SET status = 'inactive', updated_at = $1 WHERE id = $2")
            .bind(now_ms())
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let after = load(&mut tx, id).await?;
        audited(
            &mut tx,
            admin.id,
            "package.deactivate",
            id,
            Some(before),
            Some(after),
        )
        .await?;
        (false, format!("{subscribers} clients still use this package, so it was deactivated instead of deleted: it is no longer sold."))
    } else {
        sqlx::query("DELETE FROM packages WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audited(&mut tx, admin.id, "package.delete", id, Some(before), None).await?;
        (true, "Package deleted".to_string())
    };
    tx.commit().await?;
    Ok(axum::Json(
        json!({ "deleted": deleted, "message": message }),
    ))
}
