//! Kamailio restarted while calls are up or CDRs wait: it keeps its dialogs (written each
//! second and when it stops) in db_text files or in PostgreSQL (DIALTONE_SIP_DIALOG_DB)
//! and its CDR queue (saved when it stops) in db_text files, so every call is still
//! billed, once.

use super::{
    answered, assert_charged, calling_on_a_dollar, calls, cdr_queued, desk_call_while, device,
    micros, PER_SECOND, US_OUTBOUND,
};
use crate::common::{caller, fresh_postgres_url, Session, TestApp};
use crate::support::switch::Switch;
use dialtone_core::rating::rate_call;

async fn billed_once(app: &TestApp, s: &Session, switch: &Switch, before: i64, talked: i64) {
    let recorded = calls(app, s, 1, switch).await;
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    assert_eq!(recorded[0]["status"], "completed");
    let seconds = recorded[0]["durationSeconds"].as_i64().unwrap();
    assert!(
        (talked - 1..=talked + 2).contains(&seconds),
        "talked {talked} s, billed {seconds}:\n{}",
        switch.log()
    );
    let cost = rate_call(seconds, US_OUTBOUND, PER_SECOND, 0).cost;
    assert_charged(app, s, before, cost).await;
}

/// A 4 s desk call: once it is answered and `ready` has run, Kamailio restarts (running
/// `between` while it is stopped); the BYE still goes through and the call is billed once.
async fn restarted_mid_call(
    app: &TestApp,
    s: &Session,
    password: &str,
    switch: &Switch,
    before: i64,
    ready: impl std::future::Future<Output = ()>,
    between: impl std::future::Future<Output = ()>,
) {
    let run = desk_call_while(switch, password, 4000, async {
        answered(app, s, switch).await;
        ready.await;
        switch.restart_kamailio_after(between).await;
    })
    .await;
    assert!(
        run.ok,
        "the BYE went through the restarted switch: {}\n{}",
        run.errors,
        switch.log()
    );
    billed_once(app, s, switch, before, 4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kamailio_restarted_mid_call_still_ends_and_bills_the_call_once() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;
    restarted_mid_call(&app, &s, &password, &switch, before, async {}, async {}).await;
}

/// The same upgrade with the dialogs in db_text files, the default store: the call's
/// variables rewritten in the `dialog_vars` file while Kamailio is stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_db_text_a_call_up_across_an_upgrade_from_the_older_dialog_variables_is_billed_once() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;
    let file = switch.dir.path().join("kamailio/db/dialog_vars");
    let written = async {
        for _ in 0..30 {
            if std::fs::read_to_string(&file).is_ok_and(|t| t.contains(":cdr:")) {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the dialog was not written:\n{}", switch.log());
    };
    let between = async { unpack_in_file(&file) };
    restarted_mid_call(&app, &s, &password, &switch, before, written, between).await;
    assert_packed(&switch);
}

/// The switch packed an older dialog's variables (route DLG_VARS_BEFORE_PACKING).
fn assert_packed(switch: &Switch) {
    let log = switch.log();
    let packed = "dialog variables of an older kamailio.cfg packed";
    assert!(log.contains(packed), "{log}");
}

/// What the kamailio.cfg before b038126 kept in place of each packed variable, in the
/// packed order; it also set `status` to "failed" on every call.
const OLDER_VARIABLES: [(&str, &[&str]); 2] = [
    ("cdr", &["direction", "from", "to", "started", "max"]),
    ("answer", &["answer_s", "answer_u"]),
];

/// `as_saved_before_packing` for a db_text `dialog_vars` file: rows
/// `id:hash_entry:hash_id:key:value`, the value last (packed values hold no colon).
fn unpack_in_file(file: &std::path::Path) {
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines = text.lines();
    let mut out = vec![lines.next().unwrap().to_string()];
    let rows: Vec<Vec<&str>> = lines.map(|l| l.splitn(5, ':').collect()).collect();
    let mut id = rows
        .iter()
        .filter_map(|r| r[0].parse::<i64>().ok())
        .max()
        .unwrap_or(0);
    for r in rows.iter().filter(|r| r.len() == 5) {
        let Some((_, keys)) = OLDER_VARIABLES.iter().find(|(packed, _)| *packed == r[3]) else {
            out.push(r.join(":"));
            continue;
        };
        let mut older: Vec<(&str, &str)> = keys.iter().copied().zip(r[4].split('|')).collect();
        if r[3] == "cdr" {
            older.push(("status", "failed"));
        }
        for (key, value) in older {
            id += 1;
            out.push(format!("{id}:{}:{}:{key}:{value}", r[1], r[2]));
        }
    }
    std::fs::write(file, out.join("\n") + "\n").unwrap();
}

/// The dialogs Kamailio keeps in the PostgreSQL database at `url` (its own tables).
async fn dialogs_in(url: &str) -> i64 {
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    let n = sqlx::query_scalar("SELECT COUNT(*) FROM dialog")
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_its_dialogs_in_postgresql_a_restarted_kamailio_still_ends_and_bills_the_call_once() {
    restarted_with_dialogs_in_postgresql(false).await;
}

/// An upgrade across b038126 (nine dialog variables packed into three): the call's
/// variables as the older kamailio.cfg saved them, written into the dialogs' database
/// while Kamailio is stopped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_up_across_an_upgrade_from_the_older_dialog_variables_is_billed_once() {
    let switch = restarted_with_dialogs_in_postgresql(true).await;
    assert_packed(&switch);
}

/// The variables of every dialog in the database at `url`, back to the nine of the
/// kamailio.cfg before b038126: direction, from, to, started and max for `cdr`, answer_s
/// and answer_u for `answer`, and the status it set on every call.
async fn as_saved_before_packing(url: &str) {
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    for (packed, keys) in OLDER_VARIABLES {
        for (n, key) in keys.iter().enumerate() {
            sqlx::query(
                "INSERT INTO dialog_vars (hash_entry, hash_id, dialog_key, dialog_value) \
                 SELECT hash_entry, hash_id, $1, split_part(dialog_value, '|', $2) \
                 FROM dialog_vars WHERE dialog_key = $3",
            )
            .bind(*key)
            .bind(n as i32 + 1)
            .bind(packed)
            .execute(&pool)
            .await
            .unwrap();
        }
        sqlx::query("DELETE FROM dialog_vars WHERE dialog_key = $1")
            .bind(packed)
            .execute(&pool)
            .await
            .unwrap();
    }
    sqlx::query(
        "INSERT INTO dialog_vars (hash_entry, hash_id, dialog_key, dialog_value) \
         SELECT hash_entry, hash_id, 'status', 'failed' FROM dialog",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
}

/// A desk call restarted mid-call with its dialog in PostgreSQL, the dialog's variables
/// turned back to the older kamailio.cfg's while stopped when `older` is set.
async fn restarted_with_dialogs_in_postgresql(older: bool) -> Switch {
    let app = TestApp::new().await;
    let (s, mine) = caller(&app, "ada@example.com", "1.00").await;
    let password = device(&app, &s, "ada.desk", &mine).await;
    let before = micros(&app, &s, "balance_micros").await;
    // A database of the switch's own, its tables created by switch/start.sh. A
    // connection per Kamailio process: few processes, beside the other tests' pools.
    let store = fresh_postgres_url().await;
    let env = vec![
        ("DIALTONE_SIP_DIALOG_DB", store.clone()),
        ("DIALTONE_SIP_CHILDREN", "1".to_string()),
        ("DIALTONE_SIP_ASYNC_WORKERS", "2".to_string()),
    ];
    let mut switch = Switch::start_with(&app, env).await;
    switch.start_carrier();

    // Written within a second (db_update_period): the restart reads it back from there.
    let written = async {
        for _ in 0..30 {
            if dialogs_in(&store).await == 1 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert_eq!(dialogs_in(&store).await, 1, "{}", switch.log());
    };
    let between = async {
        if older {
            as_saved_before_packing(&store).await;
        }
    };
    restarted_mid_call(&app, &s, &password, &switch, before, written, between).await;
    switch
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cdr_queued_while_dialtone_is_down_survives_a_kamailio_restart() {
    let (app, s, password, switch, before) = calling_on_a_dollar().await;

    let run = desk_call_while(&switch, &password, 2000, async {
        answered(&app, &s, &switch).await;
        switch.stop_api();
    })
    .await;
    switch.assert_ran(&run);
    cdr_queued(&switch).await;
    switch.cdr_queue_reaches(1.0).await;

    switch.restart_kamailio().await;
    // Read back from its table and, Dialtone still away, queued again.
    switch.cdr_queue_reaches(1.0).await;
    switch.start_api().await;
    billed_once(&app, &s, &switch, before, 2).await;
    switch.cdr_queue_reaches(0.0).await;
}
