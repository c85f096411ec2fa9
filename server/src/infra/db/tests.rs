//! The migrations, written once and rendered per backend, keep the checksums that
//! databases in service recorded and give SQLite and PostgreSQL the same schema.
//! PostgreSQL is always there in this project (127.0.0.1:5432, or
//! DIALTONE_TEST_PG_URL), whichever backend the integration tests use.

use super::*;
use std::collections::{BTreeMap, BTreeSet};

/// Each migration as first applied, with the sha384 of its SQLite and PostgreSQL text
/// (the former per-backend files): these are in `_sqlx_migrations` of every database
/// in service, and a different text would stop it at start with VersionMismatch.
const APPLIED: &[(i64, &str, &str, &str)] = &[
    (1, "accounts", "0df88025dcb2baf7d0f527ada937616aa038b33b1536a5afd1041f50477c9854edbdf6b9089621c5f350ea452addcd27", "a69abb761c8e3955cbfbe44120a2beb4e3d2c22126067f34eb8d2c07990b5cf62e31d5048ae0c5e039fa782bdb424930"),
    (2, "catalogue", "325e200d45a0aafac02bd47bec2c2b27d782e55bf6c843449232cd1695dc9c7b6ced64baeea94f7b151c9642cd2fe4e8", "30145d20373ff63087e7f73f8bdb28d37c327a76a6bbe56d3bf41e028b361ae97cd8ee4e38aace8abfec4fb955931263"),
    (3, "money", "ca939e186b6fb1cf55b4614795bd51d88c1eacd3e7f5ced964d4f9d82b78a860c9d53a50d15783c5f8cb934e962696ff", "c25715df32c907b197b5246a460460b1aa5ead43cfb350fcff895cf0f84faff88163e037ddba2686e108cf77b5085779"),
    (4, "numbers packages", "4c25be48f07310ca92f206141d8d0d0bf0354ea326d57b164b1426a7b883830d71c6316672549ea6b7535129a0aee79c", "37d1694ef12e747eb7f30ff22e32eef6216859d99260a7aa3c48b48efd5623ee8f626f78219144c8c2823e9d3c94aa51"),
    (5, "telephony", "978f84441163fafc3f7e7e12b8cbf1e568e87c8bc82efb347a463663be46c08033f0704cf71ce54eae91c638223dc7ca", "42c051bba03f2f0799352c8f016dfbe0296f807a7e43d38ad0a611c6d74a7891d795540a954ce8e87197e7e9fef547e3"),
    (6, "analytics", "6b7d0325677af0f9c53203b20d08a8ae258a89ea27b773628233c445d43972c442956af424c956323a6b37008cab27d1", "6ad782d2ccaeb220329bd214b7b3e5263be3b5899b02297199e0d60b410d4e1892b3f29415a144c161598c73482d8f75"),
    (7, "held money trial", "8a53694ff9608d4c57881bc8e082c6d1b903f262799c31d2d6e075a88065b8716d9e0be0fa23940574fed9770a960d8c", "78998f115ff114340b7cffee7d96d3e96f3a9864c51e536819ead6ee20d07dbc2b788d20f6a6e43b6b52bfe448ba7650"),
    (8, "sessions", "94e46633759839e05bb39acfba24730125028095aad3ff390d042b33202282d9227ad4f4e4138d908be4c649da543dba", "7a4f0a26bbc3cc756c56579f4d3972cb14c6679a656d0d3cbe15665ab393c357a58c61712fa1a2782121100f79b66d18"),
];

#[test]
fn applied_migrations_keep_their_versions_descriptions_and_checksums() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let migrations = Migrations(backend).list();
        let versions: Vec<i64> = migrations.iter().map(|m| m.version).collect();
        assert!(versions.windows(2).all(|w| w[0] < w[1]), "{versions:?}");
        for &(version, description, sqlite, postgres) in APPLIED {
            let m = migrations
                .iter()
                .find(|m| m.version == version)
                .unwrap_or_else(|| panic!("{backend:?} lost migration {version}"));
            let expected = if backend == Backend::Sqlite {
                sqlite
            } else {
                postgres
            };
            assert_eq!(m.description, description);
            assert_eq!(m.migration_type, MigrationType::Simple);
            assert!(!m.no_tx);
            assert_eq!(
                hex::encode(&*m.checksum),
                expected,
                "{backend:?} migration {version} ({description}) no longer renders the text databases applied"
            );
        }
    }
}

#[tokio::test]
async fn sqlite_and_postgres_migrate_to_the_same_schema() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("schema.db").display()
    );
    let sqlite = Db::connect(&url).await.unwrap();
    sqlite.migrate().await.unwrap();
    let sqlite_schema = sqlite_schema(&sqlite.pool).await;

    let pg = FreshPostgres::new().await;
    let db = Db::connect(&pg.url).await.unwrap();
    db.migrate().await.unwrap();
    let postgres_schema = postgres_schema(&db.pool).await;
    db.pool.close().await;
    pg.drop().await;

    assert!(sqlite_schema.contains_key("users") && sqlite_schema.len() > 20);
    assert_eq!(
        sqlite_schema.keys().collect::<Vec<_>>(),
        postgres_schema.keys().collect::<Vec<_>>(),
        "tables"
    );
    for (name, table) in &sqlite_schema {
        assert_eq!(
            table, &postgres_schema[name],
            "table {name}: SQLite left, PostgreSQL right"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_starting_together_on_one_postgres_database_migrate_it_once() {
    let pg = FreshPostgres::new().await;
    let mut starts = tokio::task::JoinSet::new();
    for _ in 0..4 {
        let url = pg.url.clone();
        starts.spawn(async move {
            let db = Db::connect(&url).await?;
            db.migrate().await?;
            Ok::<_, anyhow::Error>(db)
        });
    }
    let mut dbs = Vec::new();
    while let Some(started) = starts.join_next().await {
        dbs.push(started.unwrap().expect("every instance migrates"));
    }
    let applied: Vec<(i64, bool)> =
        sqlx::query_as("SELECT version, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&dbs[0].pool)
            .await
            .unwrap();
    let expected: Vec<(i64, bool)> = MIGRATIONS.iter().map(|m| (m.version, true)).collect();
    assert_eq!(applied, expected);
    for db in dbs {
        db.pool.close().await;
    }
    pg.drop().await;
}

/// A new, empty PostgreSQL database, dropped by `drop`.
struct FreshPostgres {
    base: String,
    name: String,
    url: String,
}

impl FreshPostgres {
    async fn new() -> FreshPostgres {
        let base = std::env::var("DIALTONE_TEST_PG_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
        let name = format!("dialtone_schema_{}", uuid::Uuid::new_v4().simple());
        Self::admin(&base, &format!("CREATE DATABASE {name}")).await;
        let url = format!("{base}/{name}");
        FreshPostgres { base, name, url }
    }

    async fn drop(self) {
        Self::admin(
            &self.base,
            &format!("DROP DATABASE {} WITH (FORCE)", self.name),
        )
        .await;
    }

    async fn admin(base: &str, statement: &str) {
        sqlx::any::install_default_drivers();
        let admin = AnyPool::connect(&format!("{base}/postgres"))
            .await
            .expect("PostgreSQL is reachable");
        sqlx::query(statement).execute(&admin).await.unwrap();
        admin.close().await;
    }
}

/// What both backends must agree on, per table. Types are compared by class
/// (SQLite's INTEGER and PostgreSQL's BIGINT are both a 64-bit integer); a primary
/// key column counts as NOT NULL (SQLite, for history's sake, lets a non-INTEGER
/// key hold NULL, which no code writes). CHECK constraints are compared by number:
/// PostgreSQL rewrites their text.
#[derive(Debug, Default, PartialEq)]
struct Table {
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
struct Column {
    name: String,
    kind: String,
    not_null: bool,
    default: Option<String>,
    generated_id: bool,
}

type Schema = BTreeMap<String, Table>;

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

async fn sqlite_schema(pool: &AnyPool) -> Schema {
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

async fn postgres_schema(pool: &AnyPool) -> Schema {
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
