//! The provider's STIR/SHAKEN key (DIALTONE_STIR_KEY, DIALTONE_STIR_CERT_URL): read and
//! checked once at startup, so that a wrong key stops the server instead of every call
//! leaving unsigned. What is signed with it is `voice::stir`'s business.

use base64::Engine;
use ring::rand::SystemRandom;
use ring::signature::{EcdsaKeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use std::path::Path;

/// An EC P-256 private key (PKCS#8 DER) and where verifiers fetch its certificate (x5u).
#[derive(Clone)]
pub struct StirKey {
    pub pkcs8: Vec<u8>,
    pub x5u: String,
}

impl std::fmt::Debug for StirKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StirKey").field("x5u", &self.x5u).finish()
    }
}

impl StirKey {
    /// The key in the PEM file at `path` ("BEGIN PRIVATE KEY", PKCS#8).
    pub fn read(path: &Path, x5u: String) -> anyhow::Result<StirKey> {
        let pem = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("DIALTONE_STIR_KEY {}: {e}", path.display()))?;
        let key = StirKey {
            pkcs8: pkcs8_der(&pem)?,
            x5u,
        };
        key.pair()?;
        Ok(key)
    }

    /// A new key, for tests and tools; its certificate is nowhere (`x5u`).
    pub fn generate(x5u: &str) -> StirKey {
        let document = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng())
            .expect("the system's random numbers");
        StirKey {
            pkcs8: document.as_ref().to_vec(),
            x5u: x5u.into(),
        }
    }

    /// The key, ready to sign ES256.
    pub fn pair(&self) -> anyhow::Result<EcdsaKeyPair> {
        EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &self.pkcs8, &rng())
            .map_err(|_| anyhow::anyhow!("DIALTONE_STIR_KEY must be an EC P-256 private key"))
    }
}

pub fn rng() -> SystemRandom {
    SystemRandom::new()
}

fn pkcs8_der(pem: &str) -> anyhow::Result<Vec<u8>> {
    if pem.contains("BEGIN EC PRIVATE KEY") {
        anyhow::bail!(
            "DIALTONE_STIR_KEY is a SEC1 key (BEGIN EC PRIVATE KEY); Dialtone reads PKCS#8: \
             openssl pkcs8 -topk8 -nocrypt -in key.pem -out key.p8.pem"
        );
    }
    let body: String = pem
        .lines()
        .skip_while(|l| !l.starts_with("-----BEGIN PRIVATE KEY-----"))
        .skip(1)
        .take_while(|l| !l.starts_with("-----END"))
        .collect();
    if body.is_empty() {
        anyhow::bail!("DIALTONE_STIR_KEY holds no BEGIN PRIVATE KEY block");
    }
    base64::engine::general_purpose::STANDARD
        .decode(body.trim())
        .map_err(|_| anyhow::anyhow!("DIALTONE_STIR_KEY is not valid PEM"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sec1_key_is_refused_with_the_command_that_converts_it() {
        let err = pkcs8_der("-----BEGIN EC PRIVATE KEY-----\nAAAA\n-----END EC PRIVATE KEY-----\n")
            .unwrap_err();
        assert!(err.to_string().contains("openssl pkcs8 -topk8"), "{err}");
    }

    #[test]
    fn a_pkcs8_pem_key_reads_as_the_key_it_holds() {
        let key = StirKey::generate("https://certs.example/stir.pem");
        let body = base64::engine::general_purpose::STANDARD.encode(&key.pkcs8);
        let pem = format!("-----BEGIN PRIVATE KEY-----\n{body}\n-----END PRIVATE KEY-----\n");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key.pem");
        std::fs::write(&path, pem).unwrap();
        let read = StirKey::read(&path, key.x5u.clone()).unwrap();
        assert_eq!(read.pkcs8, key.pkcs8);
        std::fs::write(&path, "not a key").unwrap();
        assert!(StirKey::read(&path, key.x5u).is_err());
    }
}
