//! The administrator's side of geo permissions: the default sets new accounts get,
//! the high-risk prefixes refused for everyone, and the customers' requests.

use super::repo;
use crate::audit;
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::{Json, Path, With};
use crate::openapi::responses::{AdminOnly, Conflict, Invalid, NotFound, SignedIn};
use crate::settings::repo as settings;
use crate::state::AppState;
use dialtone_core::permissions::{self as geo, Channel};
use dialtone_core::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The administrator's lists, as stored (space-separated).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lists {
    /// ISO 3166 codes new accounts may call, e.g. "CA GB US".
    pub voice_countries: String,
    /// ISO 3166 codes new accounts may text.
    pub sms_countries: String,
    /// Prefixes (digits with the country code) refused for every account, e.g. "252 8816".
    pub high_risk_prefixes: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingRequest {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub email: String,
    /// `voice` or `sms`.
    pub channel: String,
    pub country: String,
    pub note: String,
    pub created_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPermissions {
    #[serde(flatten)]
    pub lists: Lists,
    /// Requests waiting for an answer, oldest first (at most 200).
    pub requests: Vec<WaitingRequest>,
}

async fn lists(state: &AppState) -> Result<Lists> {
    let pool = &state.db.pool;
    let or_default = |stored: Option<String>| stored.unwrap_or_else(|| geo::initial(None, None));
    Ok(Lists {
        voice_countries: or_default(repo::setting(pool, repo::DEFAULT_VOICE_KEY).await?),
        sms_countries: or_default(repo::setting(pool, repo::DEFAULT_SMS_KEY).await?),
        high_risk_prefixes: repo::setting(pool, repo::HIGH_RISK_KEY)
            .await?
            .unwrap_or_default(),
    })
}

/// The default sets, the high-risk prefixes and the requests waiting.
#[utoipa::path(get, path = "/admin/permissions", tag = "admin",
    responses((status = 200, description = "Lists and waiting requests", body = AdminPermissions), SignedIn, AdminOnly))]
pub async fn get_admin(
    With(state, _admin): With<AdminUser>,
) -> Result<axum::Json<AdminPermissions>> {
    let requests = repo::waiting(&state.db.pool).await?;
    Ok(axum::Json(AdminPermissions {
        lists: lists(&state).await?,
        requests: requests
            .into_iter()
            .map(|r| WaitingRequest {
                id: r.id,
                user_id: r.user_id,
                name: r.name,
                email: r.email,
                channel: r.channel,
                country: r.country,
                note: r.note,
                created_at: iso(r.created_at),
            })
            .collect(),
    }))
}

/// The lists as typed, checked by core: each field's message where it is not valid.
fn parsed(input: &Lists) -> std::result::Result<Lists, FieldErrors> {
    let mut errors = FieldErrors::new();
    let mut take = |field: &str, r: std::result::Result<String, &str>| {
        r.unwrap_or_else(|m| {
            errors.insert(field.to_string(), m.to_string());
            String::new()
        })
    };
    let lists = Lists {
        voice_countries: take(
            "voiceCountries",
            geo::parse_countries(&input.voice_countries),
        ),
        sms_countries: take("smsCountries", geo::parse_countries(&input.sms_countries)),
        high_risk_prefixes: take(
            "highRiskPrefixes",
            geo::parse_prefixes(&input.high_risk_prefixes),
        ),
    };
    match errors.is_empty() {
        true => Ok(lists),
        false => Err(errors),
    }
}

/// Saves the default sets (for accounts created from now on) and the high-risk prefixes.
#[utoipa::path(put, path = "/admin/permissions", tag = "admin",
    request_body = Lists,
    responses((status = 200, description = "The lists as saved", body = Lists), Invalid, SignedIn, AdminOnly))]
pub async fn put_admin(
    With(state, AdminUser(admin)): With<AdminUser>,
    Json(input): Json<Lists>,
) -> Result<axum::Json<Lists>> {
    let lists_now = parsed(&input).map_err(Error::invalid)?;
    let before = lists(&state).await?;
    let mut tx = state.db.begin_write().await?;
    settings::put(
        &mut *tx,
        repo::DEFAULT_VOICE_KEY,
        &lists_now.voice_countries,
    )
    .await?;
    settings::put(&mut *tx, repo::DEFAULT_SMS_KEY, &lists_now.sms_countries).await?;
    settings::put(&mut *tx, repo::HIGH_RISK_KEY, &lists_now.high_risk_prefixes).await?;
    let entry = audit::Entry::of(
        admin.id,
        "permissions.update",
        "settings",
        "permissions",
        Some(&before),
        Some(&lists_now),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    state.guard_settings.invalidate();
    Ok(axum::Json(lists_now))
}

#[derive(Deserialize, ToSchema)]
pub struct Decision {
    /// true grants the country to the account; false declines.
    pub approve: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Decided {
    pub message: String,
}

/// Grants a customer's request (the country joins the account's set) or declines it;
/// the customer is notified either way.
#[utoipa::path(post, path = "/admin/permissions/requests/{id}", tag = "admin",
    params(("id" = i64, Path, description = "The request")),
    request_body = Decision,
    responses((status = 200, description = "Answered", body = Decided), SignedIn, AdminOnly, NotFound,
        Conflict))]
pub async fn post_decision(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
    Json(d): Json<Decision>,
) -> Result<axum::Json<Decided>> {
    let mut tx = state.db.begin_write().await?;
    let r = repo::find_request(&mut *tx, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such request".into()))?;
    let status = if d.approve { "approved" } else { "declined" };
    if !repo::decide(&mut *tx, id, status, admin.id, now_ms()).await? {
        return Err(Error::Conflict("This request was answered already".into()));
    }
    let channel = Channel::parse(&r.channel).unwrap_or(Channel::Voice);
    let what = match channel {
        Channel::Voice => "calls",
        Channel::Sms => "messages",
    };
    if d.approve {
        let geo_facts = repo::geo(&mut *tx, r.user_id).await?;
        let stored = geo_facts.as_ref().and_then(|g| g.countries(channel));
        let set = geo::with(stored, &r.country, true);
        repo::set_countries(&mut *tx, r.user_id, channel, &set).await?;
    }
    let (title, message) = match d.approve {
        true => (
            "Country enabled",
            format!("Your account may now place {what} to {}.", r.country),
        ),
        false => (
            "Country request declined",
            format!(
                "Your request to reach {} by {what} was declined.",
                r.country
            ),
        ),
    };
    crate::notifications::notify(&mut *tx, r.user_id, "permissions", title, &message).await?;
    let after = serde_json::json!({ "status": status, "channel": r.channel, "country": r.country, "userId": r.user_id });
    let entry = audit::Entry::by(
        admin.id,
        "permissions.request",
        "permission_request",
        id,
        None,
        Some(after),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(Decided {
        message: format!("Request {status}"),
    }))
}
