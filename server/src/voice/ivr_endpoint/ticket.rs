//! The switch's word that a call was authorized: authorize answers an IVR call with a
//! ticket, an HMAC of the call's identity and paid time under the switch token, which
//! Kamailio forwards in X-Dialtone-Ticket beside X-Dialtone-Max-Duration. The endpoint
//! answers only INVITEs whose ticket matches, so nobody reaching its port directly gets
//! a flow to run unbilled, or for longer than was paid.

use hmac::{Hmac, Mac};
use sha2::Sha256;

pub const TICKET_HEADER: &str = "X-Dialtone-Ticket";
pub const MAX_DURATION_HEADER: &str = "X-Dialtone-Max-Duration";

fn mac(secret: &str, call_id: &str, number: &str, max_seconds: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("any key length");
    mac.update(format!("ivr\n{call_id}\n{number}\n{max_seconds}").as_bytes());
    mac
}

pub fn sign(secret: &str, call_id: &str, number: &str, max_seconds: i64) -> String {
    hex::encode(
        mac(secret, call_id, number, max_seconds)
            .finalize()
            .into_bytes(),
    )
}

/// Constant-time check of a presented ticket.
pub fn verify(secret: &str, call_id: &str, number: &str, max_seconds: i64, ticket: &str) -> bool {
    let Ok(bytes) = hex::decode(ticket.trim()) else {
        return false;
    };
    mac(secret, call_id, number, max_seconds)
        .verify_slice(&bytes)
        .is_ok()
}

/// The ticket of a forward's second leg (the endpoint's INVITE through the switch,
/// in X-Dialtone-Ivr-Leg): authorize lets an outbound call from a number without a
/// device's credentials only with it.
pub fn sign_leg(secret: &str, call_id: &str, from: &str, to: &str) -> String {
    sign(secret, call_id, &format!("leg {from} {to}"), 0)
}

pub fn verify_leg(secret: &str, call_id: &str, from: &str, to: &str, ticket: &str) -> bool {
    verify(secret, call_id, &format!("leg {from} {to}"), 0, ticket)
}

/// The ticket of a leg that shows `shown` (a verified outside number, in From) and is
/// billed as the account's number `billed`: "{billed} {mac}", the mac over both.
pub fn sign_leg_shown(secret: &str, call_id: &str, billed: &str, shown: &str, to: &str) -> String {
    let mac = sign(
        secret,
        call_id,
        &format!("leg {billed} {to} shown {shown}"),
        0,
    );
    format!("{billed} {mac}")
}

/// The number a shown-number ticket bills, if it is one and Dialtone made it for this
/// call, its From (`shown`) and its destination.
pub fn verify_leg_shown(
    secret: &str,
    call_id: &str,
    shown: &str,
    to: &str,
    ticket: &str,
) -> Option<String> {
    let (billed, mac) = ticket.trim().split_once(' ')?;
    let number = format!("leg {billed} {to} shown {shown}");
    verify(secret, call_id, &number, 0, mac).then(|| billed.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticket_holds_only_for_its_call_number_and_paid_time() {
        let t = sign("s", "c1", "+14155550100", 60);
        assert!(verify("s", "c1", "+14155550100", 60, &t));
        assert!(!verify("s", "c1", "+14155550100", 61, &t));
        assert!(!verify("s", "c2", "+14155550100", 60, &t));
        assert!(!verify("other", "c1", "+14155550100", 60, &t));
        assert!(!verify("s", "c1", "+14155550100", 60, "zz"));
        let leg = sign_leg("s", "c1-fwd", "+14155550100", "+12125550199");
        assert!(verify_leg(
            "s",
            "c1-fwd",
            "+14155550100",
            "+12125550199",
            &leg
        ));
        assert!(!verify_leg(
            "s",
            "c1-fwd",
            "+14155550100",
            "+12125550100",
            &leg
        ));
        let shown = sign_leg_shown(
            "s",
            "c1-fwd",
            "+14155550100",
            "+447700900123",
            "+12125550199",
        );
        let billed = verify_leg_shown("s", "c1-fwd", "+447700900123", "+12125550199", &shown);
        assert_eq!(billed.as_deref(), Some("+14155550100"));
        assert_eq!(
            verify_leg_shown("s", "c1-fwd", "+447700900999", "+12125550199", &shown),
            None,
            "another shown number"
        );
        assert_eq!(
            verify_leg_shown("s", "c1-fwd", "+447700900123", "+12125550199", &leg),
            None
        );
    }
}
