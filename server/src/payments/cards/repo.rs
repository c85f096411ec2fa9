//! saved_cards: the one card an account keeps with the provider for auto-recharge.

#[derive(sqlx::FromRow, Clone)]
pub struct SavedCard {
    pub provider: String,
    pub customer_id: Option<String>,
    pub payment_method_id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    /// What the sandbox's test card does when charged: `succeed`, `decline` or
    /// `authenticate` (None with Stripe).
    pub sandbox_outcome: Option<String>,
}

pub struct NewCard {
    pub provider: &'static str,
    pub customer_id: Option<String>,
    pub payment_method_id: String,
    pub brand: &'static str,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub sandbox_outcome: Option<&'static str>,
}

const COLUMNS: &str = "provider, customer_id, payment_method_id, brand, last4, exp_month, \
    exp_year, sandbox_outcome";

statements! {
    /// The account's saved card.
    pub fn find(user_id: i64) -> optional(SavedCard) =
        &format!("SELECT {COLUMNS} FROM saved_cards WHERE user_id = $1");

    /// Forgets the account's card: whether it had one.
    pub fn delete(user_id: i64) -> changed_one() =
        "DELETE FROM saved_cards WHERE user_id = $1";

    /// The account's Stripe customer, once created.
    pub fn customer_of(user_id: i64) -> scalar_optional(Option<String>) =
        "SELECT stripe_customer_id FROM users WHERE id = $1";

    pub fn set_customer(user_id: i64, customer_id: &str) -> run() =
        "UPDATE users SET stripe_customer_id = $1 WHERE id = $2", (customer_id, user_id);
}

/// Saves `card` as the account's card, replacing any earlier one.
pub async fn save<'e>(
    ex: impl crate::db::Exec<'e>,
    user_id: i64,
    card: &NewCard,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO saved_cards (user_id, {COLUMNS}, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (user_id) DO UPDATE SET provider = excluded.provider, \
         customer_id = excluded.customer_id, payment_method_id = excluded.payment_method_id, \
         brand = excluded.brand, last4 = excluded.last4, exp_month = excluded.exp_month, \
         exp_year = excluded.exp_year, sandbox_outcome = excluded.sandbox_outcome, \
         created_at = excluded.created_at"
    ))
    .bind(user_id)
    .bind(card.provider)
    .bind(card.customer_id.as_deref())
    .bind(card.payment_method_id.as_str())
    .bind(card.brand)
    .bind(card.last4.as_str())
    .bind(card.exp_month)
    .bind(card.exp_year)
    .bind(card.sandbox_outcome)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(())
}
