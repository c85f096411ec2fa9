//! /api/admin/phones: the number inventory, with audited actions.

use super::repo;
use crate::audit;
use crate::auth::{AdminList, AdminUser};
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path};
use crate::json::Money;
use crate::notifications::notify;
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn};
use crate::paging::{like_pattern, Page, PageQuery};
use crate::settings::add_months;
use axum::http::StatusCode;
use dialtone_core::inventory::{plan_check, validate_number_form, NumberInput};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Row, Transaction};
use utoipa::{IntoParams, ToSchema};

/// Section 3's admin phone number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPhone {
    pub id: i64,
    /// E.164, e.g. +4930123456.
    pub number: String,
    pub country: String,
    pub country_code: String,
    /// `mobile`, `landline` or `tollfree`.
    #[serde(rename = "type")]
    #[schema(example = "mobile")]
    pub number_type: String,
    /// `available`, `reserved`, `active`, `expired` or `inactive`.
    #[schema(example = "available")]
    pub status: String,
    /// The owner's email, if anyone holds it.
    pub assigned_to: Option<String>,
    pub monthly_fee: Money,
    pub purchase_date: Option<String>,
    pub added_date: String,
}

#[derive(Serialize, ToSchema)]
pub struct AdminPhoneItem {
    pub item: AdminPhone,
}

pub(super) fn item(r: &AnyRow) -> Result<AdminPhone, sqlx::Error> {
    Ok(AdminPhone {
        id: r.try_get("id")?,
        number: r.try_get("number")?,
        country: r.try_get("country")?,
        country_code: r.try_get("country_code")?,
        number_type: r.try_get("number_type")?,
        status: r.try_get("status")?,
        assigned_to: r.try_get("owner_email")?,
        monthly_fee: Money::micros(r.try_get("fee")?),
        purchase_date: r.try_get::<Option<i64>, _>("purchased_at")?.map(iso),
        added_date: iso(r.try_get("created_at")?),
    })
}

pub(super) async fn load(conn: &mut AnyConnection, id: i64) -> Result<AdminPhone> {
    repo::find_admin(&mut *conn, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such number".into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PhoneFilter {
    /// Part of the number, the country's name or the owner's email.
    #[serde(default)]
    #[param(required = false)]
    search: String,
    /// Only this type (`mobile`, `landline`, `tollfree`); empty for all.
    #[serde(default, rename = "type")]
    #[param(required = false)]
    number_type: String,
    /// Only this status (`available`, `active`, `expired`, `inactive`, ...); empty for all.
    #[serde(default)]
    #[param(required = false)]
    status: String,
}

/// The number inventory, filtered and paged.
#[utoipa::path(get, path = "/admin/phones", tag = "numbers",
    params(PhoneFilter, PageQuery),
    responses(
        (status = 200, description = "One page of numbers", body = Page<AdminPhone>),
        Invalid, SignedIn, AdminOnly,
    ))]
pub async fn list_phones(
    With(
        state,
        AdminList {
            filter: f, page, ..
        },
    ): With<AdminList<PhoneFilter>>,
) -> Result<axum::Json<Page<AdminPhone>>> {
    let pattern = like_pattern(&f.search);
    let rows = repo::page_admin(&state.db.pool, &pattern, &f.number_type, &f.status, page);
    Ok(axum::Json(rows.await?))
}

/// Core's `plan_check` on numbers added to `code`'s inventory as `number_type`.
pub(super) fn in_plan<'a>(
    field: &str,
    code: &str,
    number_type: &str,
    numbers: impl IntoIterator<Item = &'a String>,
) -> Result<()> {
    let code = dialtone_core::catalogue::country_code(code);
    let outside = numbers
        .into_iter()
        .find(|n| !crate::infra::regions::fits(n, &code, number_type));
    plan_check(field, number_type, outside.map(String::as_str)).map_err(Error::invalid)
}

pub(super) async fn country_id(conn: &mut AnyConnection, code: &str) -> Result<i64> {
    crate::catalogue::repo::id_by_code(&mut *conn, code)
        .await?
        .ok_or_else(|| Error::field("countryCode", "Unknown country"))
}

/// The end of an audited action on a number: it read again, audited before and
/// after, committed.
pub(super) async fn audited(
    tx: Transaction<'static, Any>,
    actor: i64,
    action: &str,
    id: i64,
    before: Option<&AdminPhone>,
) -> Result<AdminPhone> {
    audit::reread(tx, load, actor, action, "phone_number", id, before).await
}

/// Adds a number to the inventory.
#[utoipa::path(post, path = "/admin/phones", tag = "numbers",
    request_body = NumberInput,
    responses(
        (status = 201, description = "The new number, available", body = AdminPhoneItem),
        Invalid, SignedIn, AdminOnly, Conflict,
    ))]
pub async fn post_phone(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(input): Json<NumberInput>,
) -> Result<(StatusCode, axum::Json<AdminPhoneItem>)> {
    let number = validate_number_form(&input).map_err(Error::invalid)?;
    in_plan("number", &input.country_code, &input.number_type, [&number])?;
    let mut tx = state.db.begin_write().await?;
    let country = country_id(&mut tx, &input.country_code).await?;
    let now = now_ms();
    let id = repo::insert(&mut *tx, &number, country, &input.number_type, now)
        .await
        .map_err(|e| {
            Error::conflict_on_unique(e, format!("{number} is already in the inventory"))
        })?;
    let created = audited(tx, admin.id, "phone.create", id, None).await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(AdminPhoneItem { item: created }),
    ))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CountryChange {
    /// The ISO code of a country in the catalogue, e.g. DE.
    #[serde(default)]
    country_code: String,
}

/// Moves a number to another country of the catalogue.
#[utoipa::path(post, path = "/admin/phones/{id}/change-country", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    request_body = CountryChange,
    responses(
        (status = 200, description = "The number", body = AdminPhoneItem),
        Invalid, SignedIn, AdminOnly, NotFound,
    ))]
pub async fn post_change_country(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(req): Json<CountryChange>,
) -> Result<axum::Json<AdminPhoneItem>> {
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    let country = country_id(&mut tx, &req.country_code).await?;
    repo::set_country(&mut *tx, id, country, now_ms()).await?;
    let after = audited(tx, admin.id, "phone.change_country", id, Some(&before)).await?;
    Ok(axum::Json(AdminPhoneItem { item: after }))
}

#[derive(Deserialize, ToSchema)]
pub struct Reassign {
    /// The new owner's email; null or empty returns the number to inventory.
    #[serde(default)]
    email: Option<String>,
}

/// Gives the number to a user, or with no email returns it to inventory.
///
/// No charge: an administrator's decision, audited.
#[utoipa::path(post, path = "/admin/phones/{id}/reassign", tag = "numbers",
    params(("id" = i64, Path, description = "The number's id")),
    request_body = Reassign,
    responses(
        (status = 200, description = "The number", body = AdminPhoneItem),
        Invalid, SignedIn, AdminOnly,
        (status = 404, description = "No such number, or no user with that email",
            body = crate::openapi::responses::ErrorBody),
    ))]
pub async fn post_reassign(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(body): Json<serde_json::Map<String, serde_json::Value>>,
) -> Result<axum::Json<AdminPhoneItem>> {
    // An object only: the struct alone would also read `[]` as "no email".
    let req: Reassign = serde_json::from_value(body.into())
        .map_err(|e| Error::bad_request(format!("Invalid request body: {e}")))?;
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let before = load(&mut tx, id).await?;
    let email = req
        .email
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty());
    match email {
        None => {
            repo::release(&mut *tx, id, now).await?;
        }
        Some(email) => {
            let owner = crate::users::repo::find_by_email(&mut *tx, email)
                .await?
                .map(|u| u.id)
                .ok_or_else(|| Error::NotFound(format!("No user with the email {email}")))?;
            repo::assign(&mut *tx, id, owner, now, add_months(now, 1)).await?;
            let number = &before.number;
            notify(
                &mut *tx,
                owner,
                "purchase",
                "Number assigned",
                &format!("{number} was assigned to your account by our team."),
            )
            .await?;
        }
    }
    let after = audited(tx, admin.id, "phone.reassign", id, Some(&before)).await?;
    Ok(axum::Json(AdminPhoneItem { item: after }))
}
