//! Rate decks (/api/admin/rate-decks): per-prefix price lists imported as CSV,
//! previewed against the deck in force, applied (effective at their date), listed
//! and exported. Calls are rated with the deck in force at their start
//! (`voice::destination::rated`, through `DeckCache`); without one, or for a
//! number no deck prefix covers, the per-country rates of Country Pricing apply.

mod cache;
mod export;
pub mod repo;
mod upload;

pub use cache::DeckCache;

use crate::audit;
use crate::auth::AdminUser;
use crate::db::{iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Path, Query};
use crate::openapi::responses::{AdminOnly, Conflict, ErrorBody, Invalid, NotFound, SignedIn};
use crate::state::AppState;
use axum::body::Body;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use dialtone_core::rates::deck::{validate_deck_name, DeckErrors, LineError};
use dialtone_core::rates::deck_diff::{diff_against, DeckDiff, RatesInForce};
use dialtone_core::rates::deck_schedule::{
    deck_in_force, deck_status, effective_ms, in_force_from,
};
use dialtone_core::rating::PrefixTable;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_decks, post_deck))
        .routes(routes!(delete_deck))
        .routes(routes!(get_preview))
        .routes(routes!(post_apply))
        .routes(routes!(export::get_export))
}

#[derive(OpenApi)]
#[openapi(paths(
    list_decks,
    post_deck,
    delete_deck,
    get_preview,
    post_apply,
    export::get_export
))]
pub struct ApiDoc;

/// A deck as the history lists it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateDeck {
    pub id: i64,
    pub name: String,
    /// YYYY-MM-DD.
    pub effective_from: String,
    /// `draft`, `scheduled`, `live` or `superseded`.
    #[schema(example = "live")]
    pub status: String,
    /// Prefixes in the deck.
    pub rows: i64,
    /// The administrator's email.
    pub created_by: Option<String>,
    pub created_at: String,
    pub applied_at: Option<String>,
    /// When it took or takes over rating (the later of its date and when applied).
    pub in_force_from: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RateDeckItem {
    pub item: RateDeck,
}

#[derive(Serialize, ToSchema)]
pub struct RateDeckList {
    /// Newest first.
    pub items: Vec<RateDeck>,
}

/// The deck live now, from the applied decks' schedule.
async fn live_now(state: &AppState) -> Result<Option<i64>> {
    let schedule = repo::schedule(&state.db.pool).await?;
    Ok(deck_in_force(&schedule, now_ms()))
}

fn view(d: repo::DeckRecord, live: Option<i64>) -> RateDeck {
    let status = deck_status(d.id, d.in_force_at, live, now_ms());
    RateDeck {
        id: d.id,
        name: d.name,
        effective_from: d.effective_from,
        status: serde_json::to_value(status)
            .ok()
            .and_then(|v| v.as_str().map(String::from))
            .unwrap_or_default(),
        rows: d.row_count,
        created_by: d.created_by,
        created_at: iso(d.created_at),
        applied_at: d.applied_at.map(iso),
        in_force_from: d.in_force_at.map(iso),
    }
}

async fn found(state: &AppState, id: i64) -> Result<repo::DeckRecord> {
    repo::find(&state.db.pool, id)
        .await?
        .ok_or_else(|| Error::NotFound("No such rate deck".into()))
}

/// The rate decks, newest first (the latest 200).
#[utoipa::path(get, path = "/admin/rate-decks", tag = "catalogue",
    responses((status = 200, description = "Decks with their status", body = RateDeckList),
        SignedIn, AdminOnly))]
async fn list_decks(With(state, _admin): With<AdminUser>) -> Result<axum::Json<RateDeckList>> {
    let live = live_now(&state).await?;
    let items = repo::list(&state.db.pool, 200).await?;
    Ok(axum::Json(RateDeckList {
        items: items.into_iter().map(|d| view(d, live)).collect(),
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadQuery {
    /// The deck's name, e.g. "Carrier A December".
    #[serde(default)]
    name: String,
}

/// A refused deck: every error with its line (the first 1,000), and how many in all;
/// or a refused name (`errors.name`, no line).
#[derive(Serialize, ToSchema)]
pub struct DeckRefused {
    pub message: String,
    pub errors: std::collections::BTreeMap<String, String>,
    pub lines: Vec<LineError>,
    pub total: usize,
}

fn refused(e: DeckErrors) -> Response {
    let message = match e.total {
        1 => "The deck has 1 error".to_string(),
        n => format!("The deck has {n} errors"),
    };
    let body = DeckRefused {
        message,
        errors: Default::default(),
        lines: e.errors,
        total: e.total,
    };
    (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
}

/// Uploads a deck as CSV (the body, streamed): a draft once every line is valid.
#[utoipa::path(post, path = "/admin/rate-decks", tag = "catalogue",
    params(UploadQuery),
    request_body(content = String, content_type = "text/csv",
        description = "prefix,destination,country,type,inbound,outbound,sms,first_increment,next_increment,effective_from"),
    responses((status = 201, description = "The draft deck", body = RateDeckItem),
        (status = 400, description = "Errors by line", body = DeckRefused),
        SignedIn, AdminOnly))]
async fn post_deck(
    With(state, AdminUser(admin)): With<AdminUser>,
    Query(q): Query<UploadQuery>,
    body: Body,
) -> Result<Response> {
    if let Err(message) = validate_deck_name(&q.name) {
        // The operation's one 400 shape: the name's error, and no line in error.
        let body = DeckRefused {
            message: message.into(),
            errors: [("name".to_string(), message.to_string())].into(),
            lines: Vec::new(),
            total: 0,
        };
        return Ok((StatusCode::BAD_REQUEST, axum::Json(body)).into_response());
    }
    let name = q.name.trim();
    let (deck_id, rows) = match upload::import(&state.db, name, admin.id, body).await? {
        upload::Outcome::Refused(errors) => return Ok(refused(errors)),
        upload::Outcome::Imported { deck_id, rows } => (deck_id, rows),
    };
    let entry = audit::Entry::by(
        admin.id,
        "rate_deck.upload",
        "rate_deck",
        deck_id,
        None,
        Some(serde_json::json!({ "name": name, "rows": rows })),
    );
    audit::record(&state.db.pool, entry).await?;
    let deck = view(found(&state, deck_id).await?, live_now(&state).await?);
    Ok((StatusCode::CREATED, axum::Json(RateDeckItem { item: deck })).into_response())
}

/// Deletes a draft deck, audited.
#[utoipa::path(delete, path = "/admin/rate-decks/{id}", tag = "catalogue",
    params(("id" = i64, Path, description = "The deck's id")),
    responses((status = 204, description = "Deleted"), SignedIn, AdminOnly, NotFound, Conflict))]
async fn delete_deck(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<StatusCode> {
    let deck = found(&state, id).await?;
    let mut tx = state.db.begin_write().await?;
    if deck.applied || !repo::delete_draft(&mut *tx, id).await? {
        return Err(Error::Conflict("An applied deck stays for history".into()));
    }
    let was = serde_json::json!({ "name": deck.name, "rows": deck.row_count });
    let entry = audit::Entry::by(
        admin.id,
        "rate_deck.delete",
        "rate_deck",
        id,
        Some(was),
        None,
    );
    audit::commit(tx, entry).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PreviewQuery {
    /// Rates moving by more than this percentage are flagged (default 10).
    #[serde(default)]
    threshold: Option<String>,
    /// Changes listed at most, flagged and others each (default 200, at most 1,000).
    #[serde(default)]
    limit: Option<usize>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeckPreview {
    pub deck: RateDeck,
    /// The deck in force now, which this one is compared with (none: every prefix is
    /// new, and compared with its country's rate in Country Pricing).
    pub against: Option<RateDeck>,
    pub threshold_percent: String,
    pub diff: DeckDiff,
}

/// What a deck changes against the deck in force now.
#[utoipa::path(get, path = "/admin/rate-decks/{id}/preview", tag = "catalogue",
    params(("id" = i64, Path, description = "The deck's id"), PreviewQuery),
    responses((status = 200, description = "Added, changed and removed prefixes", body = DeckPreview),
        Invalid, SignedIn, AdminOnly, NotFound))]
async fn get_preview(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
    Query(q): Query<PreviewQuery>,
) -> Result<axum::Json<DeckPreview>> {
    let threshold = q.threshold.unwrap_or_else(|| "10".into());
    let percent = dialtone_core::money::parse_amount(&threshold)
        .ok()
        .filter(|p| !p.is_sign_negative())
        .ok_or_else(|| Error::field("threshold", "Threshold must be a percentage, e.g. 10"))?;
    let limit = q.limit.unwrap_or(200).min(1000);
    let deck = found(&state, id).await?;
    let live = live_now(&state).await?;
    let against = match live.filter(|l| *l != id) {
        Some(l) => Some(found(&state, l).await?),
        None => None,
    };
    let new_rows = export::all_rows(&state.db.pool, &deck).await?;
    let old_rows = match &against {
        Some(a) => export::all_rows(&state.db.pool, a).await?,
        None => Vec::new(),
    };
    // A prefix the deck in force lacks is rated now by its country's rate.
    let mut countries = PrefixTable::new();
    for (prefix, inbound, outbound, sms) in repo::country_rates(&state.db.pool).await? {
        let rates = RatesInForce {
            inbound,
            outbound,
            sms,
        };
        countries.insert(&prefix, rates);
    }
    let in_force = |prefix: &str| countries.lookup(prefix).copied();
    let diff = diff_against(old_rows, new_rows, percent, limit, in_force);
    Ok(axum::Json(DeckPreview {
        deck: view(deck, live),
        against: against.map(|a| view(a, live)),
        threshold_percent: percent.normalize().to_string(),
        diff,
    }))
}

/// Applies a draft: it rates calls that start from its effective date on (or from
/// now, when that date has come), on every instance.
#[utoipa::path(post, path = "/admin/rate-decks/{id}/apply", tag = "catalogue",
    params(("id" = i64, Path, description = "The deck's id")),
    responses((status = 200, description = "The applied deck", body = RateDeckItem),
        (status = 409, description = "Applied already", body = ErrorBody),
        SignedIn, AdminOnly, NotFound))]
async fn post_apply(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<axum::Json<RateDeckItem>> {
    let deck = found(&state, id).await?;
    let now = now_ms();
    let effective = effective_ms(&deck.effective_from).unwrap_or(now);
    let mut tx = state.db.begin_write().await?;
    if !repo::apply(&mut *tx, id, admin.id, now, in_force_from(effective, now)).await? {
        return Err(Error::Conflict("This deck is applied already".into()));
    }
    let entry = audit::Entry::by(
        admin.id,
        "rate_deck.apply",
        "rate_deck",
        id,
        None,
        Some(serde_json::json!({ "name": deck.name, "effectiveFrom": deck.effective_from })),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    state.decks.invalidate();
    let deck = view(found(&state, id).await?, live_now(&state).await?);
    Ok(axum::Json(RateDeckItem { item: deck }))
}
