//! Each backend's schema as the migrations left it, read from its own catalogue
//! (SQLite's sqlite_master and pragmas, PostgreSQL's pg_catalog), in one shape to
//! compare.

use sqlx::AnyPool;
use std::collections::{BTreeMap, BTreeSet};

/// What both backends must agree on, per table. Types are compared by class
/// (SQLite's INTEGER and PostgreSQL's BIGINT are both a 64-bit integer); a primary
/// key column counts as NOT NULL (SQLite, for history's sake, lets a non-INTEGER
/// key hold NULL, which no code writes). CHECK constraints are compared by number:
/// PostgreSQL rewrites their text.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Table {
    columns: Vec<Column>,
    primary_key: Vec<String>,
    unique: BTreeSet<Vec<String>>,
    /// Named indexes that do not back a constraint: name -> (unique, partial, columns).
    indexes: BTreeMap<String, (bool, bool, Vec<String>)>,
    /// (columns, referenced table, referenced columns, ON DELETE).
    foreign_keys: BTreeSet<(Vec<String>, String, Vec<String>, String)>,
    checks: usize,
}

#[derive(Debug, PartialEq)]
pub(super) struct Column {
    name: String,
    kind: String,
    not_null: bool,
    default: Option<String>,
    generated_id: bool,
}

pub(super) type Schema = BTreeMap<String, Table>;

/// pg_constraint: type, columns, referenced table, referenced columns, ON DELETE.
type Constraint = (
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
);

fn split(list: Option<String>) -> Vec<String> {
    list.map(|l| l.split(',').map(str::to_string).collect())
        .unwrap_or_default()
}

pub(super) async fn sqlite_schema(pool: &AnyPool) -> Schema {
    let tables: Vec<(String, String)> = sqlx::query_as(
        "SELECT name, sql FROM sqlite_master WHERE type = 'table' \
         AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (name, sql) in tables {
        let mut table = sqlite_columns(pool, &name, &sql).await;
        sqlite_indexes(pool, &name, &mut table).await;
        sqlite_foreign_keys(pool, &name, &mut table).await;
        table.checks = sql.to_lowercase().matches("check (").count();
        schema.insert(name, table);
    }
    schema
}

async fn sqlite_columns(pool: &AnyPool, name: &str, sql: &str) -> Table {
    let mut table = Table::default();
    let columns: Vec<(String, String, i64, Option<String>, i64)> = sqlx::query_as(
        "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info($1) ORDER BY cid",
    )
    .bind(name)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut key: Vec<(i64, String)> = columns
        .iter()
        .filter(|c| c.4 > 0)
        .map(|c| (c.4, c.0.clone()))
        .collect();
    key.sort();
    table.primary_key = key.into_iter().map(|(_, c)| c).collect();
    let single_key = match table.primary_key.as_slice() {
        [column] => Some(column.clone()),
        _ => None,
    };
    for (column, kind, not_null, default, pk) in &columns {
        table.columns.push(Column {
            name: column.clone(),
            kind: match kind.as_str() {
                "INTEGER" => "int64".into(),
                "TEXT" => "text".into(),
                "BLOB" => "bytes".into(),
                other => format!("sqlite {other}"),
            },
            not_null: *not_null != 0 || *pk > 0,
            default: default.clone(),
            // The rowid alias, numbered by SQLite; AUTOINCREMENT never reuses a number.
            generated_id: kind == "INTEGER"
                && single_key.as_ref() == Some(column)
                && sql.contains("AUTOINCREMENT"),
        });
    }
    table
}

async fn sqlite_indexes(pool: &AnyPool, name: &str, table: &mut Table) {
    let indexes: Vec<(String, i64, String, i64)> =
        sqlx::query_as("SELECT name, \"unique\", origin, partial FROM pragma_index_list($1)")
            .bind(name)
            .fetch_all(pool)
            .await
            .unwrap();
    for (index, unique, origin, partial) in indexes {
        let columns: Vec<(Option<String>,)> =
            sqlx::query_as("SELECT name FROM pragma_index_info($1) ORDER BY seqno")
                .bind(&index)
                .fetch_all(pool)
                .await
                .unwrap();
        let columns: Vec<String> = columns
            .into_iter()
            .map(|(c,)| c.unwrap_or_else(|| "<expression>".into()))
            .collect();
        match origin.as_str() {
            "pk" => assert_eq!(columns, table.primary_key, "{name}"),
            "u" => {
                table.unique.insert(columns);
            }
            _ => {
                table
                    .indexes
                    .insert(index, (unique != 0, partial != 0, columns));
            }
        }
    }
}

async fn sqlite_foreign_keys(pool: &AnyPool, name: &str, table: &mut Table) {
    let keys: Vec<(i64, String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list($1) \
         ORDER BY id, seq",
    )
    .bind(name)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut grouped: BTreeMap<i64, (Vec<String>, String, Vec<String>, String)> = BTreeMap::new();
    for (id, target, from, to, on_delete) in keys {
        let key = grouped
            .entry(id)
            .or_insert_with(|| (vec![], target.clone(), vec![], on_delete));
        key.0.push(from);
        key.2
            .push(to.expect("foreign keys name the referenced column"));
    }
    table.foreign_keys = grouped.into_values().collect();
}

pub(super) async fn postgres_schema(pool: &AnyPool) -> Schema {
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' \
         AND table_type = 'BASE TABLE' AND table_name <> '_sqlx_migrations'",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut schema = Schema::new();
    for (name,) in tables {
        let mut table = postgres_columns(pool, &name).await;
        postgres_constraints(pool, &name, &mut table).await;
        postgres_indexes(pool, &name, &mut table).await;
        schema.insert(name, table);
    }
    schema
}

/// The names of an int2 array of attribute numbers of a relation, in order.
fn names(numbers: &str, relation: &str) -> String {
    format!(
        "(SELECT string_agg(coalesce(a.attname::text, '<expression>'), ',' ORDER BY k.o) \
         FROM unnest({numbers}) WITH ORDINALITY k (n, o) \
         LEFT JOIN pg_attribute a ON a.attrelid = {relation} AND a.attnum = k.n)"
    )
}

async fn postgres_columns(pool: &AnyPool, name: &str) -> Table {
    let mut table = Table::default();
    let columns: Vec<(String, String, String, Option<String>, String)> = sqlx::query_as(
        "SELECT column_name::text, data_type::text, is_nullable::text, column_default::text, \
         is_identity::text FROM information_schema.columns \
         WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
    )
    .bind(name)
    .fetch_all(pool)
    .await
    .unwrap();
    for (column, kind, nullable, default, identity) in columns {
        table.columns.push(Column {
            name: column,
            kind: match kind.as_str() {
                "bigint" => "int64".into(),
                "text" => "text".into(),
                "bytea" => "bytes".into(),
                other => format!("postgres {other}"),
            },
            not_null: nullable == "NO",
            default: default.map(|d| d.trim_end_matches("::text").to_string()),
            generated_id: identity == "YES",
        });
    }
    table
}

async fn postgres_constraints(pool: &AnyPool, name: &str, table: &mut Table) {
    let constraints: Vec<Constraint> = sqlx::query_as(&format!(
        "SELECT c.contype::text, {}, c.confrelid::regclass::text, {}, c.confdeltype::text \
         FROM pg_constraint c WHERE c.conrelid = $1::text::regclass",
        names("c.conkey", "c.conrelid"),
        names("c.confkey", "c.confrelid"),
    ))
    .bind(name)
    .fetch_all(pool)
    .await
    .unwrap();
    for (kind, columns, target, target_columns, on_delete) in constraints {
        match kind.as_str() {
            "p" => table.primary_key = split(columns),
            "u" => {
                table.unique.insert(split(columns));
            }
            "c" => table.checks += 1,
            // PostgreSQL 18 records NOT NULL as constraints too: compared as columns.
            "n" => {}
            "f" => {
                let on_delete = match on_delete.as_str() {
                    "a" => "NO ACTION",
                    "r" => "RESTRICT",
                    "c" => "CASCADE",
                    "n" => "SET NULL",
                    "d" => "SET DEFAULT",
                    other => panic!("ON DELETE {other}"),
                };
                table.foreign_keys.insert((
                    split(columns),
                    target.unwrap(),
                    split(target_columns),
                    on_delete.into(),
                ));
            }
            other => panic!("{name}: constraint type {other} has no SQLite counterpart here"),
        }
    }
}

async fn postgres_indexes(pool: &AnyPool, name: &str, table: &mut Table) {
    let indexes: Vec<(String, bool, bool, Option<String>)> = sqlx::query_as(&format!(
        "SELECT i.relname::text, x.indisunique, x.indpred IS NOT NULL, {} \
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid \
         WHERE x.indrelid = $1::text::regclass \
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)",
        names("x.indkey::int2[]", "x.indrelid"),
    ))
    .bind(name)
    .fetch_all(pool)
    .await
    .unwrap();
    for (index, unique, partial, columns) in indexes {
        table
            .indexes
            .insert(index, (unique, partial, split(columns)));
    }
}
