//! A call its document hangs up at once: the IVR's BYE waits for the caller's ACK of
//! the 200 OK (RFC 3261 15), so it can neither overtake the answer in the switch nor
//! reach a caller that has not seen it.

use super::twiml::{twiml_line, XML};
use crate::sip::calls;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_hung_up_at_once_gets_its_bye_only_after_the_callers_ack() {
    let hang_up = [("/voice", 200, XML, "<Response><Hangup/></Response>")];
    let (ivr, customer) = twiml_line(&hang_up, true).await;
    // The caller acknowledges 300 ms late: a BYE before that fails SIPp's run.
    ivr.carrier_completes("ivr-late-ack", 1).await;
    assert_eq!(customer.asked().len(), 1);
    let billed = calls(&ivr.app, &ivr.s, 1, &ivr.switch).await;
    assert_eq!(billed[0]["status"], "completed", "{billed:?}");
    ivr.app.assert_invariant().await;
}
