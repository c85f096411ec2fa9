//! Keys sent as SIP INFO (application/dtmf-relay) instead of RFC 4733: phones and
//! carriers that signal DTMF out of band reach the same menu choice.

use super::voicemail_line;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_sent_as_sip_info_chooses_like_one_in_the_media() {
    let ivr = voicemail_line("1.00").await;

    ivr.carrier_completes("ivr-info", 1).await;

    assert_eq!(ivr.paths(1).await, vec!["menu → 1 → voicemail"]);
    let (duration_ms, _) = ivr.voicemails(1).await.remove(0);
    assert_eq!(duration_ms, 3000, "recorded up to the flow's 3 seconds");
    ivr.app.assert_invariant().await;
}
