//! /api/admin/settings: platform settings, used by the code that needs them on the
//! next request, on every instance; mail and payment configuration read-only.

use crate::audit;
use crate::auth::AdminUser;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, Invalid, SignedIn};
use crate::settings::{self, Settings};
use crate::state::AppState;
use dialtone_core::money::{from_micros, to_micros};
use dialtone_core::platform::{validate_settings, SettingsInput};
use serde::Serialize;
use utoipa::ToSchema;

/// The settings form's values, as text (amounts with two decimals).
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsValues {
    #[schema(example = "2.00")]
    pub setup_fee: String,
    #[schema(example = "7")]
    pub renewal_notice_days: String,
    #[schema(example = "5.00")]
    pub low_balance_threshold: String,
    #[schema(example = "3")]
    pub grace_period_days: String,
    #[schema(example = "1000.00")]
    pub max_deposit: String,
    /// Seconds.
    #[schema(example = "60")]
    pub default_first_increment: String,
    /// Seconds.
    #[schema(example = "60")]
    pub default_next_increment: String,
    /// Credit a new account's free trial starts with.
    #[schema(example = "1.00")]
    pub trial_credit: String,
    /// A call recording's price per started minute (to the micro-dollar).
    #[schema(example = "0.0025")]
    pub recording_rate: String,
}

fn values(s: &Settings) -> SettingsValues {
    let text = |m: i64| {
        let mut d = from_micros(m);
        d.rescale(2);
        d.to_string()
    };
    SettingsValues {
        setup_fee: text(s.setup_fee_micros),
        renewal_notice_days: s.renewal_notice_days.to_string(),
        low_balance_threshold: text(s.low_balance_micros),
        grace_period_days: s.grace_period_days.to_string(),
        max_deposit: text(s.max_deposit_micros),
        default_first_increment: s.default_first_increment_secs.to_string(),
        default_next_increment: s.default_next_increment_secs.to_string(),
        trial_credit: text(s.trial_credit_micros),
        recording_rate: from_micros(s.recording_rate_micros).normalize().to_string(),
    }
}

/// Mail, payments and SMS as configured outside the database (no secrets).
#[derive(Serialize, ToSchema)]
pub struct PlatformConfiguration {
    pub mail: MailConfiguration,
    pub payments: PaymentsConfiguration,
    pub sms: SmsConfiguration,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailConfiguration {
    /// `smtp` or `outbox`.
    #[schema(example = "outbox")]
    pub mode: String,
    /// `scheme://host:port` of the SMTP server, without credentials.
    pub smtp: Option<String>,
    pub from: String,
    pub support_email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsConfiguration {
    /// `stripe` or `sandbox`.
    #[schema(example = "sandbox")]
    pub provider: String,
    pub publishable_key: Option<String>,
    pub webhook_secret_set: bool,
    pub api_base: String,
}

#[derive(Serialize, ToSchema)]
pub struct SmsConfiguration {
    /// `loopback` or `http`.
    #[schema(example = "loopback")]
    pub provider: String,
    pub url: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SettingsPage {
    pub settings: SettingsValues,
    pub configuration: PlatformConfiguration,
}

#[derive(Serialize, ToSchema)]
pub struct SettingsSaved {
    pub settings: SettingsValues,
    pub message: String,
}

/// What is configured outside the database, with every secret left out.
fn configuration(state: &AppState) -> PlatformConfiguration {
    let c = &state.config;
    let smtp_host = c
        .smtp_url
        .as_deref()
        .and_then(|u| url::Url::parse(u).ok())
        .map(|u| {
            format!(
                "{}://{}:{}",
                u.scheme(),
                u.host_str().unwrap_or(""),
                u.port_or_known_default().unwrap_or(25)
            )
        });
    let mode = if smtp_host.is_some() {
        "smtp"
    } else {
        "outbox"
    };
    let provider = if c.stripe_secret_key.is_some() {
        "stripe"
    } else {
        "sandbox"
    };
    PlatformConfiguration {
        mail: MailConfiguration {
            mode: mode.into(),
            smtp: smtp_host,
            from: c.mail_from.clone(),
            support_email: c.support_email.clone(),
        },
        payments: PaymentsConfiguration {
            provider: provider.into(),
            publishable_key: c.stripe_publishable_key.clone(),
            webhook_secret_set: c.stripe_webhook_secret.is_some(),
            api_base: c.stripe_api_base.clone(),
        },
        sms: SmsConfiguration {
            provider: c.sms_provider.clone(),
            url: c.sms_http_url.clone(),
        },
    }
}

/// The platform settings, and the configuration read from the environment.
#[utoipa::path(get, path = "/admin/settings", tag = "admin",
    responses((status = 200, description = "Settings and configuration", body = SettingsPage),
        SignedIn, AdminOnly))]
pub async fn get_settings(With(state, _a): With<AdminUser>) -> Result<axum::Json<SettingsPage>> {
    let s = settings::load(&state.db.pool).await?;
    Ok(axum::Json(SettingsPage {
        settings: values(&s),
        configuration: configuration(&state),
    }))
}

/// Saves the platform settings (audited); they apply from the next request.
#[utoipa::path(put, path = "/admin/settings", tag = "admin",
    request_body = SettingsInput,
    responses((status = 200, description = "The saved settings", body = SettingsSaved),
        Invalid, SignedIn, AdminOnly))]
pub async fn put_settings(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(input): Json<SettingsInput>,
) -> Result<axum::Json<SettingsSaved>> {
    let v = validate_settings(&input).map_err(Error::invalid)?;
    let micros = |d| to_micros(d).map_err(|e| Error::bad_request(e.to_string()));
    let trial_credit = v.trial_credit.map(micros).transpose()?;
    let rows = [
        ("setup_fee_micros", micros(v.setup_fee)?),
        ("renewal_notice_days", v.renewal_notice_days),
        ("low_balance_micros", micros(v.low_balance_threshold)?),
        ("grace_period_days", v.grace_period_days),
        ("max_deposit_micros", micros(v.max_deposit)?),
        ("default_first_increment_secs", v.default_first_increment),
        ("default_next_increment_secs", v.default_next_increment),
    ];
    let mut tx = state.db.begin_write().await?;
    let before = audit_value(values(&settings::load(&mut *tx).await?))?;
    let trial_row = trial_credit.map(|m| ("trial_credit_micros", m));
    let recording_rate = v.recording_rate.map(micros).transpose()?;
    let recording_row = recording_rate.map(|m| ("recording_rate_micros", m));
    for (key, value) in rows.into_iter().chain(trial_row).chain(recording_row) {
        settings::repo::put(&mut *tx, key, &value.to_string()).await?;
    }
    let after = values(&settings::load(&mut *tx).await?);
    let entry = audit::Entry::by(
        admin.id,
        "settings.update",
        "settings",
        "platform",
        Some(before),
        Some(audit_value(after.clone())?),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(SettingsSaved {
        settings: after,
        message: "Settings saved".into(),
    }))
}

fn audit_value(v: SettingsValues) -> Result<serde_json::Value> {
    serde_json::to_value(v).map_err(|e| Error::Internal(e.into()))
}
