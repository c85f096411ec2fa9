//! Keys sent as SIP INFO (application/dtmf-relay) instead of RFC 4733: phones and
//! carriers that signal DTMF out of band reach the same menu choice.

use super::voicemail_line;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_sent_as_sip_info_chooses_like_one_in_the_media() {
    let ivr = voicemail_line("1.00").await;

    ivr.keyed_to_voicemail("ivr-info").await;
    ivr.app.assert_invariant().await;
}
