//! This instance's circuit breakers on customers' TwiML URLs (core's `breaker` rule),
//! by URL without its query. Only URLs that missed are kept: an answer forgets one.

use dialtone_core::breaker::Breaker;
use std::collections::HashMap;
use std::sync::Mutex;

/// More URLs than this missing at once: the oldest knowledge is dropped (all of it; a
/// burst of dead URLs is rare, and forgetting only lets them be asked once more).
const KEPT: usize = 10_000;

fn breakers() -> &'static Mutex<HashMap<String, Breaker>> {
    static BREAKERS: std::sync::OnceLock<Mutex<HashMap<String, Breaker>>> =
        std::sync::OnceLock::new();
    BREAKERS.get_or_init(Default::default)
}

/// The URL a breaker is kept for: scheme, host, port and path.
fn key(url: &str) -> String {
    url.split(['?', '#']).next().unwrap_or(url).to_string()
}

/// Until when `url` is parked, if it is at `now`.
pub fn parked_until(url: &str, now: i64) -> Option<i64> {
    let b = breakers().lock().unwrap().get(&key(url)).copied()?;
    (!b.allows(now)).then_some(b.parked_until)
}

/// Notes that a request to `url` at `now` got an HTTP answer or none.
pub fn note(url: &str, answered: bool, now: i64) {
    let mut all = breakers().lock().unwrap();
    let key = key(url);
    if answered {
        all.remove(&key);
        return;
    }
    if all.len() >= KEPT && !all.contains_key(&key) {
        all.clear();
    }
    let b = all.entry(key).or_default();
    *b = b.after(false, now);
}
