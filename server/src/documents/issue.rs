//! Issuing documents: a receipt in the transaction that credits a payment, and each
//! account's statement once its month is over (the background job).

use super::content::{Content, Party, Receipt};
use super::repo::{self, NewDocument};
use crate::db::iso;
use crate::state::AppState;
use dialtone_core::statement::{self, Line};
use sqlx::AnyConnection;

pub const RECEIPTS: &str = "RC";
pub const STATEMENTS: &str = "ST";

/// The provider's details, from the platform settings an administrator keeps.
pub async fn provider(conn: &mut AnyConnection) -> sqlx::Result<Party> {
    let map: std::collections::HashMap<String, String> = crate::settings::repo::all(&mut *conn)
        .await?
        .into_iter()
        .collect();
    let get = |k: &str| map.get(k).cloned().unwrap_or_default();
    let name = get("provider_legal_name");
    Ok(Party {
        name: if name.is_empty() {
            "Dialtone".into()
        } else {
            name
        },
        address: get("provider_address"),
        tax_id: get("provider_tax_id"),
        email: get("provider_email"),
    })
}

/// The customer's details: their billing profile, else their account's name and e-mail.
pub async fn customer(conn: &mut AnyConnection, user_id: i64) -> sqlx::Result<Party> {
    let user = crate::users::repo::find_by_id(&mut *conn, user_id).await?;
    let (name, email) = user.map(|u| (u.name, u.email)).unwrap_or_default();
    let profile = repo::profile(&mut *conn, user_id)
        .await?
        .unwrap_or_default();
    let or = |given: String, fallback: &str| match given.trim().is_empty() {
        true => fallback.to_string(),
        false => given,
    };
    Ok(Party {
        name: or(profile.0, &name),
        address: profile.1,
        tax_id: profile.2,
        email: or(profile.3, &email),
    })
}

/// A receipt for a payment just credited, in the crediting transaction.
pub async fn receipt(
    conn: &mut AnyConnection,
    payment_id: i64,
    user_id: i64,
    amount: i64,
    description: &str,
    reference: &str,
    now: i64,
) -> anyhow::Result<i64> {
    let number = repo::next_number(&mut *conn, RECEIPTS).await?;
    let content = Content {
        title: "Receipt".into(),
        number: statement::document_number(RECEIPTS, number),
        issued_at: iso(now),
        provider: provider(&mut *conn).await?,
        customer: customer(&mut *conn, user_id).await?,
        period: None,
        receipt: Some(Receipt {
            description: description.into(),
            amount,
            reference: reference.into(),
        }),
        statement: None,
    };
    let json = serde_json::to_string(&content)?;
    let doc = NewDocument {
        user_id,
        kind: "receipt",
        series: RECEIPTS,
        number,
        payment_id: Some(payment_id),
        period: None,
        total: amount,
        content: &json,
        issued_at: now,
    };
    Ok(repo::insert(&mut *conn, doc).await?)
}

/// What a group of ledger entries is called on a statement.
fn detail(kind: &str, direction: &str, country: &str, description: &str) -> String {
    let place = if country.is_empty() {
        "other destinations"
    } else {
        country
    };
    match (kind, direction) {
        ("call", "inbound") => format!("Inbound calls from {place}"),
        ("call", _) => format!("Outbound calls to {place}"),
        ("deposit", _) => description.to_string(),
        ("sms", _) => "Messages".into(),
        ("number_purchase", _) => "Number first months and setup fees".into(),
        ("number_renewal", _) => "Number renewals".into(),
        ("package_purchase", _) => "Plan purchases".into(),
        ("ivr_subscription", _) => "IVR flows".into(),
        ("refund", _) => "Refunds".into(),
        ("admin_credit", _) => "Credits by an administrator".into(),
        ("admin_debit", _) => "Debits by an administrator".into(),
        ("trial_credit", _) => "Free trial credit".into(),
        ("trial_expiry", _) => "Free trial credit expired".into(),
        (other, _) => other.replace('_', " "),
    }
}

/// Issues `user_id`'s statement for the month [start, end): whether it was issued now
/// (false when another instance issued it first).
pub async fn statement_for(
    state: &AppState,
    user_id: i64,
    (start, end): (i64, i64),
    label: &str,
    now: i64,
) -> anyhow::Result<bool> {
    let mut tx = state.db.begin_write().await?;
    let opening = repo::opening_balance(&mut *tx, user_id, start).await?;
    let closing = repo::opening_balance(&mut *tx, user_id, end).await?;
    let lines = repo::month_lines(&mut *tx, user_id, start, end)
        .await?
        .into_iter()
        .map(
            |(kind, direction, country, description, count, amount)| Line {
                detail: detail(&kind, &direction, &country, &description),
                kind,
                count,
                amount,
            },
        )
        .collect();
    let composed = statement::compose(opening, closing, lines)
        .map_err(|e| anyhow::anyhow!("user {user_id}, month from {start}: {e}"))?;
    let number = repo::next_number(&mut *tx, STATEMENTS).await?;
    let content = Content {
        title: "Statement".into(),
        number: statement::document_number(STATEMENTS, number),
        issued_at: iso(now),
        provider: provider(&mut tx).await?,
        customer: customer(&mut tx, user_id).await?,
        period: Some(label.into()),
        receipt: None,
        statement: Some(composed),
    };
    let json = serde_json::to_string(&content)?;
    let doc = NewDocument {
        user_id,
        kind: "statement",
        series: STATEMENTS,
        number,
        payment_id: None,
        period: Some((start, end)),
        total: closing,
        content: &json,
        issued_at: now,
    };
    match repo::insert(&mut *tx, doc).await {
        Ok(_) => {
            tx.commit().await?;
            Ok(true)
        }
        // Another instance issued it first: the unique period refuses this one, and
        // the rollback gives the number back.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e.into()),
    }
}
