//! A link's state, recorded in smpp_links so that every instance can show every link:
//! written on bind, on unbind and on error, and otherwise at most every TICK while
//! its counters move (and every HEARTBEAT while they do not), never per message.

use super::repo::{self, LinkRow};
use super::Link;
use crate::db::now_ms;
use crate::state::AppState;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub const TICK: Duration = Duration::from_secs(3);
const HEARTBEAT_MS: i64 = 30_000;
/// Rows not updated for a day are of links long gone and are deleted.
const FORGET_MS: i64 = 24 * 3600 * 1000;

/// Parts submitted and deliver_sm received, counted by the sender and the link.
#[derive(Default)]
pub struct Counters {
    pub submitted: AtomicI64,
    pub received: AtomicI64,
}

/// The link's row as the link knows it, and what it last wrote.
pub struct Status {
    state: AppState,
    row: LinkRow,
    pub counters: Arc<Counters>,
    /// (time, submitted, received) at each write of the last minute or so.
    samples: VecDeque<(i64, i64, i64)>,
}

impl Status {
    pub fn new(state: AppState, settings: &Link) -> Status {
        let host = std::env::var("HOSTNAME")
            .ok()
            .filter(|h| !h.is_empty())
            .or_else(|| {
                std::fs::read_to_string("/etc/hostname")
                    .ok()
                    .map(|h| h.trim().to_string())
            })
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "localhost".into());
        let id = uuid::Uuid::new_v4().simple().to_string();
        let now = now_ms();
        Status {
            state,
            row: LinkRow {
                instance_id: format!("{host}:{}:{}", std::process::id(), &id[..8]),
                system_id: settings.system_id.clone(),
                smsc_addr: settings.addr.clone(),
                started_at: now,
                ..LinkRow::default()
            },
            counters: Arc::default(),
            samples: VecDeque::new(),
        }
    }

    pub async fn bound(&mut self) {
        self.row.bound = true;
        self.row.bound_since = Some(now_ms());
        self.write().await;
    }

    /// The link is down (or never came up) because of `error`.
    pub async fn down(&mut self, error: &str) {
        self.row.bound = false;
        self.row.bound_since = None;
        self.error(error).await;
    }

    pub async fn error(&mut self, error: &str) {
        self.row.last_error = Some(error.to_string());
        self.row.last_error_at = Some(now_ms());
        self.write().await;
    }

    /// The periodic write: only when counters moved, or as a heartbeat.
    pub async fn tick(&mut self) {
        let moved = self.counters.submitted.load(Ordering::Relaxed) != self.row.submitted_total
            || self.counters.received.load(Ordering::Relaxed) != self.row.received_total;
        if moved || now_ms() - self.row.updated_at >= HEARTBEAT_MS {
            self.write().await;
        }
    }

    async fn write(&mut self) {
        let now = now_ms();
        let submitted = self.counters.submitted.load(Ordering::Relaxed);
        let received = self.counters.received.load(Ordering::Relaxed);
        // The newest sample at least a minute old is the base of the last minute's
        // counts (before the first minute is over, the link's start: zero).
        while self.samples.get(1).is_some_and(|s| now - s.0 >= 60_000) {
            self.samples.pop_front();
        }
        let (base_s, base_r) = match self.samples.front() {
            Some(&(at, s, r)) if now - at >= 60_000 => (s, r),
            _ => (0, 0),
        };
        let first = self.row.updated_at == 0;
        self.row.submitted_total = submitted;
        self.row.received_total = received;
        self.row.submitted_last_minute = submitted - base_s;
        self.row.received_last_minute = received - base_r;
        self.row.updated_at = now;
        self.samples.push_back((now, submitted, received));
        let db = &self.state.db.pool;
        if first {
            if let Err(e) = repo::forget_links(db, now - FORGET_MS).await {
                tracing::warn!(error = ?e, "could not forget old SMPP link rows");
            }
        }
        if let Err(e) = repo::put_link(db, &self.row).await {
            tracing::warn!(error = ?e, "could not record the SMPP link's state");
        }
    }
}
