//! Password hashing with argon2id (the argon2 crate's defaults: 19 MiB, 2 passes).
//! Hashing is CPU-heavy on purpose, so it runs off the async workers, and at most
//! one hash per core runs at a time: more cannot finish sooner, and a flood of
//! sign-ins would otherwise hold 19 MiB on each of up to 512 blocking threads.

use crate::error::{Error, Result};
use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;
use std::sync::{LazyLock, OnceLock};
use tokio::sync::Semaphore;

static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// Runs one hash or verification on the blocking pool once a core is free for it.
async fn on_a_core<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T> {
    let _permit = HASHING
        .acquire()
        .await
        .map_err(|e| Error::Internal(e.into()))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| Error::Internal(e.into()))
}

pub async fn hash(password: &str) -> Result<String> {
    let password = password.to_owned();
    on_a_core(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| Error::Internal(anyhow::anyhow!("hashing failed: {e}")))
    })
    .await?
}

pub async fn verify(password: &str, stored: &str) -> Result<bool> {
    let (password, stored) = (password.to_owned(), stored.to_owned());
    on_a_core(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else {
            return false;
        };
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
    .await
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
