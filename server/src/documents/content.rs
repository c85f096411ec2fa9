//! What a document says, frozen as JSON when it is issued: the parties as they were,
//! and the receipt's payment or the statement's month.

use dialtone_core::statement::Statement;
use serde::{Deserialize, Serialize};

/// A party to a document: the provider, or the customer.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Party {
    pub name: String,
    pub address: String,
    pub tax_id: String,
    pub email: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    /// "Deposit by card" or "Auto-recharge by card".
    pub description: String,
    pub amount: i64,
    /// The provider's payment reference (its PaymentIntent).
    pub reference: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    /// "Receipt" or "Statement".
    pub title: String,
    /// "RC-000042", "ST-000007".
    pub number: String,
    pub issued_at: String,
    pub provider: Party,
    pub customer: Party,
    /// The statement's month, e.g. "November 2026" (first and last day below).
    pub period: Option<String>,
    pub receipt: Option<Receipt>,
    pub statement: Option<Statement>,
}
