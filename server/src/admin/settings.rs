//! /api/admin/settings: platform settings, used by the code that needs them on the
//! next request, on every instance; mail and payment configuration read-only.

use crate::audit;
use crate::auth::AdminUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::Json;
use crate::settings::{self, Settings};
use crate::state::AppState;
use axum::extract::State;
use dialtone_core::money::{from_micros, to_micros};
use dialtone_core::platform::{validate_settings, SettingsInput};
use serde_json::{json, Value};

fn values(s: &Settings) -> Value {
    let text = |m: i64| {
        let mut d = from_micros(m);
        d.rescale(2);
        d.to_string()
    };
    json!({
        "setupFee": text(s.setup_fee_micros), "renewalNoticeDays": s.renewal_notice_days.to_string(),
        "lowBalanceThreshold": text(s.low_balance_micros), "gracePeriodDays": s.grace_period_days.to_string(),
        "maxDeposit": text(s.max_deposit_micros), "defaultFirstIncrement": s.default_first_increment_secs.to_string(),
        "defaultNextIncrement": s.default_next_increment_secs.to_string(),
    })
}

/// What is configured outside the database, with every secret left out.
fn configuration(state: &AppState) -> Value {
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
    json!({
        "mail": { "mode": if smtp_host.is_some() { "smtp" } else { "outbox" }, "smtp": smtp_host, "from": c.mail_from, "supportEmail": c.support_email },
        "payments": { "provider": if c.stripe_secret_key.is_some() { "stripe" } else { "sandbox" },
            "publishableKey": c.stripe_publishable_key, "webhookSecretSet": c.stripe_webhook_secret.is_some(), "apiBase": c.stripe_api_base },
        "sms": { "provider": c.sms_provider, "url": c.sms_http_url },
    })
}

pub async fn get_settings(
    State(state): State<AppState>,
    _a: AdminUser,
) -> Result<axum::Json<Value>> {
    let s = settings::load(&state.db.pool).await?;
    Ok(axum::Json(
        json!({ "settings": values(&s), "configuration": configuration(&state) }),
    ))
}

pub async fn put_settings(
    State(state): State<AppState>,
    AdminUser(admin): AdminUser,
    Json(input): Json<SettingsInput>,
) -> Result<axum::Json<Value>> {
    let v = validate_settings(&input).map_err(Error::invalid)?;
    let micros = |d| to_micros(d).map_err(|e| Error::bad_request(e.to_string()));
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
    let before = values(&settings::load(&mut *tx).await?);
    for (key, value) in rows {
        sqlx::query(
            "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )
        .bind(key)
        .bind(value.to_string())
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    }
    let after = values(&settings::load(&mut *tx).await?);
    let entry = audit::Entry {
        actor_id: admin.id,
        action: "settings.update",
        target_type: "settings",
        target_id: "platform".into(),
        before: Some(before),
        after: Some(after.clone()),
    };
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(
        json!({ "settings": after, "message": "Settings saved" }),
    ))
}
