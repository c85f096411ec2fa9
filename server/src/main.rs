// Demo accounts and their call history (demo mode, the default of `make run`), and the
// traffic plans the history is made of: tools, kept out of the library.
#[path = "../tools/demo.rs"]
mod demo;
#[path = "../tools/traffic.rs"]
#[allow(dead_code)] // the HTTP runner is the dialtone-traffic binary's
mod traffic;

use dialtone_server::config::Config;
use std::path::Path;

const USAGE: &str = "usage: dialtone-server [serve | check | backup FILE | restore FILE]";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    return_large_allocations_to_the_system();
    dialtone_server::telemetry::logs::init();
    let config = Config::from_env()?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        [] | ["serve"] => {
            let state = dialtone_server::prepare(config).await?;
            if state.config.demo {
                demo::seed(&state).await?;
                demo::seed_history(&state).await?;
                // The history bought numbers: back in stock before anyone buys.
                dialtone_server::numbers::stock::restock_demo(&state).await?;
            }
            dialtone_server::serve(state).await
        }
        ["check"] => {
            // The money invariants, for operators and benchmarks: exits non-zero when broken.
            let db = dialtone_server::db::Db::connect(&config.database_url).await?;
            let broken = dialtone_server::ledger::invariant_violations(&db.pool).await?;
            let held = dialtone_server::voice::repo::open_reservations(&db.pool).await?;
            if broken.is_empty() {
                println!("invariants hold: balance == sum(ledger), no balance below zero, reserved == sum(open reservations), calls in progress == outbound reservations, no charge without a ledger row; {held} call reservations open");
                Ok(())
            } else {
                anyhow::bail!("{} money invariants broken: {broken:?}", broken.len())
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

/// glibc raises its mmap threshold after the first large free, so the 19 MiB of every
/// later argon2id hash comes from a per-thread arena that keeps it: after a burst of
/// sign-ins the process held 360 MiB instead of 75. A fixed threshold keeps large
/// blocks mapped on their own and unmapped when freed.
fn return_large_allocations_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes allocator parameters; it is called before any
    // request is served.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1024 * 1024);
    }
}
