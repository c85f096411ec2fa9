//! The customer's billing details, printed on their receipts and statements from the
//! next one issued (issued documents never change).

use super::content::Party;
use super::repo;
use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct BillingProfile {
    /// The company name on documents (empty: the account's name).
    pub company: String,
    pub address: String,
    /// VAT or tax id.
    pub tax_id: String,
    /// Where documents are mailed (empty: the account's e-mail).
    pub billing_email: String,
}

/// The account's billing details.
#[utoipa::path(get, path = "/billing/profile", tag = "billing",
    responses((status = 200, description = "The details", body = BillingProfile), SignedIn))]
pub async fn get_profile(With(state, auth): With<AuthUser>) -> Result<axum::Json<BillingProfile>> {
    let found = repo::profile(&state.db.pool, auth.user.id)
        .await?
        .unwrap_or_default();
    Ok(axum::Json(BillingProfile {
        company: found.0,
        address: found.1,
        tax_id: found.2,
        billing_email: found.3,
    }))
}

fn check(p: &BillingProfile) -> Result<()> {
    let mut errors = dialtone_core::FieldErrors::new();
    for (field, text, max) in [
        ("company", &p.company, 200),
        ("address", &p.address, 500),
        ("taxId", &p.tax_id, 50),
    ] {
        if text.chars().count() > max {
            errors.insert(field.into(), format!("At most {max} characters"));
        }
    }
    let email = p.billing_email.trim();
    if !email.is_empty() && !dialtone_core::email::is_basic_email(email) {
        errors.insert(
            "billingEmail".into(),
            dialtone_core::email::INVALID_EMAIL_MESSAGE.into(),
        );
    }
    Error::check(errors)
}

/// Sets the account's billing details.
#[utoipa::path(put, path = "/billing/profile", tag = "billing", request_body = BillingProfile,
    responses((status = 200, description = "Saved", body = BillingProfile), Invalid, SignedIn))]
pub async fn put_profile(
    With(state, auth): With<AuthUser>,
    Json(p): Json<BillingProfile>,
) -> Result<axum::Json<BillingProfile>> {
    check(&p)?;
    let party = Party {
        name: p.company.trim().into(),
        address: p.address.trim().into(),
        tax_id: p.tax_id.trim().into(),
        email: p.billing_email.trim().into(),
    };
    repo::save_profile(&state.db.pool, auth.user.id, &party, now_ms()).await?;
    get_profile(With(state, auth)).await
}

/// The provider's details printed on every document issued from now on.
#[derive(Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase", default)]
pub struct ProviderDetails {
    /// Legal name (empty: "Dialtone").
    pub legal_name: String,
    pub address: String,
    pub tax_id: String,
    /// Where customers write about their documents.
    pub email: String,
}

/// The provider's details for documents (administrators).
#[utoipa::path(get, path = "/admin/billing/provider", tag = "billing",
    responses((status = 200, description = "The details", body = ProviderDetails), SignedIn, AdminOnly))]
pub async fn get_provider(
    With(state, _admin): With<crate::auth::AdminUser>,
) -> Result<axum::Json<ProviderDetails>> {
    let mut conn = state.db.pool.acquire().await?;
    let p = super::issue::provider(&mut conn).await?;
    Ok(axum::Json(ProviderDetails {
        legal_name: p.name,
        address: p.address,
        tax_id: p.tax_id,
        email: p.email,
    }))
}

/// Sets the provider's details for documents (administrators, audited).
#[utoipa::path(put, path = "/admin/billing/provider", tag = "billing", request_body = ProviderDetails,
    responses((status = 200, description = "Saved", body = ProviderDetails), Invalid, SignedIn, AdminOnly))]
pub async fn put_provider(
    With(state, admin): With<crate::auth::AdminUser>,
    Json(p): Json<ProviderDetails>,
) -> Result<axum::Json<ProviderDetails>> {
    let as_profile = BillingProfile {
        company: p.legal_name.clone(),
        address: p.address.clone(),
        tax_id: p.tax_id.clone(),
        billing_email: p.email.clone(),
    };
    check(&as_profile)?;
    let mut tx = state.db.begin_write().await?;
    for (key, value) in [
        ("provider_legal_name", &p.legal_name),
        ("provider_address", &p.address),
        ("provider_tax_id", &p.tax_id),
        ("provider_email", &p.email),
    ] {
        crate::settings::repo::put(&mut *tx, key, value.trim()).await?;
    }
    let after = serde_json::to_value(&p).ok();
    let entry = crate::audit::Entry::by(
        admin.0.id,
        "billing.provider",
        "settings",
        "provider",
        None,
        after,
    );
    crate::audit::commit(tx, entry).await?;
    get_provider(With(state, admin)).await
}
