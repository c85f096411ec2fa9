//! Password hashing with argon2id (the argon2 crate's defaults: 19 MiB, 2 passes).
//! Hashing is CPU-heavy on purpose, so it runs off the async workers.

use crate::error::{Error, Result};
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use std::sync::OnceLock;

pub async fn hash(password: &str) -> Result<String> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| Error::Internal(anyhow::anyhow!("hashing failed: {e}")))
    })
    .await
    .map_err(|e| Error::Internal(e.into()))?
}

pub async fn verify(password: &str, stored: &str) -> Result<bool> {
    let (password, stored) = (password.to_owned(), stored.to_owned());
    tokio::task::spawn_blocking(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
    .map_err(|e| Error::Internal(e.into()))
}

/// A real hash of a password nobody has: checking an unknown email against it costs
/// the same time as a wrong password, so timing does not reveal which emails exist.
pub fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(b"no-such-user-password", &salt)
            .expect("argon2")
            .to_string()
    })
}
