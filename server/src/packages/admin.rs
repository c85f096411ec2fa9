use super::repo::{self, PackageFields};
use super::PackageView;
use crate::audit;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use axum::http::StatusCode;
use dialtone_core::inventory::{validate_package_form, PackageInput, ValidPackage};
use dialtone_core::money::to_micros;
use dialtone_core::plans::{check_price, validate_plan_form, PlanInput, ValidPlan};
use serde::{Deserialize, Serialize};
use sqlx::{Any, AnyConnection, Transaction};
use utoipa::ToSchema;

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
#[utoipa::path(get, path = "/admin/packages", tag = "packages",
    responses((status = 200, description = "The packages, in display order", body = PackageList),
        SignedIn, AdminOnly))]
pub async fn list_packages(
    With(state, _admin): With<AdminUser>,
) -> Result<axum::Json<PackageList>> {
    let items = repo::list_all(&state.db.pool).await?;
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
    minutes: crate::json::NumberText,
    /// US dollars, more than 0 and at most 10000, at most 2 decimals.
    #[serde(default)]
    #[schema(value_type = NumberOrText, example = "9.99")]
    price: crate::json::NumberText,
    /// Days, 1 to 365.
    #[serde(default)]
    #[schema(value_type = NumberOrText, example = 30)]
    validity: crate::json::NumberText,
    /// At most 20, each at most 200 characters.
    #[serde(default)]
    features: Vec<String>,
    /// "active" (the default) or "inactive".
    #[serde(default)]
    #[schema(example = "active")]
    status: String,
    /// Numbers whose monthly fee the plan pays, 0 (the default) to 100.
    #[serde(default, rename = "includedNumbers")]
    #[schema(value_type = NumberOrText, example = 1)]
    included_numbers: crate::json::NumberText,
    /// IVR flows whose monthly fee the plan pays, 0 (the default) to 100.
    #[serde(default, rename = "ivrFlows")]
    #[schema(value_type = NumberOrText, example = 0)]
    ivr_flows: crate::json::NumberText,
    /// What the plan's IVR flows may contain: "basic" (the default), "advanced" or
    /// "premium".
    #[serde(default, rename = "ivrLevel")]
    #[schema(example = "basic")]
    ivr_level: String,
    /// "email" (the default) or "priority".
    #[serde(default)]
    #[schema(example = "email")]
    support: String,
    /// Shown as MOST POPULAR.
    #[serde(default)]
    popular: bool,
}

/// The form checked by core: the package's fields, the plan's, and for a plan on sale
/// its price against the lowest pay-as-you-go rate its minutes replace.
async fn validate(conn: &mut AnyConnection, req: PackageRequest) -> Result<Checked> {
    let input = PackageInput {
        name: req.name,
        minutes: req.minutes.0,
        price: req.price.0,
        validity: req.validity.0,
        features: req.features,
        status: req.status,
    };
    let plan = PlanInput {
        included_numbers: req.included_numbers.0,
        ivr_flows: req.ivr_flows.0,
        ivr_level: req.ivr_level,
        support: req.support,
    };
    let (valid, plan) = match (validate_package_form(&input), validate_plan_form(&plan)) {
        (Ok(valid), Ok(plan)) => (valid, plan),
        (a, b) => {
            let mut errors = a.err().unwrap_or_default();
            errors.extend(b.err().unwrap_or_default());
            return Err(Error::invalid(errors));
        }
    };
    let price = to_micros(valid.price).map_err(|e| Error::field("price", e.to_string()))?;
    if valid.status == "active" {
        if let Some(lowest) = repo::lowest_outbound_rate(&mut *conn).await? {
            check_price(price, valid.minutes, lowest).map_err(|m| Error::field("price", m))?;
        }
    }
    let features = serde_json::to_string(&valid.features).unwrap_or_else(|_| "[]".into());
    Ok(Checked {
        valid,
        plan,
        popular: req.popular,
        price,
        features,
    })
}

/// A checked form: the package, the plan's fields, its price in micro-dollars and its
/// features as the JSON text the table keeps.
struct Checked {
    valid: ValidPackage,
    plan: ValidPlan,
    popular: bool,
    price: i64,
    features: String,
}

impl Checked {
    fn fields(&self) -> PackageFields<'_> {
        PackageFields {
            name: &self.valid.name,
            minutes: self.valid.minutes,
            price_micros: self.price,
            validity_days: self.valid.validity_days,
            features: &self.features,
            status: &self.valid.status,
            included_numbers: self.plan.included_numbers,
            ivr_flows: self.plan.ivr_flows,
            ivr_level: &self.plan.ivr_level,
            support: &self.plan.support,
            popular: self.popular,
        }
    }
}

async fn load(conn: &mut AnyConnection, id: i64) -> Result<PackageView> {
    let row = repo::find(&mut *conn, id).await?;
    row.ok_or_else(|| Error::NotFound("No such package".into()))
}

/// The end of an audited change to a package: it read again, audited before and
/// after, committed.
async fn audited(
    tx: Transaction<'static, Any>,
    actor: i64,
    action: &str,
    id: i64,
    before: Option<&PackageView>,
) -> Result<PackageView> {
    audit::reread(tx, load, actor, action, "package", id, before).await
}

/// Creates a package.
#[utoipa::path(post, path = "/admin/packages", tag = "packages",
    request_body = PackageRequest,
    responses((status = 201, description = "The package created", body = PackageItem),
        Invalid, SignedIn, AdminOnly))]
pub async fn post_package(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(req): Json<PackageRequest>,
) -> Result<(StatusCode, axum::Json<PackageItem>)> {
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let form = validate(&mut tx, req).await?;
    let id = repo::insert(&mut *tx, form.fields(), now).await?;
    let created = audited(tx, admin.id, "package.create", id, None).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(PackageItem { item: created }),
    ))
}

/// Changes a package; clients keep what they bought.
#[utoipa::path(put, path = "/admin/packages/{id}", tag = "packages",
    params(("id" = i64, Path, description = "The package's id")),
    request_body = PackageRequest,
    responses((status = 200, description = "The package as changed", body = PackageItem),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn put_package(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(req): Json<PackageRequest>,
) -> Result<axum::Json<PackageItem>> {
    let mut tx = state.db.begin_write().await?;
    let form = validate(&mut tx, req).await?;
    let before = load(&mut tx, id).await?;
    repo::update(&mut *tx, id, form.fields(), now_ms()).await?;
    let after = audited(tx, admin.id, "package.update", id, Some(&before)).await?;
    Ok(axum::Json(PackageItem { item: after }))
}

/// Deletes a package, or deactivates it while clients still use it.
// Their minutes stay theirs until expiry.
#[utoipa::path(delete, path = "/admin/packages/{id}", tag = "packages",
    params(("id" = i64, Path, description = "The package's id")),
    responses((status = 200, description = "Deleted, or deactivated", body = PackageRemoved),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn delete_package(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<PackageRemoved>> {
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    let subscribers = before.subscribers.unwrap_or(0);
    let (deleted, message) = if subscribers > 0 {
        repo::deactivate(&mut *tx, id, now_ms()).await?;
        audited(tx, admin.id, "package.deactivate", id, Some(&before)).await?;
        (false, format!("{subscribers} clients still use this package, so it was deactivated instead of deleted: it is no longer sold."))
    } else {
        repo::delete(&mut *tx, id).await?;
        let entry = audit::Entry::of(
            admin.id,
            "package.delete",
            "package",
            id,
            Some(&before),
            None,
        );
        audit::commit(tx, entry).await?;
        (true, "Package deleted".to_string())
    };
    Ok(axum::Json(PackageRemoved { deleted, message }))
}
