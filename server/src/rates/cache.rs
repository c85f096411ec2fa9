//! The decks calls are rated with, held in memory per instance: the schedule of
//! applied decks (a few rows, read again at most every `REFRESH` so a deck applied
//! on another instance takes over here within that time) and the prefix table of
//! each deck a call needed (core's `PrefixTable`, loaded once per deck).

use super::repo;
use crate::db::Db;
use crate::voice::destination::Destination;
use dialtone_core::rates::deck_schedule::deck_in_force;
use dialtone_core::rating::PrefixTable;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// How stale the schedule may get before a lookup reads it again.
pub const REFRESH: Duration = Duration::from_millis(250);
/// Prefix tables kept: the live deck, the next one, and a couple for late CDRs.
const MAX_TABLES: usize = 4;

type Table = Arc<PrefixTable<Destination>>;

#[derive(Default, Clone)]
struct Snapshot {
    read_at: Option<Instant>,
    schedule: Arc<Vec<(i64, i64)>>,
    tables: HashMap<i64, Table>,
}

#[derive(Default)]
pub struct DeckCache {
    snapshot: RwLock<Snapshot>,
    /// One reader of the database at a time; the others wait and use its result.
    loading: tokio::sync::Mutex<()>,
}

impl DeckCache {
    fn current(&self) -> Snapshot {
        self.snapshot.read().expect("deck cache lock").clone()
    }

    /// Forgets the schedule, so the next lookup reads it (after a deck is applied here).
    pub fn invalidate(&self) {
        self.snapshot.write().expect("deck cache lock").read_at = None;
    }

    fn fresh(s: &Snapshot) -> bool {
        s.read_at.is_some_and(|t| t.elapsed() < REFRESH)
    }

    /// The deck destination of `number` in the deck in force at `at` (unix ms): None
    /// when no deck is in force then, Some(None) when that deck has no prefix of it.
    pub async fn lookup(
        &self,
        db: &Db,
        number: &str,
        at: i64,
    ) -> Result<Option<Option<Destination>>, sqlx::Error> {
        let mut snap = self.current();
        if !Self::fresh(&snap) {
            // A stale schedule is used while another task reads it again; a missing
            // one (at start, or just after a deck was applied here) is waited for.
            let guard = match snap.read_at {
                Some(_) => self.loading.try_lock().ok(),
                None => Some(self.loading.lock().await),
            };
            snap = self.current();
            if guard.is_some() && !Self::fresh(&snap) {
                let schedule = repo::schedule(&db.pool).await?;
                snap.tables
                    .retain(|id, _| schedule.iter().any(|(_, d)| d == id));
                snap.schedule = Arc::new(schedule);
                snap.read_at = Some(Instant::now());
                *self.snapshot.write().expect("deck cache lock") = snap.clone();
            }
        }
        let Some(deck_id) = deck_in_force(&snap.schedule, at) else {
            return Ok(None);
        };
        let table = match snap.tables.get(&deck_id) {
            Some(t) => t.clone(),
            None => self.load(db, deck_id).await?,
        };
        let region = crate::infra::numbering::region(number);
        Ok(Some(table.lookup_in(number, region.as_deref()).cloned()))
    }

    async fn load(&self, db: &Db, deck_id: i64) -> Result<Table, sqlx::Error> {
        let _one = self.loading.lock().await;
        if let Some(t) = self.current().tables.get(&deck_id) {
            return Ok(t.clone());
        }
        let mut table = PrefixTable::new();
        for (prefix, destination) in repo::destinations(&db.pool, deck_id).await? {
            table.insert(&prefix, destination);
        }
        let table = Arc::new(table);
        let mut snap = self.snapshot.write().expect("deck cache lock");
        if snap.tables.len() >= MAX_TABLES {
            let now = crate::db::now_ms();
            let live = deck_in_force(&snap.schedule, now);
            snap.tables.retain(|id, _| Some(*id) == live);
        }
        snap.tables.insert(deck_id, table.clone());
        Ok(table)
    }
}
