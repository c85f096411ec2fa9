//! The migrations, written once and rendered per backend, keep the checksums that
//! databases in service recorded and give SQLite and PostgreSQL the same schema.
//! PostgreSQL is always there in this project (127.0.0.1:5432, or
//! DIALTONE_TEST_PG_URL), whichever backend the integration tests use.

mod schema;

use super::*;
use schema::{postgres_schema, sqlite_schema};

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
