//! Both legs end at the paid time (issue 42): with a real carrier, a carrier leg left up
//! after the caller's BYE keeps costing the provider. Twenty calls are cut at their paid
//! second, ten in a row by each of two callers on the same switch at once; the carrier
//! gets a BYE for every one.

use super::{assert_hung_up_by_switch, calling, calls, device, micros, CALLEE};
use crate::common::{caller, Session, TestApp};
use crate::support::switch::Switch;

const CALLERS: usize = 2;
const CALLS_EACH: usize = 10;

/// `s`'s device `user` calls ten times in a row, each call funded for one second and
/// cut by the switch; every call is recorded, and nothing is left or held back.
async fn cut_in_a_row(app: &TestApp, s: &Session, user: &str, password: &str, switch: &Switch) {
    for n in 1..=CALLS_EACH {
        if n > 1 {
            app.fund(s.user_id, "0.01").await;
        }
        let run = switch
            .device("cut", user, password, &["-key", "to", CALLEE], 1)
            .await;
        assert_hung_up_by_switch(&run, switch);
        calls(app, s, n, switch).await;
    }
    assert_eq!(micros(app, s, "balance_micros").await, 0);
    assert_eq!(micros(app, s, "reserved_micros").await, 0);
}

// Two callers side by side rather than one caller twenty times: the same twenty cuts
// (and calls overlapping on the switch besides), in half of what was make test's
// longest test (55 s, which the rest of the suite waited out at its end).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_cut_at_its_paid_time_hangs_up_the_carrier_too() {
    let app = TestApp::new().await;
    // $0.01 at $0.60 a minute: one second each time.
    let (ada, _, ada_password, switch) = calling(&app, "0.01", Some(600_000)).await;
    let (bob, theirs) = caller(&app, "bob@example.com", "0.01").await;
    let bob_password = device(&app, &bob, "bob.desk", &theirs).await;
    tokio::join!(
        cut_in_a_row(&app, &ada, "ada.desk", &ada_password, &switch),
        cut_in_a_row(&app, &bob, "bob.desk", &bob_password, &switch),
    );
    let carrier = super::carrier_after_byes(&switch, CALLERS * CALLS_EACH).await;
    let byes = super::calls_answered(&carrier, "BYE sip:");
    assert_eq!(byes, CALLERS * CALLS_EACH, "{}", switch.log());
    app.assert_invariant().await;
}
