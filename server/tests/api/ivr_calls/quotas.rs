//! What an account keeps of recordings and voicemails (core's quota, issue 43): at the
//! limit the call goes on, nothing more is stored, and the owner is told what was not
//! kept and why.

use super::twiml::{twiml_line, RECORDS};
use super::{voicemail_line, Ivr};
use dialtone_core::quota::{self, Kept};
use std::time::Duration;

/// `count` rows for the owner in `table` (recordings or ivr_voicemails), in one
/// statement.
async fn fill(ivr: &Ivr, table: &str, count: i64) {
    let (columns, values) = match table {
        "recordings" => (
            "sid, user_id, call_sid, duration_ms, audio, created_at",
            "'RE' || CAST(i AS TEXT), $1, 'CA0', 1000, $2, 0",
        ),
        _ => (
            "user_id, caller, duration_ms, audio, created_at",
            "$1, '+15550000000', 1000, $2, 0",
        ),
    };
    let sql = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {count}) \
         INSERT INTO {table} ({columns}) SELECT {values} FROM n"
    );
    sqlx::query(&sql)
        .bind(ivr.s.user_id)
        .bind(vec![0u8; 4])
        .execute(&ivr.app.state.db.pool)
        .await
        .unwrap();
}

/// The owner's "Not kept" notification, once it is there.
async fn told(ivr: &Ivr) -> String {
    for _ in 0..100 {
        let found: Option<String> = sqlx::query_scalar(
            "SELECT message FROM notifications WHERE user_id = $1 AND kind = 'quota'",
        )
        .bind(ivr.s.user_id)
        .fetch_optional(&ivr.app.state.db.pool)
        .await
        .unwrap();
        if let Some(message) = found {
            return message;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the owner was not told:\n{}", ivr.switch.log());
}

async fn count(ivr: &Ivr, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table} WHERE user_id = $1");
    ivr.app.scalar_for(&sql, ivr.s.user_id).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_quota_a_voicemail_is_not_kept_and_the_owner_hears_why() {
    let ivr = voicemail_line("1.00").await;
    let limit = Kept::Voicemails.quota().account;
    fill(&ivr, "ivr_voicemails", limit).await;

    ivr.carrier_completes("ivr-voicemail", 1).await;
    assert_eq!(ivr.paths(1).await, vec!["menu → 1 → voicemail"]);

    let message = told(&ivr).await;
    let refusal = quota::check(Kept::Voicemails, false, limit).unwrap_err();
    let caller = super::OUTSIDE_CALLER;
    assert_eq!(
        message,
        format!("A voicemail from {caller} was not kept. {refusal}")
    );
    assert_eq!(count(&ivr, "ivr_voicemails").await, limit);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_quota_a_twiml_recording_is_not_kept_and_its_action_has_no_url() {
    let (ivr, customer) = twiml_line(&RECORDS, true).await;
    let limit = Kept::Recordings.quota().account;
    fill(&ivr, "recordings", limit).await;

    ivr.carrier_completes("ivr-voicemail", 1).await;

    let asked = customer.asked();
    let recorded = asked
        .iter()
        .find(|a| a.path == "/recorded")
        .expect("the action was asked");
    assert_eq!(recorded.params["RecordingDuration"], "3");
    assert!(
        !recorded.params.contains_key("RecordingSid"),
        "{:?}",
        recorded.params
    );
    assert!(!recorded.params.contains_key("RecordingUrl"));
    let message = told(&ivr).await;
    let refusal = quota::check(Kept::Recordings, false, limit).unwrap_err();
    let call_sid = &recorded.params["CallSid"];
    assert_eq!(
        message,
        format!("A recording of call {call_sid} was not kept. {refusal}")
    );
    assert_eq!(count(&ivr, "recordings").await, limit);
}
