use dialtone_server::config::Config;
use std::path::Path;
use tracing_subscriber::EnvFilter;

const USAGE: &str = "usage: dialtone-server [serve | check | backup FILE | restore FILE]";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=warn")),
        )
        .init();
    let config = Config::from_env()?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] | ["serve"] => dialtone_server::serve(config).await,
        ["check"] => {
            // The money invariants, for operators and benchmarks: exits non-zero when broken.
            let db = dialtone_server::db::Db::connect(&config.database_url).await?;
            let broken = dialtone_server::ledger::invariant_violations(&db.pool).await?;
            let held: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM call_reservations")
                .fetch_one(&db.pool)
                .await?;
            if broken.is_empty() {
                println!("invariants hold: balance == sum(ledger) and no balance below zero; {held} call reservations open");
                Ok(())
            } else {
                anyhow::bail!(
                    "{} accounts break balance == sum(ledger): {broken:?}",
                    broken.len()
                )
            }
        }
        ["backup", file] => {
            let db = dialtone_server::db::Db::connect(&config.database_url).await?;
            dialtone_server::backup::backup(&db, Path::new(file)).await?;
            println!("backup written and verified: {file}");
            Ok(())
        }
        ["restore", file] => {
            let database = dialtone_server::backup::sqlite_path(&config.database_url)?;
            dialtone_server::backup::restore(Path::new(file), &database).await?;
            println!("restored {file} into {}", database.display());
            Ok(())
        }
        _ => anyhow::bail!("{USAGE}"),
    }
}
