//! Shared application state handed to every handler.

use crate::auth::tokens::JwtKeys;
use crate::config::Config;
use crate::db::Db;
use crate::mail::Mailer;
use std::ops::Deref;
use std::sync::Arc;

#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub config: Config,
    pub db: Db,
    pub jwt: JwtKeys,
    pub mailer: Mailer,
    /// The call path's write transactions, committed together on SQLite.
    pub call_writes: crate::voice::batch::Batcher,
    /// The rate decks calls are rated with, cached per instance.
    pub decks: crate::rates::DeckCache,
    /// The platform settings the call path's guards read, cached per instance.
    pub guard_settings: crate::limits::guard_settings::GuardSettingsCache,
    /// The switch's requests worked on at once (`config.switch_queue`): one slot each,
    /// none left means 503 at once (`voice::switch`).
    pub switch_slots: Arc<tokio::sync::Semaphore>,
    /// When the fraud job last looked (unix ms): it looks at accounts whose calls were
    /// recorded since (`fraud::detect_due`).
    pub fraud_checked_at: std::sync::atomic::AtomicI64,
    /// This instance's IVR endpoint, which places the Calls API's calls.
    pub ivr: crate::voice::ivr_endpoint::Handle,
    /// The STIR/SHAKEN signer (`config.stir`); None: calls leave unsigned.
    pub stir: Option<crate::voice::stir::Signer>,
}

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn new(config: Config, db: Db) -> AppState {
        let jwt = JwtKeys::new(&config.jwt_secret);
        let mailer = Mailer::new(&config, db.clone());
        let switch_slots = Arc::new(tokio::sync::Semaphore::new(config.switch_queue));
        // Checked when the configuration was read (`StirKey::read`).
        let stir = config.stir.as_ref().map(|key| {
            crate::voice::stir::Signer::new(key).expect("a STIR key checked at startup")
        });
        AppState(Arc::new(Inner {
            config,
            db,
            jwt,
            mailer,
            call_writes: Default::default(),
            decks: Default::default(),
            guard_settings: Default::default(),
            switch_slots,
            fraud_checked_at: Default::default(),
            ivr: Default::default(),
            stir,
        }))
    }
}
