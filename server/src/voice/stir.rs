//! STIR/SHAKEN's authentication service (RFC 8224, 8225, 8588): the Identity header a
//! call leaves for the carrier with, a PASSporT signed ES256 with the provider's key.
//! Dialtone signs it in the authorization's answer, where the caller ID and its
//! attestation are decided; the switch only adds the header (an STI authentication
//! service answering an SBC over HTTP is the same shape). Signing in Kamailio
//! (secsipid) ran a Go runtime in each of its ~50 processes: 12% of its CPU.

use crate::state::AppState;
use crate::stir_key::StirKey;
use crate::voice::authorize::{AuthorizeRequest, AuthorizeResponse};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use dialtone_core::sip::Attestation;
use ring::signature::EcdsaKeyPair;
use serde::Serialize;

/// The provider's key, ready to sign.
pub struct Signer {
    pair: EcdsaKeyPair,
    x5u: String,
    rng: ring::rand::SystemRandom,
}

// The members of both objects in lexicographic order: RFC 8225's form for signing.
#[derive(Serialize)]
struct Header<'a> {
    alg: &'static str,
    ppt: &'static str,
    typ: &'static str,
    x5u: &'a str,
}

#[derive(Serialize)]
struct Claims<'a> {
    attest: Attestation,
    dest: Dest<'a>,
    iat: i64,
    orig: Orig<'a>,
    origid: String,
}

#[derive(Serialize)]
struct Dest<'a> {
    tn: [&'a str; 1],
}

#[derive(Serialize)]
struct Orig<'a> {
    tn: &'a str,
}

impl Signer {
    pub fn new(key: &StirKey) -> anyhow::Result<Signer> {
        Ok(Signer {
            pair: key.pair()?,
            x5u: key.x5u.clone(),
            rng: crate::stir_key::rng(),
        })
    }

    /// The public key as the raw P-256 point (65 bytes), for whoever verifies.
    pub fn public_key(&self) -> &[u8] {
        use ring::signature::KeyPair;
        self.pair.public_key().as_ref()
    }

    /// The Identity header's value for a call from `orig` to `dest` (E.164, the "+"
    /// dropped as the PASSporT's telephone numbers are digits), issued `iat` (unix s).
    pub fn identity(&self, orig: &str, dest: &str, attest: Attestation, iat: i64) -> String {
        let header = Header {
            alg: "ES256",
            ppt: "shaken",
            typ: "passport",
            x5u: &self.x5u,
        };
        let claims = Claims {
            attest,
            dest: Dest {
                tn: [dest.trim_start_matches('+')],
            },
            iat,
            orig: Orig {
                tn: orig.trim_start_matches('+'),
            },
            origid: uuid::Uuid::new_v4().to_string(),
        };
        let signed = format!("{}.{}", encoded(&header), encoded(&claims));
        let signature = self
            .pair
            .sign(&self.rng, signed.as_bytes())
            .expect("ES256 signing with a checked key");
        let signature = URL_SAFE_NO_PAD.encode(signature.as_ref());
        format!(
            "{signed}.{signature};info=<{}>;alg=ES256;ppt=shaken",
            self.x5u
        )
    }
}

/// Signs an allowed call that leaves for the carrier with a caller ID Dialtone checked:
/// a device's, or an IVR leg's. A forwarded call's second leg keeps its original
/// caller's identity and is not signed.
pub fn sign(state: &AppState, req: &AuthorizeRequest, answer: &mut AuthorizeResponse) {
    let Some(signer) = &state.stir else {
        return;
    };
    if !answer.allowed || (req.device.is_none() && req.ivr_leg.is_none()) {
        return;
    }
    let shown = answer.caller_id.as_deref().unwrap_or(&req.from);
    let attest = answer.attestation.unwrap_or(Attestation::A);
    let iat = chrono::Utc::now().timestamp();
    answer.identity = Some(signer.identity(shown, &req.to, attest, iat));
}

fn encoded(value: &impl Serialize) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).expect("plain JSON"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_passport_is_rfc_8225s_form_and_verifies_with_the_public_key() {
        let signer = Signer::new(&StirKey::generate("https://certs.example/sti.pem")).unwrap();
        let header = signer.identity(
            "+14155550100",
            "+12125550199",
            Attestation::B,
            1_700_000_000,
        );
        let (token, params) = header.split_once(';').unwrap();
        assert_eq!(
            params,
            "info=<https://certs.example/sti.pem>;alg=ES256;ppt=shaken"
        );
        let parts: Vec<&str> = token.split('.').collect();
        let text = |i: usize| String::from_utf8(URL_SAFE_NO_PAD.decode(parts[i]).unwrap()).unwrap();
        assert_eq!(
            text(0),
            r#"{"alg":"ES256","ppt":"shaken","typ":"passport","x5u":"https://certs.example/sti.pem"}"#
        );
        let claims = text(1);
        assert!(
            claims.starts_with(r#"{"attest":"B","dest":{"tn":["12125550199"]},"iat":1700000000,"orig":{"tn":"14155550100"},"origid":""#),
            "{claims}"
        );
        let key = ring::signature::UnparsedPublicKey::new(
            &ring::signature::ECDSA_P256_SHA256_FIXED,
            signer.public_key(),
        );
        let signed = format!("{}.{}", parts[0], parts[1]);
        let signature = URL_SAFE_NO_PAD.decode(parts[2]).unwrap();
        key.verify(signed.as_bytes(), &signature).expect("verifies");
        assert!(key.verify(b"another call", &signature).is_err());
    }
}
