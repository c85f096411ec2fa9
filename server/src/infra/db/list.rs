//! Lists read a page at a time. The count and the page come from one
//! `FROM ... WHERE ...` clause and one set of binds, so a list's filter is written
//! once and its total always counts what its pages show.

use crate::paging::{Page, PageQuery};
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyPool, Row};

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
