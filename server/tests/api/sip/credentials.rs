//! The switch keeps the credentials Dialtone gives it (issue 42: one question fewer a
//! call) and drops them within a second or two of any change: a device removed, or an
//! account suspended, is refused on the switch as if nothing were kept.

use super::{device, on_switch};
use crate::common::TestApp;
use crate::support::switch::{sample, Switch};
use std::time::Duration;

const KEPT: &str = "dialtone_switch_credentials{result=\"kept\"}";
const ASKED: &str = "dialtone_switch_credentials{result=\"asked\"}";

/// How often the switch answered a digest from what it kept, and asked Dialtone.
async fn lookups(switch: &Switch) -> (f64, f64) {
    let page = switch.metrics().await;
    let count = |series| sample(&page, series).unwrap_or(0.0);
    (count(KEPT), count(ASKED))
}

/// `user` registers with `password` until the switch answers from what it kept (it
/// keeps nothing before it first heard Dialtone's epoch, within its first second).
async fn kept_after_registering(switch: &Switch, user: &str, password: &str) {
    for _ in 0..10 {
        let run = switch.device("register", user, password, &[], 1).await;
        switch.assert_ran(&run);
        if lookups(switch).await.0 >= 1.0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!(
        "the switch never kept {user}'s credentials:\n{}",
        switch.log()
    );
}

/// `user`'s REGISTER with `password` is refused with `answer` within three seconds.
async fn refused_soon(switch: &Switch, user: &str, password: &str, answer: &str) {
    let mut last = String::new();
    for _ in 0..10 {
        let run = switch.device("register", user, password, &[], 1).await;
        if !run.ok && run.messages.contains(answer) {
            return;
        }
        last = run.messages;
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!(
        "{user} was not refused with {answer}:\n{last}\n{}",
        switch.log()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_switch_asks_once_for_a_devices_credentials_and_forgets_them_when_it_goes() {
    let app = TestApp::new().await;
    let (s, _, password, switch) = on_switch(&app, "1.00").await;
    kept_after_registering(&switch, "ada.desk", &password).await;
    // Nothing kept yet is the usual case, not an error in the operator's log.
    assert!(
        !switch.log().contains("failed to parse json"),
        "{}",
        switch.log()
    );
    let (kept, asked) = lookups(&switch).await;
    for _ in 0..3 {
        let run = switch
            .device("register", "ada.desk", &password, &[], 1)
            .await;
        switch.assert_ran(&run);
    }
    assert_eq!(
        lookups(&switch).await,
        (kept + 3.0, asked),
        "Dialtone not asked"
    );

    let list = app.get_as(&s, "/api/sip/devices").await.body;
    let id = list["items"][0]["id"].as_i64().unwrap();
    let r = app.delete_as(&s, &format!("/api/sip/devices/{id}")).await;
    assert!(r.status.is_success(), "{}", r.body);
    refused_soon(&switch, "ada.desk", &password, "SIP/2.0 403 Forbidden").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_suspended_accounts_device_is_refused_though_the_switch_kept_its_credentials() {
    let app = TestApp::new().await;
    let (s, mine, password, switch) = on_switch(&app, "1.00").await;
    let other = device(&app, &s, "ada.phone", &mine).await;
    kept_after_registering(&switch, "ada.desk", &password).await;
    kept_after_registering(&switch, "ada.phone", &other).await;

    let admin = app.admin("root@example.com").await;
    let path = format!("/api/admin/users/{}/suspend", s.user_id);
    assert!(app.post_empty_as(&admin, &path).await.status.is_success());
    refused_soon(&switch, "ada.desk", &password, "403 Account Suspended").await;
    let path = format!("/api/admin/users/{}/reactivate", s.user_id);
    assert!(app.post_empty_as(&admin, &path).await.status.is_success());
    for _ in 0..10 {
        let run = switch.device("register", "ada.phone", &other, &[], 1).await;
        if run.ok {
            return;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!(
        "reactivated, the device is still refused:\n{}",
        switch.log()
    );
}
