//! Conversations: the messages a customer's numbers sent (sms_messages) and received
//! (sms_inbound), read together by number and the other party.

use crate::db::Exec;
use sqlx::{FromRow, Row};

/// Both directions of a user's messages as one list: their number, the other party.
const BOTH: &str = "SELECT id, from_number AS number, to_number AS contact, body, created_at AS at, \
       'outbound' AS direction, status FROM sms_messages WHERE user_id = $1 AND from_number IS NOT NULL AND purpose <> 'verification' \
     UNION ALL \
     SELECT id, to_number, from_number, body, created_at, 'inbound', 'received' FROM sms_inbound WHERE user_id = $1";

#[derive(sqlx::FromRow)]
pub struct Line {
    pub number: String,
    pub contact: String,
    pub body: String,
    pub at: i64,
    pub direction: String,
    pub status: String,
}

/// The latest message of each (number, contact) pair, newest conversation first, with
/// how many messages the pair has exchanged.
pub async fn latest<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    limit: i64,
) -> sqlx::Result<Vec<(Line, i64)>> {
    let rows = sqlx::query(&format!(
        "SELECT number, contact, body, at, direction, status, total FROM ( \
           SELECT m.*, ROW_NUMBER() OVER (PARTITION BY number, contact ORDER BY at DESC, id DESC) AS rn, \
             COUNT(*) OVER (PARTITION BY number, contact) AS total FROM ({BOTH}) m \
         ) t WHERE rn = 1 ORDER BY at DESC LIMIT $2"
    ))
    .bind(user_id)
    .bind(limit)
    .fetch_all(ex)
    .await?;
    rows.iter()
        .map(|r| Ok((Line::from_row(r)?, r.try_get::<i64, _>("total")?)))
        .collect()
}

/// The last `limit` messages between one of the user's numbers and a contact, oldest
/// first.
pub async fn thread<'e>(
    ex: impl Exec<'e>,
    user_id: i64,
    number: &str,
    contact: &str,
    limit: i64,
) -> sqlx::Result<Vec<Line>> {
    sqlx::query_as(&format!(
        "SELECT * FROM (SELECT * FROM ({BOTH}) m WHERE number = $2 AND contact = $3 \
         ORDER BY at DESC, id DESC LIMIT $4) t ORDER BY at, id"
    ))
    .bind(user_id)
    .bind(number)
    .bind(contact)
    .bind(limit)
    .fetch_all(ex)
    .await
}
