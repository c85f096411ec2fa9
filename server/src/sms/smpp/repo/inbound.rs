//! Messages the SMSC delivers to our numbers, and the parts of long ones until all
//! have arrived.

statements! {
    /// The owner, id, SmsUrl and SmsMethod of an active number, if `number` is one.
    pub fn active_number(number: &str) -> optional((i64, i64, Option<String>, String)) =
        "SELECT owner_id, id, sms_url, sms_method FROM phone_numbers \
         WHERE number = $1 AND status = 'active' AND owner_id IS NOT NULL";
}

pub struct Inbound<'a> {
    pub user_id: i64,
    pub number_id: i64,
    pub from: &'a str,
    pub to: &'a str,
    pub body: &'a str,
    pub segments: i64,
    pub now: i64,
}

statements! {
    pub fn insert_inbound(m: Inbound<'_>) -> scalar_one(i64) =
        "INSERT INTO sms_inbound (user_id, number_id, from_number, to_number, body, segments, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        (m.user_id, m.number_id, m.from, m.to, m.body, m.segments, m.now);
}

/// The parts of one long inbound message: who sent it to whom, its reference and
/// how many parts it has.
pub struct PartKey<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub reference: i64,
    pub total: i64,
}

statements! {
    /// Keeps one part (a part delivered again is kept once).
    pub fn insert_inbound_part(k: &PartKey<'_>, part: i64, body: &str, now: i64) -> run() =
        "INSERT INTO sms_inbound_parts (from_number, to_number, reference, total, part, body, received_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (from_number, to_number, reference, total, part) DO NOTHING",
        (k.from, k.to, k.reference, k.total, part, body, now);

    /// The texts of the parts that have arrived, in part order.
    pub fn inbound_parts(k: &PartKey<'_>) -> scalar_all(String) =
        "SELECT body FROM sms_inbound_parts \
         WHERE from_number = $1 AND to_number = $2 AND reference = $3 AND total = $4 ORDER BY part",
        (k.from, k.to, k.reference, k.total);

    pub fn delete_inbound_parts(k: &PartKey<'_>) -> run() =
        "DELETE FROM sms_inbound_parts \
         WHERE from_number = $1 AND to_number = $2 AND reference = $3 AND total = $4",
        (k.from, k.to, k.reference, k.total);

    /// Forgets parts received before `before` whose message never completed.
    pub fn forget_inbound_parts(before: i64) -> run() =
        "DELETE FROM sms_inbound_parts WHERE received_at < $1";
}
