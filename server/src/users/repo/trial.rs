//! The users table's free-trial columns.

use crate::db::{one_row, Exec};

// The free trial's columns (trial_status, trial_ends_at, trial_credit_micros); the
// trial's rules and transitions live in `crate::trial`.

statements! {
    /// (status, ends_at, credit) of the user's trial.
    pub fn trial_columns(id: i64) -> one((Option<String>, Option<i64>, i64)) =
        "SELECT trial_status, trial_ends_at, trial_credit_micros FROM users WHERE id = $1";

    /// The number the user took as their trial number, if they ever took one.
    pub fn trial_number_of(id: i64) -> scalar_optional(i64) =
        "SELECT trial_number_id FROM users WHERE id = $1 AND trial_number_id IS NOT NULL";

    /// Records the user's trial number; false when they took one before (once, ever).
    pub fn take_trial_number(id: i64, number_id: i64) -> changed_one() =
        "UPDATE users SET trial_number_id = $1 WHERE id = $2 AND trial_number_id IS NULL",
        (number_id, id);

    pub fn start_trial(id: i64, ends_at: i64) -> run() =
        "UPDATE users SET trial_status = 'active', trial_ends_at = $1 WHERE id = $2", (ends_at, id);
}

/// Records the trial credit, once per account and only on an active trial (one
/// conditional statement); true when this call granted it.
pub async fn grant_trial_credit<'e>(
    ex: impl Exec<'e>,
    id: i64,
    credit: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET trial_credit_micros = $1 WHERE id = $2 AND trial_status = 'active' \
         AND trial_ends_at > $3 AND trial_credit_micros = 0",
    )
    .bind(credit)
    .bind(id)
    .bind(now)
    .execute(ex)
    .await?;
    Ok(one_row(done))
}

/// Ends an active trial as `outcome`; true for the one caller that ended it.
pub async fn end_trial<'e>(ex: impl Exec<'e>, id: i64, outcome: &str) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE users SET trial_status = $1 WHERE id = $2 AND trial_status = 'active'")
            .bind(outcome)
            .bind(id)
            .execute(ex)
            .await?;
    Ok(one_row(done))
}

statements! {
    /// Users whose active trial is due to end at `now`, at most 500.
    pub fn trials_due(now: i64) -> scalar_all(i64) =
        "SELECT id FROM users WHERE trial_status = 'active' AND trial_ends_at <= $1 ORDER BY id LIMIT 500";

    /// At a trial's end: (credit granted, spent since it was granted, available
    /// balance). Spent is every debit and refund after the grant's ledger row, but no
    /// deposit or admin credit. One statement, so the three agree; it reads the
    /// ledger's `ledger_entries` for the spending.
    pub fn trial_end_figures(id: i64) -> one((i64, i64, i64)) =
        "SELECT u.trial_credit_micros, \
         CAST(COALESCE((SELECT -SUM(l.amount_micros) FROM ledger_entries l WHERE l.user_id = u.id \
         AND l.kind NOT IN ('deposit', 'admin_credit', 'trial_credit') \
         AND l.id > COALESCE((SELECT t.id FROM ledger_entries t WHERE t.reference = 'trial:' || CAST(u.id AS TEXT)), 0)), 0) AS BIGINT), \
         u.balance_micros - u.reserved_micros FROM users u WHERE u.id = $1";
}
