//! /api/admin/balances: every account's balance, and audited adjustments.

use super::history::{page_for, EntryView};
use super::post::{post, Kind, PostError, Posting};
use crate::audit;
use crate::auth::{AdminList, AdminUser};
use crate::error::{Error, Result};
use crate::extract::With;
use crate::extract::{Json, Path, Query};
use crate::json::Money;
use crate::openapi::responses::{AdminOnly, Invalid, NotFound, SignedIn};
use crate::paging::{like_pattern, Page, PageQuery};
use dialtone_core::money::{format_micros, from_micros, to_micros};
use dialtone_core::validation::{self as v, AdjustmentInput};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

/// A credit or debit of the balance: its size (never negative) and when it happened.
#[derive(Serialize, ToSchema)]
pub struct Movement {
    pub(super) amount: Money,
    pub(super) date: String,
}

/// Section 3's admin balance item.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceItem {
    pub(super) id: i64,
    pub(super) name: String,
    pub(super) email: String,
    pub(super) balance: Money,
    /// The latest credit, if any.
    pub(super) last_deposit: Option<Movement>,
    /// The latest debit, if any.
    pub(super) last_withdrawal: Option<Movement>,
    /// The account's status.
    #[schema(example = "active")]
    pub(super) status: String,
    /// Money held by calls in progress: not available to spend.
    pub(super) held: Money,
    /// What calls cost beyond what could be collected (0 normally).
    pub(super) uncollected: Money,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BalanceFilter {
    /// Part of the name or email, case-insensitive.
    #[serde(default)]
    #[param(required = false)]
    search: String,
}

/// Every account's balance with its latest credit and debit.
#[utoipa::path(get, path = "/admin/balances", tag = "balance",
    params(BalanceFilter, PageQuery),
    responses((status = 200, description = "A page of accounts", body = Page<BalanceItem>),
        Invalid, SignedIn, AdminOnly))]
pub async fn list_balances(
    With(state, AdminList { filter, page, .. }): With<AdminList<BalanceFilter>>,
) -> Result<axum::Json<Page<BalanceItem>>> {
    let pattern = like_pattern(&filter.search);
    let rows = super::repo::balances_page(&state.db.pool, &pattern, page).await?;
    Ok(axum::Json(rows))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustRequest {
    /// "credit" (Add Funds) or "debit" (Deduct Funds).
    #[serde(rename = "type")]
    #[schema(example = "credit")]
    direction: String,
    #[serde(flatten)]
    input: AdjustmentInput,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Adjusted {
    /// The balance after the adjustment.
    balance: Money,
    /// The ledger entry written.
    entry_id: i64,
    /// E.g. "$5.00 added".
    message: String,
}

/// Adds funds to, or deducts funds from, an account, with a reason for the audit log.
#[utoipa::path(post, path = "/admin/balances/{user_id}/adjust", tag = "balance",
    params(("user_id" = i64, Path, description = "The account's user id")),
    request_body = AdjustRequest,
    responses((status = 200, description = "The balance was adjusted", body = Adjusted),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn post_adjust(
    With(state, AdminUser(admin)): With<AdminUser>,
    Path(user_id): Path<i64>,
    Json(req): Json<AdjustRequest>,
) -> Result<axum::Json<Adjusted>> {
    let amount = v::validate_adjustment(&req.input).map_err(Error::invalid)?;
    let micros = to_micros(amount).map_err(|e| Error::field("amount", e.to_string()))?;
    let (signed, kind, verb) = match req.direction.as_str() {
        "credit" => (micros, Kind::AdminCredit, "added"),
        "debit" => (-micros, Kind::AdminDebit, "deducted"),
        _ => return Err(Error::field("type", "Type must be credit or debit")),
    };
    let reason = req.input.reason.trim();
    let description = format!("Funds {verb} by an administrator: {reason}");
    let mut tx = state.db.begin_write().await?;
    if signed > 0 {
        // Money an administrator adds is the customer's own (a bank transfer, a
        // goodwill credit): like a first deposit, it ends the free trial first.
        crate::trial::account::end(&mut tx, user_id, "converted").await?;
    }
    let posting = Posting {
        user_id,
        amount: signed,
        kind,
        description: &description,
        reference: None,
        actor_id: Some(admin.id),
    };
    let posted = match post(&mut tx, posting).await {
        Ok(p) => p,
        Err(PostError::InsufficientFunds { balance, .. }) => {
            return Err(Error::field(
                "amount",
                format!(
                    "Cannot deduct {}: the balance is only {}",
                    format_micros(micros),
                    format_micros(balance)
                ),
            ))
        }
        Err(e) => return Err(e.into()),
    };
    let entry = audit::Entry::by(
        admin.id,
        if signed > 0 {
            "balance.credit"
        } else {
            "balance.debit"
        },
        "user",
        user_id,
        Some(json!({ "balance": from_micros(posted.balance_after - signed).to_string() })),
        Some(
            json!({ "balance": from_micros(posted.balance_after).to_string(), "reason": reason, "ledgerEntry": posted.entry_id }),
        ),
    );
    audit::record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(axum::Json(Adjusted {
        balance: Money::micros(posted.balance_after),
        entry_id: posted.entry_id,
        message: format!("{} {verb}", format_micros(micros)),
    }))
}

/// One account's ledger, newest first.
#[utoipa::path(get, path = "/admin/balances/{user_id}/transactions", tag = "balance",
    params(("user_id" = i64, Path, description = "The account's user id"), PageQuery),
    responses((status = 200, description = "A page of ledger entries", body = Page<EntryView>),
        Invalid, SignedIn, AdminOnly, NotFound))]
pub async fn list_transactions(
    With(state, _admin): With<AdminUser>,
    Path(user_id): Path<i64>,
    Query(q): Query<PageQuery>,
) -> Result<axum::Json<Page<EntryView>>> {
    let exists = crate::users::repo::find_by_id(&state.db.pool, user_id).await?;
    if exists.is_none() {
        return Err(Error::NotFound("No such user".into()));
    }
    Ok(axum::Json(page_for(&state.db.pool, user_id, q).await?))
}
