//! Auto-recharge (issue 46): GET/PUT /api/payment/auto-recharge, and the job that
//! charges the saved card once per crossing of the threshold. Core decides
//! (`recharge::next_step`); a conditional claim makes the decision once across
//! instances; `charge` talks to the provider.

pub mod charge;
pub mod repo;

use crate::auth::AuthUser;
use crate::db::now_ms;
use crate::error::{Error, Result};
use crate::extract::{Json, With};
use crate::json::Money;
use crate::openapi::responses::{Invalid, SignedIn};
use crate::payments::cards::repo as cards;
use crate::state::AppState;
use charge::Claimed;
use dialtone_core::dates::month_start_ms;
use dialtone_core::recharge::{self as rule, Facts, RechargeInput, Step};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An account's auto-recharge, as the Billing page shows it.
#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct AutoRecharge {
    pub enabled: bool,
    /// Null until the customer has saved settings.
    pub threshold: Option<Money>,
    pub amount: Option<Money>,
    pub monthly_max: Option<Money>,
    /// Charged or under way this calendar month (UTC).
    pub recharged_this_month: Money,
    /// Why it was turned off, when Dialtone turned it off (declines, card removed).
    pub off_reason: Option<String>,
    /// When a declined card is tried again.
    pub retry_at: Option<String>,
    /// A recharge waiting for the customer to confirm it with their bank.
    pub awaiting_confirmation: Option<Awaiting>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Awaiting {
    pub amount: Money,
    /// For /client/payment/{clientSecret}, where the customer confirms it.
    pub client_secret: String,
}

async fn view(state: &AppState, user_id: i64) -> Result<AutoRecharge> {
    let pool = &state.db.pool;
    let awaiting = repo::awaiting(pool, user_id)
        .await?
        .map(|(amount, secret)| Awaiting {
            amount: Money::micros(amount),
            client_secret: secret,
        });
    let Some(row) = repo::find(pool, user_id, month_start_ms(now_ms())).await? else {
        return Ok(AutoRecharge {
            recharged_this_month: Money::micros(0),
            awaiting_confirmation: awaiting,
            ..Default::default()
        });
    };
    Ok(AutoRecharge {
        enabled: row.enabled == 1,
        threshold: Some(Money::micros(row.threshold_micros)),
        amount: Some(Money::micros(row.amount_micros)),
        monthly_max: Some(Money::micros(row.monthly_max_micros)),
        recharged_this_month: Money::micros(row.recharged),
        retry_at: (row.phase == "retry" && row.enabled == 1)
            .then(|| row.retry_at.map(crate::db::iso))
            .flatten(),
        off_reason: row.off_reason,
        awaiting_confirmation: awaiting,
    })
}

/// The account's auto-recharge.
#[utoipa::path(get, path = "/payment/auto-recharge", tag = "payments",
    responses((status = 200, description = "The settings and where they stand", body = AutoRecharge), SignedIn))]
pub async fn get_auto_recharge(
    With(state, auth): With<AuthUser>,
) -> Result<axum::Json<AutoRecharge>> {
    Ok(axum::Json(view(&state, auth.user.id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoRechargeRequest {
    /// On or off; turning it on needs a saved card.
    #[serde(default)]
    pub enabled: bool,
    #[serde(flatten)]
    pub settings: RechargeInput,
}

/// Sets the account's auto-recharge: "when the available balance falls below
/// `threshold`, add `amount`", at most `monthlyMax` a calendar month.
#[utoipa::path(put, path = "/payment/auto-recharge", tag = "payments",
    request_body = AutoRechargeRequest,
    responses((status = 200, description = "Saved", body = AutoRecharge), Invalid, SignedIn))]
pub async fn put_auto_recharge(
    With(state, auth): With<AuthUser>,
    Json(req): Json<AutoRechargeRequest>,
) -> Result<axum::Json<AutoRecharge>> {
    let max = crate::settings::load(&state.db.pool)
        .await?
        .max_deposit_micros;
    let settings = rule::parse(&req.settings, max).map_err(Error::invalid)?;
    let user_id = auth.user.id;
    let mut tx = state.db.begin_write().await?;
    if req.enabled && cards::find(&mut *tx, user_id).await?.is_none() {
        return Err(Error::bad_request(
            "Save a card first: auto-recharge charges your saved card",
        ));
    }
    repo::save(&mut *tx, user_id, req.enabled, &settings, now_ms()).await?;
    let after = serde_json::json!({ "enabled": req.enabled, "settings": settings });
    let entry = crate::audit::Entry::by(
        user_id,
        "billing.auto_recharge",
        "user",
        user_id,
        None,
        Some(after),
    );
    crate::audit::commit(tx, entry).await?;
    Ok(axum::Json(view(&state, user_id).await?))
}

/// After money came in: re-arms the account's auto-recharge when core says the
/// balance is back at or above the threshold (in the caller's transaction).
pub async fn rearm_after_credit(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    now: i64,
) -> sqlx::Result<()> {
    let month_start = month_start_ms(now);
    let Some(row) = repo::find(&mut *conn, user_id, month_start).await? else {
        return Ok(());
    };
    if row.enabled == 1 && rule::next_step(&facts(&row, now, month_start)) == Step::Rearm {
        repo::rearm(&mut *conn, user_id, row.claims, now).await?;
    }
    Ok(())
}

fn facts(row: &repo::Row, now: i64, month_start: i64) -> Facts {
    Facts {
        settings: row.settings(),
        phase: row.phase(),
        available: row.available,
        recharged_this_month: row.recharged,
        in_flight: row.in_flight > 0,
        now,
        month_start,
    }
}

/// Every account's auto-recharge that is due, once (the background job): charges
/// claimed recharges, records capped months, re-arms, and sends stuck charges again.
/// The number of charges made.
pub async fn run_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let month_start = month_start_ms(now);
    let mut charged = 0;
    for row in repo::due(&state.db.pool, month_start, now).await? {
        let step_now = rule::next_step(&facts(&row, now, month_start));
        charged += step(state, &row, step_now, month_start, now).await? as u64;
    }
    charged += resume_stuck(state, now).await?;
    Ok(charged)
}

async fn step(
    state: &AppState,
    row: &repo::Row,
    step: Step,
    month_start: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let pool = &state.db.pool;
    match step {
        Step::Wait => Ok(false),
        Step::Rearm => {
            repo::rearm(pool, row.user_id, row.claims, now).await?;
            Ok(false)
        }
        Step::MonthlyMaxReached => {
            if repo::cap(pool, row.user_id, row.claims, &row.phase, month_start, now).await? {
                let message = format!(
                    "Auto-recharge reached its monthly maximum of {}: your balance is below \
                     your threshold and will not be topped up again this month. Add funds, \
                     or raise the maximum on the Billing page.",
                    dialtone_core::money::format_micros(row.monthly_max_micros)
                );
                let title = "Auto-recharge paused for this month";
                crate::notifications::notify(pool, row.user_id, "deposit", title, &message).await?;
                crate::notifications::mail_if_opted_in(state, row.user_id, title, &message).await?;
            }
            Ok(false)
        }
        Step::Charge { amount } => claim_and_charge(state, row, amount, now).await,
    }
}

async fn claim_and_charge(
    state: &AppState,
    row: &repo::Row,
    amount: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let Some(card) = cards::find(&state.db.pool, row.user_id).await? else {
        repo::turn_off(&state.db.pool, row.user_id, "No saved card", now).await?;
        return Ok(false);
    };
    let claim = row.claims + 1;
    let key = format!("dialtone-recharge-{}-{claim}", row.user_id);
    let mut tx = state.db.begin_write().await?;
    if !repo::claim(&mut *tx, row.user_id, row.claims, &row.phase, now).await? {
        return Ok(false);
    }
    let payment_id =
        repo::insert_payment(&mut *tx, row.user_id, &card.provider, amount, &key, now).await?;
    tx.commit().await?;
    tracing::info!(
        row.user_id,
        payment_id,
        amount,
        claim,
        "auto-recharge claimed"
    );
    let claimed = Claimed {
        now,
        payment_id,
        user_id: row.user_id,
        amount,
        claim,
        key,
    };
    charge::charge(state, &card, &claimed).await?;
    Ok(true)
}

/// A charge left `creating` for two minutes lost its answer (the instance stopped,
/// the network failed): it is sent again with its own key, which Stripe answers with
/// the first attempt's outcome instead of charging again.
async fn resume_stuck(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let before = now - 120_000;
    let mut resumed = 0;
    for (payment_id, user_id, amount, key) in repo::stuck(&state.db.pool, before).await? {
        let claim = key
            .rsplit('-')
            .next()
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        let card = cards::find(&state.db.pool, user_id).await?;
        let Some(card) = card.filter(|c| c.provider != "sandbox") else {
            continue;
        };
        if !repo::touch_stuck(&state.db.pool, payment_id, before, now).await? {
            continue;
        }
        let claimed = Claimed {
            now,
            payment_id,
            user_id,
            amount,
            claim,
            key,
        };
        charge::charge(state, &card, &claimed).await?;
        resumed += 1;
    }
    Ok(resumed)
}
