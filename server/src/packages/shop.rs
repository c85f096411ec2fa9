use super::repo;
use super::PackageView;
use crate::auth::AuthUser;
use crate::db::{is_unique_violation, now_ms};
use crate::error::{Error, Result};
use crate::extract::Path;
use crate::extract::With;
use crate::json::Money;
use crate::ledger::{self, Kind, PostError, Posting};
use crate::notifications::notify;
use crate::numbers::shop::{idempotency_key, insufficient};
use crate::openapi::responses::{Conflict, Insufficient, Invalid, NotFound, SignedIn};
use crate::settings::DAY_MS;
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Catalogue {
    pub packages: Vec<PackageView>,
}

/// The packages on sale.
#[utoipa::path(get, path = "/packages", tag = "packages",
    responses((status = 200, description = "The active packages, in display order", body = Catalogue),
        SignedIn))]
pub async fn list_packages(With(state, _auth): With<AuthUser>) -> Result<axum::Json<Catalogue>> {
    let (packages, _) = super::public::on_sale(&state).await?;
    Ok(axum::Json(Catalogue { packages }))
}

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
    /// The end of the current period: the plan renews then unless cancelled.
    pub expiry_date: String,
    /// Whether it renews at the end of the period (plans bought before plans renewed,
    /// and cancelled ones, do not).
    pub renews: bool,
}

#[derive(Serialize, ToSchema)]
pub struct OwnedPackages {
    /// Active first, then by expiry, newest first (at most 200).
    pub packages: Vec<OwnedPackage>,
}

/// The signed-in user's packages.
#[utoipa::path(get, path = "/packages/mine", tag = "packages",
    responses((status = 200, description = "The user's packages", body = OwnedPackages), SignedIn))]
pub async fn list_mine(With(state, auth): With<AuthUser>) -> Result<axum::Json<OwnedPackages>> {
    let packages = repo::list_owned(&state.db.pool, auth.user.id).await?;
    Ok(axum::Json(OwnedPackages { packages }))
}

#[derive(Serialize, ToSchema)]
pub struct Purchased {
    pub package: OwnedPackage,
    /// The balance after the purchase.
    pub balance: Money,
}

/// Buys a package with the balance.
#[utoipa::path(post, path = "/packages/{id}/purchase", tag = "packages",
    params(("id" = i64, Path, description = "The package's id"),
        ("Idempotency-Key" = Option<String>, Header,
            description = "Makes a retried purchase answer 409 instead of buying twice")),
    responses((status = 201, description = "The package bought", body = Purchased),
        Invalid, SignedIn, Insufficient, NotFound, Conflict))]
pub async fn post_purchase(
    With(state, auth): With<AuthUser>,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<(StatusCode, axum::Json<Purchased>)> {
    let user_id = auth.user.id;
    let reference = idempotency_key(&headers).map(|k| format!("package:{user_id}:{k}"));
    let pool = &state.db.pool;
    if let Some(reference) = &reference {
        if ledger::repo::reference_exists(pool, reference).await? {
            return Err(Error::Conflict("This purchase was already made".into()));
        }
    }
    let plan = repo::plans::find_on_sale(pool, id)
        .await?
        .ok_or_else(|| Error::NotFound("This package is not on sale".into()))?;
    let (name, minutes, price, validity) = (
        plan.name.clone(),
        plan.minutes,
        plan.price_micros,
        plan.validity_days,
    );
    let now = now_ms();
    let mut tx = state.db.begin_write().await?;
    crate::trial::check_purchase(&mut tx, user_id).await?;
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
        Err(PostError::InsufficientFunds { balance, .. }) => {
            tx.rollback().await?;
            return Err(insufficient(price, balance));
        }
        // The same Idempotency-Key sent twice at once: the other one bought it.
        Err(PostError::Db(e)) if is_unique_violation(&e) => {
            return Err(Error::Conflict("This purchase was already made".into()))
        }
        Err(e) => return Err(e.into()),
    }
    let bought = repo::NewOwned {
        user_id,
        package_id: id,
        name: &name,
        minutes,
        price_micros: price,
        purchased_at: now,
        expires_at: now + validity * DAY_MS,
        included_numbers: plan.included_numbers,
        ivr_flows: plan.ivr_flows,
        ivr_level: &plan.ivr_level,
    };
    let package = repo::insert_owned(&mut *tx, bought).await?;
    notify(
        &mut *tx,
        user_id,
        "purchase",
        "Package purchased",
        &format!(
            "{name}: {minutes} minutes, valid {validity} days. It renews then until you cancel it."
        ),
    )
    .await?;
    let balance: i64 = crate::users::repo::balance(&mut *tx, user_id).await?;
    tx.commit().await?;
    Ok((
        StatusCode::CREATED,
        axum::Json(Purchased {
            package,
            balance: Money::micros(balance),
        }),
    ))
}
