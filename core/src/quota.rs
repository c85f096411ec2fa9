//! What an account may keep that costs the provider storage or CPU whether or not it
//! pays (issue 43): IVR flows (each renders and stores its prompts), API keys, SIP
//! devices, recordings and voicemails. A trial account keeps fewer. A refusal names
//! the limit and how to raise it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Kept {
    IvrFlows,
    ApiKeys,
    SipDevices,
    Recordings,
    Voicemails,
}

/// How many of a kind an account keeps, and a trial account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Quota {
    pub account: i64,
    pub trial: i64,
}

impl Kept {
    pub fn quota(self) -> Quota {
        let (account, trial) = match self {
            Kept::IvrFlows => (20, 3),
            Kept::ApiKeys => (50, 5),
            Kept::SipDevices => (20, 2),
            Kept::Recordings => (1000, 25),
            Kept::Voicemails => (500, 25),
        };
        Quota { account, trial }
    }

    fn noun(self) -> &'static str {
        match self {
            Kept::IvrFlows => "IVR flows",
            Kept::ApiKeys => "API keys",
            Kept::SipDevices => "SIP devices",
            Kept::Recordings => "recordings",
            Kept::Voicemails => "voicemails",
        }
    }
}

/// Whether an account (`in_trial` or not) that keeps `have` of `kept` may keep one
/// more; the refusal names the limit and how to raise it.
pub fn check(kept: Kept, in_trial: bool, have: i64) -> Result<(), String> {
    let (q, noun) = (kept.quota(), kept.noun());
    if in_trial && have >= q.trial {
        return Err(format!(
            "A trial account can keep {} {noun}. Add funds to end the trial and keep up to {}.",
            q.trial, q.account
        ));
    }
    if have >= q.account {
        return Err(format!(
            "An account can keep {} {noun}. Delete one you no longer use, or contact \
             support to raise the limit.",
            q.account
        ));
    }
    Ok(())
}
