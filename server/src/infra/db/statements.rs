//! `statements!` declares repository functions that each run one statement: the
//! function's name, its arguments, what it returns and its SQL, and nothing else.
//! Most of a repository is such functions; written out, each repeated the same
//! query, bind, fetch and await around its one line of meaning.
//!
//! ```ignore
//! statements! {
//!     /// The owner of a voicemail, if it exists.
//!     pub fn owner_of(id: i64) -> scalar_optional(i64) =
//!         "SELECT user_id FROM ivr_voicemails WHERE id = $1";
//!     /// Marks a voicemail heard; the binds differ from the arguments, so they follow.
//!     pub fn hear(id: i64) -> run() =
//!         "UPDATE ivr_voicemails SET heard_at = $1 WHERE id = $2", (now_ms(), id);
//! }
//! ```
//!
//! Each declaration becomes `async fn name<'e>(ex: impl Exec<'e>, args..) ->
//! sqlx::Result<..>`. The SQL is a literal, or an expression such as `&format!(..)`
//! of a column list. The arguments are bound in order unless a list of binds follows
//! the SQL after a comma. What it returns:
//! - `all(T)`, `optional(T)`, `one(T)`: rows read through `T`'s `FromRow` (a
//!   struct or a tuple) as `Vec<T>`, `Option<T>` or `T`;
//! - `scalar_all(T)`, `scalar_optional(T)`, `scalar_one(T)`: the first column;
//! - `run()`: nothing; `changed_one()`: whether exactly one row changed (the one
//!   caller that won a conditional write); `changed_any()`: whether any did;
//!   `changed_count()`: how many rows changed.

#[macro_export]
macro_rules! statements {
    () => {};
    (
        $(#[$meta:meta])*
        $vis:vis fn $name:ident($($arg:ident: $ty:ty),* $(,)?) -> $kind:ident($($out:ty)?) =
            $sql:expr $(, ($($bind:expr),* $(,)?))?;
        $($rest:tt)*
    ) => {
        $(#[$meta])*
        $vis async fn $name<'e>(
            ex: impl $crate::db::Exec<'e>,
            $($arg: $ty),*
        ) -> sqlx::Result<$crate::statement_output!($kind $(, $out)?)> {
            $crate::statement_run!($kind, ex, $sql, [$($arg),*] $([$($bind),*])?)
        }
        $crate::statements!($($rest)*);
    };
}

/// What a declaration's function returns, by its kind.
#[macro_export]
#[doc(hidden)]
macro_rules! statement_output {
    (all, $t:ty) => { Vec<$t> };
    (optional, $t:ty) => { Option<$t> };
    (one, $t:ty) => { $t };
    (scalar_all, $t:ty) => { Vec<$t> };
    (scalar_optional, $t:ty) => { Option<$t> };
    (scalar_one, $t:ty) => { $t };
    (run) => { () };
    (changed_one) => { bool };
    (changed_any) => { bool };
    (changed_count) => { u64 };
}

/// The statement itself, by kind.
#[macro_export]
#[doc(hidden)]
macro_rules! statement_run {
    // Each kind: its query constructor, its fetch, and what its result becomes.
    (@ all, $($rest:tt)*) => { $crate::statement_run!(@go query_as, fetch_all, [], $($rest)*) };
    (@ optional, $($rest:tt)*) => {
        $crate::statement_run!(@go query_as, fetch_optional, [], $($rest)*)
    };
    (@ one, $($rest:tt)*) => { $crate::statement_run!(@go query_as, fetch_one, [], $($rest)*) };
    (@ scalar_all, $($rest:tt)*) => {
        $crate::statement_run!(@go query_scalar, fetch_all, [], $($rest)*)
    };
    (@ scalar_optional, $($rest:tt)*) => {
        $crate::statement_run!(@go query_scalar, fetch_optional, [], $($rest)*)
    };
    (@ scalar_one, $($rest:tt)*) => {
        $crate::statement_run!(@go query_scalar, fetch_one, [], $($rest)*)
    };
    (@ run, $($rest:tt)*) => { $crate::statement_run!(@go query, execute, [|_| ()], $($rest)*) };
    (@ changed_one, $($rest:tt)*) => {
        $crate::statement_run!(@go query, execute, [|d| d.rows_affected() == 1], $($rest)*)
    };
    (@ changed_any, $($rest:tt)*) => {
        $crate::statement_run!(@go query, execute, [|d| d.rows_affected() > 0], $($rest)*)
    };
    (@ changed_count, $($rest:tt)*) => {
        $crate::statement_run!(@go query, execute, [|d| d.rows_affected()], $($rest)*)
    };
    (@go $q:ident, $fetch:ident, [$($map:expr)?], $ex:ident, $sql:expr, $($b:expr),*) => {
        sqlx::$q($sql)$(.bind($b))*.$fetch($ex).await$(.map($map))?
    };
    // Without a list of binds the arguments are bound in order; with one, the list.
    ($kind:ident, $ex:ident, $sql:expr, [$($arg:ident),*]) => {
        $crate::statement_run!(@ $kind, $ex, $sql, $($arg),*)
    };
    ($kind:ident, $ex:ident, $sql:expr, [$($arg:ident),*] [$($b:expr),*]) => {
        $crate::statement_run!(@ $kind, $ex, $sql, $($b),*)
    };
}
