//! What a user's account holds of a kind, counted: the notifications and ledger
//! entries that many tests check came once, or not at all, and what was spent today.

use super::{Session, TestApp};

impl TestApp {
    /// How many notifications of `kind` ("low_balance", "voicemail") `s` has had.
    pub async fn notices(&self, s: &Session, kind: &str) -> i64 {
        let sql = "SELECT COUNT(*) FROM notifications WHERE user_id = $1 AND kind = $2";
        self.count_of_kind(sql, s, kind).await
    }

    /// How many ledger entries of `kind` ("call", "sms") `s` has.
    pub async fn ledger_entries(&self, s: &Session, kind: &str) -> i64 {
        let sql = "SELECT COUNT(*) FROM ledger_entries WHERE user_id = $1 AND kind = $2";
        self.count_of_kind(sql, s, kind).await
    }

    /// A refund gave the day's spending limit back: nothing counts as spent today.
    pub async fn assert_nothing_spent_today(&self, s: &Session) {
        let limits = self.get_as(s, "/api/limits").await.body;
        assert_eq!(
            limits["spentToday"], 0.0,
            "the refund gives the day's limit back"
        );
    }

    async fn count_of_kind(&self, sql: &str, s: &Session, kind: &str) -> i64 {
        sqlx::query_scalar(sql)
            .bind(s.user_id)
            .bind(kind)
            .fetch_one(&self.state.db.pool)
            .await
            .unwrap()
    }
}
