//! What the account export reads: the account's numbers and messages as JSON rows
//! (its ledger and calls come from their own CSV exports).

use serde::Serialize;

#[derive(sqlx::FromRow, Serialize)]
pub struct NumberRow {
    pub number: String,
    pub status: String,
    pub purchased_at: Option<i64>,
    pub renews_at: Option<i64>,
}

#[derive(sqlx::FromRow, Serialize)]
pub struct MessageRow {
    pub id: i64,
    pub from_number: Option<String>,
    pub to_number: String,
    pub body: String,
    pub segments: i64,
    pub cost_micros: i64,
    pub status: String,
    pub created_at: i64,
}

statements! {
    pub fn numbers(user_id: i64) -> all(NumberRow) =
        "SELECT number, status, purchased_at, renews_at FROM phone_numbers WHERE owner_id = $1 ORDER BY id";

    /// The account's messages, oldest first (at most 100,000: an export is one file).
    pub fn messages(user_id: i64) -> all(MessageRow) =
        "SELECT id, from_number, to_number, body, segments, cost_micros, status, created_at \
         FROM sms_messages WHERE user_id = $1 AND purpose <> 'verification' ORDER BY id LIMIT 100000";

    /// The account's documents' ids.
    pub fn documents(user_id: i64) -> scalar_all(i64) =
        "SELECT id FROM documents WHERE user_id = $1 ORDER BY id";
}
