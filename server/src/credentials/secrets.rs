//! Credential material: SIDs, tokens and secrets drawn from the OS generator, their
//! hashes, and the sealing of auth tokens (which must be readable again to sign
//! webhooks) under a key derived from the server's own secret.

use base64::engine::general_purpose::STANDARD_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use rand::distributions::{Alphanumeric, DistString};
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// `prefix` + 32 lowercase hex digits (128 random bits), Twilio's SID shape.
pub fn sid(prefix: &str) -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    format!("{prefix}{}", hex::encode(bytes))
}

/// An auth token: 32 hex digits, as Twilio's are.
pub fn auth_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// An API key secret: 32 letters and digits, about 190 bits.
pub fn key_secret() -> String {
    Alphanumeric.sample_string(&mut rand::rngs::OsRng, 32)
}

/// The stored form of a high-entropy secret. A fast hash is enough: nothing with 128+
/// random bits can be guessed from it, and it is checked on every API request.
pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Whether `given` hashes to `stored`, in constant time.
pub fn matches(given: &str, stored: &str) -> bool {
    hash(given).as_bytes().ct_eq(stored.as_bytes()).into()
}

fn cipher(server_secret: &[u8]) -> ChaCha20Poly1305 {
    let mut h = Sha256::new();
    h.update(b"dialtone auth-token sealing v1\0");
    h.update(server_secret);
    ChaCha20Poly1305::new(Key::from_slice(&h.finalize()))
}

/// Encrypts a token: base64 of a random 96-bit nonce followed by the ciphertext.
pub fn seal(server_secret: &[u8], token: &str) -> String {
    let mut nonce = [0u8; 12];
    rand::rngs::OsRng.fill_bytes(&mut nonce);
    let sealed = cipher(server_secret)
        .encrypt(Nonce::from_slice(&nonce), token.as_bytes())
        .expect("ChaCha20-Poly1305 encrypts any length we use");
    STANDARD_NO_PAD.encode([nonce.as_slice(), &sealed].concat())
}

/// The token back, or None when it was sealed under another server secret.
pub fn unseal(server_secret: &[u8], sealed: &str) -> Option<String> {
    let bytes = STANDARD_NO_PAD.decode(sealed).ok()?;
    if bytes.len() < 12 {
        return None;
    }
    let (nonce, body) = bytes.split_at(12);
    let plain = cipher(server_secret)
        .decrypt(Nonce::from_slice(nonce), body)
        .ok()?;
    String::from_utf8(plain).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sids_have_twilios_shape() {
        let s = sid("AC");
        assert_eq!(s.len(), 34);
        assert!(s[2..]
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_ne!(sid("SK"), sid("SK"));
    }

    #[test]
    fn a_sealed_token_opens_only_under_its_own_secret() {
        let sealed = seal(b"one", "0123456789abcdef0123456789abcdef");
        assert_eq!(
            unseal(b"one", &sealed).as_deref(),
            Some("0123456789abcdef0123456789abcdef")
        );
        assert_eq!(unseal(b"two", &sealed), None);
        assert_ne!(
            seal(b"one", "x"),
            seal(b"one", "x"),
            "a fresh nonce each time"
        );
    }

    #[test]
    fn a_secret_matches_only_its_hash() {
        let stored = hash("s3cret");
        assert!(matches("s3cret", &stored));
        assert!(!matches("s3creT", &stored));
    }
}
