//! Both legs end at the paid time (issue 42): with a real carrier, a carrier leg left up
//! after the caller's BYE keeps costing the provider. Twenty calls in a row are cut at
//! their paid second; the carrier gets a BYE for every one.

use super::{assert_hung_up_by_switch, calling, calls, micros, CALLEE};
use crate::common::TestApp;

const CALLS: usize = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_cut_at_its_paid_time_hangs_up_the_carrier_too() {
    let app = TestApp::new().await;
    // $0.01 at $0.60 a minute: one second each time.
    let (s, _, password, switch) = calling(&app, "0.01", Some(600_000)).await;
    for n in 1..=CALLS {
        if n > 1 {
            app.fund(s.user_id, "0.01").await;
        }
        let run = switch
            .device("cut", "ada.desk", &password, &["-key", "to", CALLEE], 1)
            .await;
        assert_hung_up_by_switch(&run, &switch);
        calls(&app, &s, n, &switch).await;
    }
    let byes = super::calls_answered(&switch.carrier_messages(), "BYE sip:");
    assert_eq!(byes, CALLS, "{}", switch.log());
    assert_eq!(micros(&app, &s, "balance_micros").await, 0);
    assert_eq!(micros(&app, &s, "reserved_micros").await, 0);
    app.assert_invariant().await;
}
