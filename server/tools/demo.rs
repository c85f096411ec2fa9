//! Demo mode (the default of `make run`): the accounts shown in the demo box on /login.

use dialtone_server::auth::password;
use dialtone_server::state::AppState;
use dialtone_server::users::repo::{self, NewUser};

pub const ADMIN_EMAIL: &str = "admin@dialtone.test";
pub const ADMIN_PASSWORD: &str = "admin123";
pub const CLIENT_EMAIL: &str = "client@dialtone.test";
pub const CLIENT_PASSWORD: &str = "client123";

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let accounts = [
        ("Demo Admin", ADMIN_EMAIL, ADMIN_PASSWORD, "admin"),
        ("Demo Client", CLIENT_EMAIL, CLIENT_PASSWORD, "client"),
    ];
    for (name, email, pass, role) in accounts {
        if repo::find_by_email(&state.db.pool, email).await?.is_some() {
            continue;
        }
        let hash = password::hash(pass).await?;
        match repo::insert(
            &state.db.pool,
            NewUser {
                name,
                email,
                password_hash: &hash,
                role,
            },
        )
        .await
        {
            Ok(user) => tracing::info!(user_id = user.id, email, "demo account created"),
            // Another instance seeded it at the same moment.
            Err(e) if dialtone_server::db::is_unique_violation(&e) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

/// Gives the demo client a believable month: a deposit, two numbers, a package,
/// sixty calls through the real authorize/CDR path, and a few messages. Runs once.
pub async fn seed_history(state: &AppState) -> anyhow::Result<()> {
    use dialtone_server::ledger::{self, Kind, Posting};
    let Some(client) = repo::find_by_email(&state.db.pool, CLIENT_EMAIL).await? else {
        return Ok(());
    };
    // Claimed once, atomically, so instances starting together seed it once.
    let claimed = sqlx::query(
        "INSERT INTO settings (key, value, updated_at) VALUES ('demo_history_seeded', '1', $1) ON CONFLICT (key) DO NOTHING",
    )
    .bind(dialtone_server::db::now_ms())
    .execute(&state.db.pool)
    .await?
    .rows_affected()
        == 1;
    if !claimed {
        return Ok(());
    }
    let now = dialtone_server::db::now_ms();
    let mut tx = state.db.begin_write().await?;
    let deposit = Posting {
        user_id: client.id,
        amount: 100_000_000,
        kind: Kind::Deposit,
        description: "Deposit by card",
        reference: Some("demo:opening-deposit".into()),
        actor_id: None,
    };
    ledger::post(&mut tx, deposit)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let mut ours = Vec::new();
    for (country, kind) in [("US", "mobile"), ("GB", "mobile")] {
        let picked: Option<(i64, String, i64)> = sqlx::query_as(
            "SELECT n.id, n.number, p.monthly_micros FROM phone_numbers n JOIN countries c ON c.id = n.country_id \
             JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type \
             WHERE c.code = $1 AND n.number_type = $2 AND n.status = 'available' ORDER BY n.number LIMIT 1",
        )
        .bind(country)
        .bind(kind)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((id, number, monthly)) = picked else {
            continue;
        };
        sqlx::query(
            "UPDATE phone_numbers SET status = 'active', owner_id = $1, monthly_micros = $2, purchased_at = $3, renews_at = $4, updated_at = $3 WHERE id = $5",
        )
        .bind(client.id)
        .bind(monthly)
        .bind(now - 20 * dialtone_server::settings::DAY_MS)
        .bind(dialtone_server::settings::add_months(now - 20 * dialtone_server::settings::DAY_MS, 1))
        .bind(id)
        .execute(&mut *tx)
        .await?;
        for (amount, what) in [
            (monthly, format!("First month of {number}")),
            (
                dialtone_core::platform::defaults::SETUP_FEE_MICROS,
                format!("Setup fee for {number}"),
            ),
        ] {
            charge(&mut tx, client.id, amount, Kind::NumberPurchase, &what).await?;
        }
        ours.push(number);
    }
    // A Standard package bought at the same time: outbound calls use its minutes first.
    let package: Option<(i64, String, i64, i64, i64)> =
        sqlx::query_as("SELECT id, name, minutes, price_micros, validity_days FROM packages WHERE name = 'Standard' AND status = 'active'")
            .fetch_optional(&mut *tx)
            .await?;
    if let Some((id, name, minutes, price, validity)) = package {
        let bought = now - 20 * dialtone_server::settings::DAY_MS;
        let what = format!("{name} package ({minutes} minutes)");
        charge(&mut tx, client.id, price, Kind::PackagePurchase, &what).await?;
        sqlx::query(
            "INSERT INTO user_packages (user_id, package_id, name, minutes, seconds_remaining, price_micros, purchased_at, expires_at, status) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active')",
        )
        .bind(client.id)
        .bind(id)
        .bind(&name)
        .bind(minutes)
        .bind(minutes * 60)
        .bind(price)
        .bind(bought)
        .bind(bought + validity * dialtone_server::settings::DAY_MS)
        .execute(&mut *tx)
        .await?;
    }
    // The deposit and purchases happened when the numbers were bought, 20 days ago.
    sqlx::query("UPDATE ledger_entries SET created_at = $1 WHERE user_id = $2")
        .bind(now - 20 * dialtone_server::settings::DAY_MS)
        .bind(client.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if ours.is_empty() {
        return Ok(());
    }
    let plans = crate::traffic::plan_calls(
        7,
        &ours,
        60,
        now - 3_600_000,
        30 * dialtone_server::settings::DAY_MS,
    );
    let summary = crate::traffic::run_in_process(state, &plans).await?;
    for (to, text) in [
        ("+14155550123", "Running 10 minutes late, see you soon!"),
        ("+447700900321", "Thanks for the call today."),
    ] {
        let input = dialtone_core::validation::SmsInput {
            to: to.into(),
            message: text.into(),
        };
        dialtone_server::sms::send(state, client.id, &input, None)
            .await
            .map_err(|e| anyhow::anyhow!("demo SMS: {e}"))?;
    }
    // Backdate each call's charge to when the call happened, so the usage chart
    // shows the month the calls span rather than today.
    sqlx::query(
        "UPDATE ledger_entries SET created_at = (SELECT c.started_at FROM calls c WHERE 'call:' || c.call_id = ledger_entries.reference) \
         WHERE user_id = $1 AND kind = 'call'",
    )
    .bind(client.id)
    .execute(&state.db.pool)
    .await?;
    let mut conn = state.db.pool.acquire().await?;
    dialtone_server::ledger::post::rebuild_daily(&mut conn).await?;
    tracing::info!(
        calls = summary.allowed,
        refused = summary.refused,
        "demo call history generated"
    );
    Ok(())
}

/// Debits the demo client for a purchase, as buying it in the app would have.
async fn charge(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    amount: i64,
    kind: dialtone_server::ledger::Kind,
    description: &str,
) -> anyhow::Result<()> {
    let p = dialtone_server::ledger::Posting {
        user_id,
        amount: -amount,
        kind,
        description,
        reference: None,
        actor_id: None,
    };
    dialtone_server::ledger::post(conn, p)
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(())
}
