//! Reconciliation: a delivery receipt whose message_id we never recorded may be for a
//! part whose submit_sm_resp was lost (the link dropped, a response timed out, the
//! instance died). SMSCs keep such receipts and deliver them once the ESME binds
//! again, so the receipt tells us the part was accepted, and under which id.
//!
//! It is matched to the part in doubt by the receipt's addresses (it comes from the
//! handset's address to ours) and its `text:` field, the first 20 characters of the
//! part (SMPP 3.4 Appendix B). A receipt without text matches only when a single
//! message to that handset is in doubt. Two messages in doubt to one handset with the
//! same first 20 characters are indistinguishable: the oldest is taken, and the other
//! waits for its own receipt as before. A matched part is recorded as accepted and is
//! never submitted again; an unmatched one is submitted again after the grace (see
//! `sender`).

use super::repo;
use crate::db::now_ms;
use dialtone_core::sms;
use sqlx::{Any, Transaction};

/// What a receipt says about the part it is for.
pub struct Evidence<'a> {
    pub smsc_id: &'a str,
    /// The handset (the receipt's source), in E.164.
    pub handset: &'a str,
    /// Our address the receipt is for (its destination), as the SMSC wrote it.
    pub sender: &'a str,
    /// The receipt's `text:` field, if it had one.
    pub text: Option<&'a str>,
}

/// Records the part in doubt that `e` names as accepted under its id, completing the
/// message (`sent`, with its callback) when that was its last part. Answers the
/// message's id, owner and status callback, or None when nothing in doubt matches.
pub async fn adopt(
    tx: &mut Transaction<'static, Any>,
    e: &Evidence<'_>,
) -> anyhow::Result<Option<(i64, i64, Option<String>)>> {
    let candidates = repo::in_doubt_to(&mut **tx, e.handset).await?;
    let single = candidates.len() == 1;
    for c in candidates {
        let ours = c
            .from
            .as_deref()
            .unwrap_or("Dialtone")
            .trim_start_matches('+');
        if !e.sender.is_empty() && e.sender.trim_start_matches('+') != ours {
            continue;
        }
        let done = repo::submitted_parts(&mut **tx, c.id).await?;
        let parts = sms::parts(&c.body);
        // Parts go in order, so only the first unrecorded one can be at the SMSC.
        let Some(n) = (1..=parts.len() as i64).find(|n| !done.contains(n)) else {
            continue;
        };
        let matches = match e.text.map(str::trim_end).filter(|t| !t.is_empty()) {
            Some(text) => same_start(&parts[n as usize - 1], text),
            None => single,
        };
        if !matches {
            continue;
        }
        let now = now_ms();
        if !repo::record_part(&mut **tx, c.id, n, e.smsc_id, now).await? {
            continue;
        }
        tracing::info!(
            sms_id = c.id,
            part = n,
            smsc_id = e.smsc_id,
            "a receipt named a part whose submit_sm_resp was lost; recorded as accepted"
        );
        if n == parts.len() as i64 {
            repo::mark_sent(&mut **tx, c.id, now).await?;
            if let Some(url) = &c.status_callback {
                if let Some(account) =
                    crate::credentials::repo::account_of(&mut **tx, c.user_id).await?
                {
                    let cb = crate::webhooks::events::Callback {
                        url,
                        account_sid: &account.account_sid,
                    };
                    crate::webhooks::events::message_status_of(tx, &cb, c.user_id, c.id, &["sent"])
                        .await?;
                }
            }
        } else {
            repo::resume(&mut **tx, c.id, now).await?;
        }
        return Ok(Some((c.id, c.user_id, c.status_callback)));
    }
    Ok(None)
}

/// Queues the status callback of an API message that asked for one.
pub async fn status_callback(
    tx: &mut Transaction<'static, Any>,
    id: i64,
    user_id: i64,
    url: Option<&str>,
    status: &str,
) -> anyhow::Result<()> {
    let Some(url) = url.filter(|u| !u.is_empty()) else {
        return Ok(());
    };
    let Some(account) = crate::credentials::repo::account_of(&mut **tx, user_id).await? else {
        return Ok(());
    };
    let cb = crate::webhooks::events::Callback {
        url,
        account_sid: &account.account_sid,
    };
    crate::webhooks::events::message_status_of(tx, &cb, user_id, id, &[status]).await?;
    Ok(())
}

/// The receipt's text is the part's first 20 characters (some SMSCs send fewer, or
/// pad); characters the receipt's ASCII could not carry compare as any character.
fn same_start(part: &str, text: &str) -> bool {
    let want: Vec<char> = part.chars().take(20).collect();
    let got: Vec<char> = text.chars().take(20).collect();
    let want_len = want
        .iter()
        .rposition(|c| !c.is_whitespace())
        .map_or(0, |i| i + 1);
    if got.len() > want_len || got.len() < want_len.min(10) {
        return false;
    }
    got.iter()
        .zip(&want)
        .all(|(g, w)| g == w || !w.is_ascii() || *g == '?')
}

#[cfg(test)]
mod tests {
    use super::same_start;

    #[test]
    fn a_receipts_text_matches_the_start_of_its_part() {
        assert!(same_start("In flight 12", "In flight 12"));
        assert!(same_start(
            "Hello there, this is a long text",
            "Hello there, this is"
        ));
        assert!(!same_start("In flight 12", "In flight 13"));
        assert!(!same_start("In flight 1", "In flight 12"));
        // Non-ASCII characters arrive as something else in an ASCII receipt.
        assert!(same_start("Привет", "??????"));
        assert!(!same_start("Hello there, this is a long text", "Hello"));
    }
}
