use super::PackageView;
use crate::auth::AuthUser;
use crate::db::{is_unique_violation, iso, now_ms};
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::shop::{idempotency_key, insufficient};
use crate::openapi::responses::{Conflict, Insufficient, Invalid, NotFound, SignedIn};
use crate::settings::DAY_MS;
use crate::state::AppState;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Catalogue {
    pub packages: Vec<PackageView>,
}

/// The packages on sale.
#[utoipa::path(get, path = "/api/packages", tag = "packages", security(("bearer" = [])),
    responses((status = 200, description = "The active packages, in display order", body = Catalogue),
        SignedIn))]
pub async fn list_packages(
    State(state): State<AppState>,
    _auth: AuthUser,
) -> Result<axum::Json<Catalogue>> {
    let rows = sqlx::query(
        "SELECT id, name, minutes, price_micros, validity_days, features, status FROM packages WHERE status = 'active' ORDER BY sort_order, id",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let packages = rows
        .iter()
        .map(super::view)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(Catalogue { packages }))
}

const MINE: &str = "id, name, minutes, seconds_remaining, status, purchased_at, expires_at";

/// Section 3's package owned by a client.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnedPackage {
    /// The purchase's id.
    pub id: i64,
    pub name: String,
    pub minutes: i64,
    /// Whole minutes left; a started minute is not a minute left.
    pub remaining_minutes: i64,
    /// "active", "used" or "expired".
    #[schema(example = "active")]
    pub status: String,
    pub purchase_date: String,
    pub expiry_date: String,
}

fn mine(r: &AnyRow) -> Result<OwnedPackage, sqlx::Error> {
    Ok(OwnedPackage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        minutes: r.try_get("minutes")?,
        remaining_minutes: r.try_get::<i64, _>("seconds_remaining")? / 60,
        status: r.try_get("status")?,
        purchase_date: iso(r.try_get("purchased_at")?),
        expiry_date: iso(r.try_get("expires_at")?),
    })
}

#[derive(Serialize, ToSchema)]
pub struct OwnedPackages {
    /// Active first, then by expiry, newest first (at most 200).
    pub packages: Vec<OwnedPackage>,
}

/// The signed-in user's packages.
#[utoipa::path(get, path = "/api/packages/mine", tag = "packages", security(("bearer" = [])),
    responses((status = 200, description = "The user's packages", body = OwnedPackages), SignedIn))]
pub async fn list_mine(
    State(state): State<AppState>,
    auth: AuthUser,
) -> Result<axum::Json<OwnedPackages>> {
    let rows = sqlx::query(&format!(
        "SELECT {MINE} FROM user_packages WHERE user_id = $1 ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, expires_at DESC LIMIT 200"
    ))
    .bind(auth.user.id)
    .fetch_all(&state.db.pool)
    .await?;
    let packages = rows.iter().map(mine).collect::<Result<Vec<_>, _>>()?;
    Ok(axum::Json(OwnedPackages { packages }))
}

#[derive(Serialize, ToSchema)]
pub struct Purchased {
    pub package: OwnedPackage,
    /// The balance after the purchase.
    pub balance: Money,
}

/// Buys a package with the balance.
#[utoipa::path(post, path = "/api/packages/{id}/purchase", tag = "packages",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The package's id"),
        ("Idempotency-Key" = Option<String>, Header,
            description = "Makes a retried purchase answer 409 instead of buying twice")),
    responses((status = 201, description = "The package bought", body = Purchased),
        Invalid, SignedIn, Insufficient, NotFound, Conflict))]
pub async fn post_purchase(
    State(state): State<AppState>,
    auth: AuthUser,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<(StatusCode, axum::Json<Purchased>)> {
    let user_id = auth.user.id;
    let reference = idempotency_key(&headers).map(|k| format!("package:{user_id}:{k}"));
    let pool = &state.db.pool;
    if let Some(reference) = &reference {
        let done: Option<i64> =
            sqlx::query_scalar("SELECT id FROM ledger_entries WHERE reference = $1")
                .bind(reference)
                .fetch_optional(pool)
                .await?;
        if done.is_some() {
            return Err(Error::Conflict("This purchase was already made".into()));
        }
    }
    let package = sqlx::query("SELECT id, name, minutes, price_micros, validity_days FROM packages WHERE id = $1 AND status = 'active'")
        .bind(id)
        .fetch_optional(pool)
        .await?
        .ok_or_else(|| Error::NotFound("This package is not on sale".into()))?;
    let (name, minutes, price, validity): (String, i64, i64, i64) = (
        package.try_get("name")?,
        package.try_get("minutes")?,
        package.try_get("price_micros")?,
        package.try_get("validity_days")?,
    );
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    let description = format!("{name} package ({minutes} minutes)");
    let posting = Posting {
        user_id,
        amount: -price,
        kind: Kind::PackagePurchase,
        description: &description,
        reference,
        actor_id: None,
    };
    match ledger::post(&mut tx, posting).await {
        Ok(_) => {}
        Err(PostError::InsufficientFunds { balance }) => {
            tx.rollback().await?;
            return Err(insufficient(price, balance));
        }
        // The same Idempotency-Key sent twice at once: the other one bought it.
        Err(PostError::Db(e)) if is_unique_violation(&e) => {
            return Err(Error::Conflict("This purchase was already made".into()))
        }
        Err(e) => return Err(e.into()),
    }
    let row = sqlx::query(&format!(
        "INSERT INTO user_packages (user_id, package_id, name, minutes, seconds_remaining, price_micros, purchased_at, expires_at, status) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active') RETURNING {MINE}"
    ))
    .bind(user_id)
    .bind(id)
    .bind(&name)
    .bind(minutes)
    .bind(minutes * 60)
    .bind(price)
    .bind(now)
    .bind(now + validity * DAY_MS)
    .fetch_one(&mut *tx)
    .await?;
    notify(
        &mut *tx,
        user_id,
        "purchase",
        "Package purchased",
        &format!("{name}: {minutes} minutes, valid {validity} days."),
    )
    .await?;
    let balance: i64 = sqlx::query_scalar("SELECT balance_micros FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(Purchased {
            package: mine(&row)?,
            balance: Money::micros(balance),
        }),
    ))
}
