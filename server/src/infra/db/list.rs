//! Lists read a page at a time. The count and the page come from one
//! `FROM ... WHERE ...` clause and one set of binds, so a list's filter is written
//! once and its total always counts what its pages show. Lists paged by keyset
//! instead (a page costs the same at any depth, and has no count) read a `Window`.

use super::Exec;
use crate::paging::{Page, PageQuery};
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyPool, FromRow, Row};

/// A statement on the Any driver, as a list's binds take and give it.
pub type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// What a list reads; every part is a constant of the calling repository, never input.
pub struct List<'a> {
    /// The `FROM ... WHERE ...` clause, its values in placeholders `$1` to `$n`.
    pub from: &'a str,
    pub columns: &'a str,
    /// The ORDER BY terms.
    pub order: &'a str,
}

impl List<'_> {
    /// Page `q` of the list and the size of the whole list. `bind` adds the clause's
    /// values in placeholder order (owned, as both statements take them); LIMIT and
    /// OFFSET take the two placeholders after the clause's last.
    pub async fn page<T>(
        &self,
        pool: &AnyPool,
        bind: impl for<'q> Fn(AnyQuery<'q>) -> AnyQuery<'q>,
        q: PageQuery,
        row: impl Fn(&AnyRow) -> sqlx::Result<T>,
    ) -> sqlx::Result<Page<T>> {
        let count = format!("SELECT COUNT(*) {}", self.from);
        let total: i64 = bind(sqlx::query(&count))
            .fetch_one(pool)
            .await?
            .try_get(0)?;
        let n = last_placeholder(self.from);
        let sql = format!(
            "SELECT {} {} ORDER BY {} LIMIT ${} OFFSET ${}",
            self.columns,
            self.from,
            self.order,
            n + 1,
            n + 2
        );
        let rows = bind(sqlx::query(&sql))
            .bind(q.limit())
            .bind(q.offset())
            .fetch_all(pool)
            .await?;
        let items = rows.iter().map(row).collect::<sqlx::Result<_>>()?;
        Ok(Page::new(items, total, q))
    }
}

/// Page `q` of a user's rows of `table` (`user_id`), newest first, read with
/// `columns` (both constants of the calling repository).
pub async fn owned<T>(
    pool: &AnyPool,
    table: &str,
    columns: &str,
    user_id: i64,
    q: PageQuery,
    row: impl Fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<Page<T>> {
    let from = format!("FROM {table} WHERE user_id = $1");
    let list = List {
        from: &from,
        columns,
        order: "id DESC",
    };
    list.page(pool, |x| x.bind(user_id), q, row).await
}

/// Rows of a page read by keyset: those with ids below `before_id` (any, when None),
/// newest first, `offset` of them skipped and `limit` taken.
pub struct Window {
    pub before_id: Option<i64>,
    pub limit: i64,
    pub offset: i64,
}

/// A value of a filter, bound in its turn.
#[derive(Clone, Copy)]
pub enum Value<'a> {
    Int(i64),
    Text(&'a str),
}

/// The statement with `values` bound after what it has, in order.
pub fn bind_all<'q>(query: AnyQuery<'q>, values: &[Value<'q>]) -> AnyQuery<'q> {
    values.iter().fold(query, |q, value| match *value {
        Value::Int(v) => q.bind(v),
        Value::Text(v) => q.bind(v),
    })
}

impl Window {
    /// The window's rows of an owner's list: `columns` of `from` (a `FROM ... WHERE`
    /// clause, a constant of the calling repository, that takes the owner as `$1`, the
    /// keyset as `$2` (rows whose `id` is below it) and `filter`'s values from `$3` on),
    /// newest first by `id`.
    pub async fn rows<'e, T>(
        &self,
        ex: impl Exec<'e>,
        columns: &str,
        from: &str,
        id: &str,
        owner: i64,
        filter: &[Value<'_>],
    ) -> sqlx::Result<Vec<T>>
    where
        T: for<'r> FromRow<'r, AnyRow>,
    {
        let n = 2 + filter.len();
        let sql = format!(
            "SELECT {columns} {from} ORDER BY {id} DESC LIMIT ${} OFFSET ${}",
            n + 1,
            n + 2
        );
        let keyset = sqlx::query(&sql)
            .bind(owner)
            .bind(self.before_id.unwrap_or(i64::MAX));
        let rows = bind_all(keyset, filter)
            .bind(self.limit)
            .bind(self.offset)
            .fetch_all(ex)
            .await?;
        rows.iter().map(|r| T::from_row(r)).collect()
    }
}

/// The highest `$n` placeholder in a clause (0 when it has none).
fn last_placeholder(clause: &str) -> usize {
    clause
        .split('$')
        .skip(1)
        .filter_map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::last_placeholder;

    #[test]
    fn the_page_placeholders_follow_the_clauses_last() {
        assert_eq!(last_placeholder("FROM t"), 0);
        assert_eq!(
            last_placeholder("FROM t WHERE a = $1 AND ($2 = '' OR b = $2)"),
            2
        );
        assert_eq!(
            last_placeholder("FROM t WHERE a >= $3 AND b < $12 AND c = $4"),
            12
        );
    }
}
