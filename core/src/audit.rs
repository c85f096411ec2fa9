//! The audit log in words: what each recorded action is called, so the log reads as
//! sentences ("Suspended user") and no screen keeps its own copy of the names. The
//! server's test holds this list to the actions its code records.

/// Every action the server records, with its name.
pub const ACTIONS: &[(&str, &str)] = &[
    ("account.closed", "Closed the account"),
    ("api.key_created", "Created an API key"),
    ("api.key_revoked", "Revoked an API key"),
    ("api.previous_token_ended", "Ended the previous auth token"),
    ("api.token_rotated", "Rotated the auth token"),
    ("auth.two_factor_off", "Turned two-factor sign-in off"),
    ("auth.two_factor_on", "Turned two-factor sign-in on"),
    ("balance.credit", "Added funds"),
    ("balance.debit", "Deducted funds"),
    ("billing.auto_recharge", "Changed auto-recharge"),
    ("billing.provider", "Changed the provider's details"),
    ("call.hangup", "Hung up call"),
    ("call.reservation_released", "Released a lost call's hold"),
    ("country.create", "Added country"),
    ("country.delete", "Deleted country"),
    ("country.update", "Updated country"),
    ("credentials.revoked_all", "Signed out everywhere"),
    ("fraud.dismiss", "Dismissed a fraud alert"),
    ("fraud.suspend", "Suspended for fraud"),
    ("limits.ceiling", "Set an account's limits"),
    ("limits.defaults", "Set the default limits"),
    ("message.handled", "Marked message handled"),
    ("number.hooks", "Changed a number's webhooks"),
    ("package.create", "Created package"),
    ("package.deactivate", "Deactivated package"),
    ("package.delete", "Deleted package"),
    ("package.update", "Updated package"),
    ("permissions.request", "Answered a country request"),
    ("permissions.update", "Changed country permissions"),
    ("phone.activate", "Activated number"),
    ("phone.change_country", "Changed number country"),
    ("phone.create", "Added number"),
    ("phone.deactivate", "Deactivated number"),
    ("phone.range", "Added a range of numbers"),
    ("phone.reassign", "Reassigned number"),
    ("rate_deck.apply", "Applied a rate deck"),
    ("rate_deck.delete", "Deleted a draft rate deck"),
    ("rate_deck.upload", "Uploaded a rate deck"),
    (
        "recordings.retention",
        "Changed how long recordings are kept",
    ),
    ("settings.update", "Updated settings"),
    ("sip.caller_id_rule", "Changed a device's caller ID rule"),
    ("sip.verified_caller_id", "Verified a caller ID"),
    ("usage.trigger", "Changed a usage trigger"),
    ("user.email", "Sent an email"),
    ("user.reactivate", "Reactivated user"),
    ("user.role", "Changed role"),
    ("user.suspend", "Suspended user"),
];

/// The name of an action; an action this build does not know reads as its code.
pub fn action_label(action: &str) -> &str {
    ACTIONS
        .iter()
        .find(|(code, _)| *code == action)
        .map_or(action, |(_, label)| label)
}

/// Who did it, in words: an account by its name and email, "System" for what the
/// platform did on its own (jobs: a lost call's hold released, a renewal), "Deleted
/// account" when the actor's account is gone.
pub fn actor_label(recorded: bool, name_and_email: Option<(&str, &str)>) -> String {
    match (recorded, name_and_email) {
        (false, _) => "System".into(),
        (true, Some((name, email))) => format!("{name} <{email}>"),
        (true, None) => "Deleted account".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_as_words_and_unknown_ones_as_their_code() {
        assert_eq!(action_label("user.suspend"), "Suspended user");
        assert_eq!(
            action_label("rate_deck.delete"),
            "Deleted a draft rate deck"
        );
        assert_eq!(action_label("x.y"), "x.y");
        let mut codes: Vec<&str> = ACTIONS.iter().map(|(c, _)| *c).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), ACTIONS.len(), "each action once");
    }

    #[test]
    fn jobs_are_the_system_and_gone_accounts_say_so() {
        assert_eq!(actor_label(false, None), "System");
        assert_eq!(
            actor_label(true, Some(("Ada", "ada@example.com"))),
            "Ada <ada@example.com>"
        );
        assert_eq!(actor_label(true, None), "Deleted account");
    }
}
