//! The rate_limits table: one row per bucket, its window's start and hits.

statements! {
    /// Takes one slot in one atomic upsert: the insert, the window roll-over and the
    /// limit are one statement on SQLite and PostgreSQL alike. Some(hits) when a slot
    /// was taken, None when the window already holds `max`.
    pub fn take_slot(bucket: &str, now: i64, window_ms: i64, max: i64) -> scalar_optional(i64) =
        "INSERT INTO rate_limits (bucket, window_start, hits) VALUES ($1, $2, 1) \
         ON CONFLICT (bucket) DO UPDATE SET \
         hits = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.hits + 1 END, \
         window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END \
         WHERE rate_limits.window_start <= $3 OR rate_limits.hits < $4 \
         RETURNING hits", (bucket, now, now - window_ms, max);

    pub fn window_start(bucket: &str) -> scalar_optional(i64) =
        "SELECT window_start FROM rate_limits WHERE bucket = $1";

    /// A bucket's window start and hits.
    pub fn window(bucket: &str) -> optional((i64, i64)) =
        "SELECT window_start, hits FROM rate_limits WHERE bucket = $1";

    /// Gives one slot back (never below zero).
    pub fn give_back(bucket: &str) -> run() =
        "UPDATE rate_limits SET hits = hits - 1 WHERE bucket = $1 AND hits > 0";

    pub fn delete(bucket: &str) -> run() =
        "DELETE FROM rate_limits WHERE bucket = $1";

    pub fn delete_older_than(window_start: i64) -> run() =
        "DELETE FROM rate_limits WHERE window_start < $1";
}
