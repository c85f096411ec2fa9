//! The settings table: key/value pairs.

use crate::db::now_ms;

statements! {
    /// Every stored setting as (key, value) text.
    pub fn all() -> all((String, String)) =
        "SELECT key, value FROM settings";

    /// Inserts or replaces one setting.
    pub fn put(key: &str, value: &str) -> run() =
        "INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        (key, value, now_ms());
}
