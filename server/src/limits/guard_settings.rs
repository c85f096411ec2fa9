//! The platform settings a call's guards read (the administrator's extra high-risk
//! prefixes and the default limits), held in memory per instance: read again at most
//! every `REFRESH`, so a change saved on another instance holds here within that time,
//! and at once on the instance that saved it (`invalidate`). Each outbound call then
//! reads neither setting nor parses the defaults: two subqueries and a JSON parse fewer
//! on the call path (issue 43's budget of 5% for the guards).

use super::repo;
use dialtone_core::caps::{Caps, DEFAULT_CAPS};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// How stale the settings may get before a call reads them again.
pub const REFRESH: Duration = Duration::from_millis(250);

/// The settings as the guards use them.
#[derive(Debug, Clone, Default)]
pub struct GuardSettings {
    /// Extra high-risk prefixes, as stored (core's `permissions::high_risk` reads them).
    pub high_risk: Option<String>,
    /// The platform's default limits (core's until an administrator saves some).
    pub defaults: Caps,
}

#[derive(Default)]
pub struct GuardSettingsCache {
    snapshot: RwLock<Option<(Instant, Arc<GuardSettings>)>>,
}

impl GuardSettingsCache {
    /// Forgets the settings, so the next call reads them (after an administrator saved).
    pub fn invalidate(&self) {
        *self.snapshot.write().expect("guard settings lock") = None;
    }

    /// The settings, read again when older than `REFRESH`, on the connection the call
    /// already holds: a call asking the pool for a second one while holding the first
    /// waits for the pool's timeout once 64 calls in flight hold them all (PostgreSQL
    /// fell to 65 pairs/s with 10 s p99 when this read went to the pool). Calls arriving
    /// together on a stale snapshot may each read it: a few reads of two rows.
    pub async fn get(&self, conn: &mut sqlx::AnyConnection) -> sqlx::Result<Arc<GuardSettings>> {
        if let Some((at, settings)) = &*self.snapshot.read().expect("guard settings lock") {
            if at.elapsed() < REFRESH {
                return Ok(settings.clone());
            }
        }
        let (high_risk, defaults) = repo::guard_settings(&mut *conn).await?;
        let settings = Arc::new(GuardSettings {
            high_risk,
            defaults: Caps::read(defaults.as_deref(), DEFAULT_CAPS),
        });
        *self.snapshot.write().expect("guard settings lock") =
            Some((Instant::now(), settings.clone()));
        Ok(settings)
    }
}
