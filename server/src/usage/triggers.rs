//! The job that fires usage triggers: each trigger's category is read for its period
//! (core decides the period and whether it fires); a trigger fires once per period,
//! claimed by a conditional UPDATE, with a signed callback, a notification and a mail.

use super::repo::{self, Trigger};
use crate::state::AppState;
use crate::webhooks::{sid, API_VERSION};
use dialtone_core::usage::{self, TriggerBy};

/// A time as Twilio's parameters write it.
fn rfc2822(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%a, %d %b %Y %H:%M:%S +0000")
        .to_string()
}

/// The URI of a trigger's usage record, as Twilio gives it in the callback.
pub fn record_uri(account_sid: &str, category: &str) -> String {
    format!("/{API_VERSION}/Accounts/{account_sid}/Usage/Records.json?Category={category}")
}

/// Fires the triggers that are due; the number fired.
pub async fn fire_due(state: &AppState, now: i64) -> anyhow::Result<u64> {
    let mut fired = 0;
    for t in repo::all_triggers(&state.db.pool).await? {
        let Some(period) = usage::period_start(&t.recurring, now) else {
            continue;
        };
        let by = TriggerBy::parse(&t.trigger_by).unwrap_or(TriggerBy::Usage);
        let totals = repo::totals(&state.db.pool, t.user_id, period, i64::MAX).await?;
        let Some(record) = usage::record(&t.usage_category, &totals) else {
            continue;
        };
        let value = usage::current(by, &record);
        if !usage::fires(t.value, value, t.fired_period, period) {
            if value != t.current_value {
                repo::set_current(&state.db.pool, t.id, value, now).await?;
            }
            continue;
        }
        if fire(state, &t, period, value, now).await? {
            fired += 1;
        }
    }
    Ok(fired)
}

fn shown(by: TriggerBy, value: i64) -> String {
    match by {
        TriggerBy::Price => dialtone_core::money::format_micros(value),
        _ => value.to_string(),
    }
}

async fn fire(
    state: &AppState,
    t: &Trigger,
    period: i64,
    value: i64,
    now: i64,
) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    if !repo::fire(&mut *tx, t.id, period, value, now).await? {
        return Ok(false);
    }
    let by = TriggerBy::parse(&t.trigger_by).unwrap_or(TriggerBy::Usage);
    let account_sid = repo::account_sid_of(&mut *tx, t.user_id)
        .await?
        .unwrap_or_default();
    let trigger_sid = sid("UT", t.id);
    let params = [
        ("AccountSid", account_sid.clone()),
        ("UsageTriggerSid", trigger_sid.clone()),
        ("DateFired", rfc2822(now)),
        ("Recurring", t.recurring.clone()),
        ("UsageCategory", t.usage_category.clone()),
        ("TriggerBy", t.trigger_by.clone()),
        ("TriggerValue", t.trigger_value.clone()),
        ("CurrentValue", shown_plain(by, value)),
        (
            "UsageRecordUri",
            record_uri(&account_sid, &t.usage_category),
        ),
        ("IdempotencyToken", format!("{trigger_sid}-{period}")),
    ];
    crate::webhooks::enqueue(
        &mut *tx,
        t.user_id,
        "usage.trigger",
        &t.callback_url,
        &params,
    )
    .await?;
    let name = if t.friendly_name.is_empty() {
        &t.usage_category
    } else {
        &t.friendly_name
    };
    let message = format!(
        "Your usage trigger \"{name}\" fired: {} reached {} (its value is {}).",
        t.usage_category,
        shown(by, value),
        shown(by, t.value)
    );
    crate::notifications::notify(
        &mut *tx,
        t.user_id,
        "usage",
        "Usage trigger fired",
        &message,
    )
    .await?;
    tx.commit().await?;
    crate::notifications::mail_if_opted_in(state, t.user_id, "Usage trigger fired", &message)
        .await?;
    Ok(true)
}

/// A value as Twilio's callback sends it: dollars for a price, else the number.
fn shown_plain(by: TriggerBy, value: i64) -> String {
    match by {
        TriggerBy::Price => dialtone_core::money::from_micros(value).to_string(),
        _ => value.to_string(),
    }
}

/// A trigger as asked for (Twilio's parameters, or the client area's form).
#[derive(Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TriggerForm {
    pub callback_url: String,
    /// GET or POST (the default).
    pub callback_method: String,
    pub usage_category: String,
    /// usage (the default), count or price.
    pub trigger_by: String,
    pub trigger_value: String,
    /// "", daily, monthly, yearly or alltime.
    pub recurring: String,
    pub friendly_name: String,
}

/// Which field a refusal is about (the API maps them to Twilio's codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    CallbackUrl,
    CallbackMethod,
    UsageCategory,
    TriggerBy,
    TriggerValue,
    Recurring,
    FriendlyName,
}

impl Field {
    /// The client area's name for it.
    pub fn form_name(self) -> &'static str {
        match self {
            Field::CallbackUrl => "callbackUrl",
            Field::CallbackMethod => "callbackMethod",
            Field::UsageCategory => "usageCategory",
            Field::TriggerBy => "triggerBy",
            Field::TriggerValue => "triggerValue",
            Field::Recurring => "recurring",
            Field::FriendlyName => "friendlyName",
        }
    }
}

/// A trigger's fields once checked.
pub struct Checked {
    pub callback_url: String,
    pub callback_method: String,
    pub trigger_by: TriggerBy,
    pub value: i64,
}

/// Checks a new trigger with core's rules: the first refusal, by field.
pub fn check(f: &TriggerForm) -> Result<Checked, (Field, String)> {
    use dialtone_core::api as rules;
    let callback_url = rules::validate_callback_url(&f.callback_url)
        .map_err(|m| (Field::CallbackUrl, m.to_string()))?
        .ok_or((Field::CallbackUrl, "CallbackUrl is required".to_string()))?;
    let callback_method = rules::validate_method(&f.callback_method)
        .map_err(|m| (Field::CallbackMethod, m.to_string()))?;
    let category = f.usage_category.trim();
    if !usage::CATEGORIES.contains(&category) {
        return Err((
            Field::UsageCategory,
            format!("UsageCategory {category} is not valid"),
        ));
    }
    let trigger_by = TriggerBy::parse(f.trigger_by.trim()).ok_or((
        Field::TriggerBy,
        "TriggerBy must be usage, count or price".to_string(),
    ))?;
    let value = usage::trigger_value(trigger_by, &f.trigger_value).ok_or((
        Field::TriggerValue,
        "TriggerValue must be a positive number (whole, unless TriggerBy is price)".to_string(),
    ))?;
    if usage::period_start(f.recurring.trim(), 0).is_none() {
        return Err((
            Field::Recurring,
            "Recurring must be daily, monthly, yearly or alltime".into(),
        ));
    }
    rules::validate_friendly_name(&f.friendly_name)
        .map_err(|m| (Field::FriendlyName, m.to_string()))?;
    Ok(Checked {
        callback_url,
        callback_method,
        trigger_by,
        value,
    })
}

/// An account keeps at most this many triggers (each is read by every run of the job).
pub const MAX_TRIGGERS: i64 = 100;

/// Creates a checked trigger for `user_id`: its id, or None at the account's limit.
pub async fn create(
    state: &AppState,
    user_id: i64,
    f: &TriggerForm,
    c: &Checked,
) -> sqlx::Result<Option<i64>> {
    let mut tx = state.db.begin_write().await?;
    // Counted under a lock of the owner's row, so concurrent creations stop at the limit.
    crate::users::repo::lock(&mut *tx, user_id).await?;
    if repo::count_triggers(&mut *tx, user_id).await? >= MAX_TRIGGERS {
        return Ok(None);
    }
    let name = f.friendly_name.trim();
    let new = repo::NewTrigger {
        friendly_name: name,
        usage_category: f.usage_category.trim(),
        trigger_by: c.trigger_by.name(),
        trigger_value: f.trigger_value.trim(),
        value: c.value,
        recurring: f.recurring.trim(),
        callback_url: &c.callback_url,
        callback_method: &c.callback_method,
    };
    let id = repo::insert_trigger(&mut *tx, user_id, &new, crate::db::now_ms()).await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// The refusal at the limit.
pub fn limit_message() -> String {
    format!("An account keeps at most {MAX_TRIGGERS} usage triggers: delete one first")
}
