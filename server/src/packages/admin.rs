use super::PackageView;
use crate::audit;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, Path};
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use dialtone_core::inventory::{validate_package_form, PackageInput, ValidPackage};
use dialtone_core::money::to_micros;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;
use utoipa::ToSchema;

const SELECT: &str = "SELECT p.id, p.name, p.minutes, p.price_micros, p.validity_days, p.features, p.status, \
    (SELECT COUNT(*) FROM user_packages up WHERE up.package_id = p.id AND up.status = 'active') AS subscribers FROM packages p";

#[derive(Serialize, ToSchema)]
pub struct PackageList {
    /// Every package, with `subscribers` (at most 500).
    pub items: Vec<PackageView>,
}

#[derive(Serialize, ToSchema)]
pub struct PackageItem {
    /// The package as stored, with `subscribers`.
    pub item: PackageView,
}

#[derive(Serialize, ToSchema)]
pub struct PackageRemoved {
    /// False when clients still use it and it was deactivated instead.
    pub deleted: bool,
    pub message: String,
}

/// Every package, on sale or not, with its number of subscribers.
#[utoipa::path(get, path = "/api/admin/packages", tag = "packages", security(("bearer" = [])),
    responses((status = 200, description = "The packages, in display order", body = PackageList),
        SignedIn, AdminOnly))]
pub async fn list_packages(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> Result<axum::Json<PackageList>> {
    let rows = sqlx::query(&format!("{SELECT} ORDER BY p.sort_order, p.id LIMIT 500"))
        .fetch_all(&state.db.pool)
        .await?;
    let items = rows
        .iter()
        .map(super::view)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(PackageList { items }))
}

/// A number, or the same number as text (as a form sends it). Documentation only.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub enum NumberOrText {
    Number(f64),
    Text(String),
}

/// The form as sent: numbers may arrive as JSON numbers or strings.
#[derive(Deserialize, ToSchema)]
pub struct PackageRequest {
    /// 1 to 60 characters.
    #[serde(default)]
    name: String,
    /// Whole minutes, 1 to 100000.
    #[serde(default)]
    #[schema(value_type = NumberOrText, example = 100)]
    minutes: Value,
    /// US dollars, more than 0 and at most 10000, at most 2 decimals.
    #[serde(default)]
    #[schema(value_type = NumberOrText, example = "9.99")]
    price: Value,
    /// Days, 1 to 365.
    #[serde(default)]
    #[schema(value_type = NumberOrText, example = 30)]
    validity: Value,
    /// At most 20, each at most 200 characters.
    #[serde(default)]
    features: Vec<String>,
    /// "active" (the default) or "inactive".
    #[serde(default)]
    #[schema(example = "active")]
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

async fn load(conn: &mut AnyConnection, id: i64) -> Result<PackageView> {
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
    before: Option<&PackageView>,
    after: Option<&PackageView>,
) -> Result<()> {
    let json = |p: Option<&PackageView>| p.map(serde_json::to_value).transpose();
    audit::record(
        conn,
        audit::Entry {
            actor_id: actor,
            action,
            target_type: "package",
            target_id: id.to_string(),
            before: json(before).map_err(anyhow::Error::new)?,
            after: json(after).map_err(anyhow::Error::new)?,
        },
    )
    .await?;
    Ok(())
}

/// Creates a package.
#[utoipa::path(post, path = "/api/admin/packages", tag = "packages", security(("bearer" = [])),
    request_body = PackageRequest,
    responses((status = 201, description = "The package created", body = PackageItem),
        Invalid, SignedIn, AdminOnly))]
pub async fn post_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(req): Json<PackageRequest>,
) -> Result<(StatusCode, axum::Json<PackageItem>)> {
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
        Some(&created),
    )
    .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(PackageItem { item: created }),
    ))
}

/// Changes a package; clients keep what they bought.
#[utoipa::path(put, path = "/api/admin/packages/{id}", tag = "packages", security(("bearer" = [])),
    params(("id" = i64, Path, description = "The package's id")),
    request_body = PackageRequest,
    responses((status = 200, description = "The package as changed", body = PackageItem),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn put_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
    Json(req): Json<PackageRequest>,
) -> Result<axum::Json<PackageItem>> {
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
        Some(&before),
        Some(&after),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(PackageItem { item: after }))
}

/// Deletes a package, or deactivates it while clients still use it.
// Their minutes stay theirs until expiry.
#[utoipa::path(delete, path = "/api/admin/packages/{id}", tag = "packages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The package's id")),
    responses((status = 200, description = "Deleted, or deactivated", body = PackageRemoved),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn delete_package(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Path(id): Path<i64>,
) -> Result<axum::Json<PackageRemoved>> {
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    let subscribers = before.subscribers.unwrap_or(0);
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
            Some(&before),
            Some(&after),
        )
        .await?;
        (false, format!("{subscribers} clients still use this package, so it was deactivated instead of deleted: it is no longer sold."))
    } else {
        sqlx::query("DELETE FROM packages WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        audited(&mut tx, admin.id, "package.delete", id, Some(&before), None).await?;
        (true, "Package deleted".to_string())
    };
    tx.commit().await?;
    Ok(axum::Json(PackageRemoved { deleted, message }))
}
