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

/// The plan the demo client is on.
const DEMO_PLAN: &str = "Basic";

/// Gives the demo client a believable month: a deposit, a plan, two numbers,
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
    // The plan first, so that the numbers it includes pay no monthly fee, as in the shop.
    let bought = now - 20 * dialtone_server::settings::DAY_MS;
    buy_plan(&mut tx, client.id, DEMO_PLAN, bought).await?;
    let mut ours = Vec::new();
    for (country, kind) in [("US", "mobile"), ("GB", "mobile")] {
        if let Some(number) = buy_number(&mut tx, client.id, country, kind, bought).await? {
            ours.push(number);
        }
    }
    // The deposit and purchases happened when the numbers were bought, 20 days ago.
    sqlx::query("UPDATE ledger_entries SET created_at = $1 WHERE user_id = $2")
        .bind(bought)
        .bind(client.id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    if ours.is_empty() {
        return Ok(());
    }
    // The calls come after the purchases, so that the ledger's order (its ids) is also
    // its time order, which statements follow from opening to closing balance.
    let plans = crate::traffic::plan_calls(
        7,
        &ours,
        60,
        now - 3_600_000,
        19 * dialtone_server::settings::DAY_MS,
    );
    // The sixty calls go through the call path in a moment, not over the weeks they are
    // dated: the account's calls-per-second limit would refuse most of them, so it is
    // lifted for them and the account's limits given back after.
    use dialtone_core::caps::{Caps, DEFAULT_CAPS};
    use dialtone_server::limits::repo as limits;
    let unhurried = Caps {
        calls_per_second: None,
        ..DEFAULT_CAPS
    };
    limits::set_ceiling(&state.db.pool, client.id, Some(unhurried.store())).await?;
    let summary = crate::traffic::run_in_process(state, &plans).await;
    limits::set_ceiling(&state.db.pool, client.id, None).await?;
    let summary = summary?;
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

/// Buys the plan named `name` at `bought`, as the shop would have, when it is on sale.
async fn buy_plan(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    name: &str,
    bought: i64,
) -> anyhow::Result<()> {
    use dialtone_server::packages::repo::{self as packages, plans};
    let id: Option<i64> =
        sqlx::query_scalar("SELECT id FROM packages WHERE name = $1 AND status = 'active'")
            .bind(name)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(id) = id else { return Ok(()) };
    let Some(plan) = plans::find_on_sale(&mut *conn, id).await? else {
        return Ok(());
    };
    let what = format!("{} package ({} minutes)", plan.name, plan.minutes);
    let kind = dialtone_server::ledger::Kind::PackagePurchase;
    charge(conn, user_id, plan.price_micros, kind, &what).await?;
    let owned = packages::NewOwned {
        user_id,
        package_id: id,
        name: &plan.name,
        minutes: plan.minutes,
        price_micros: plan.price_micros,
        purchased_at: bought,
        expires_at: bought + plan.validity_days * dialtone_server::settings::DAY_MS,
        included_numbers: plan.included_numbers,
        ivr_flows: plan.ivr_flows,
        ivr_level: &plan.ivr_level,
    };
    packages::insert_owned(&mut *conn, owned).await?;
    Ok(())
}

/// Buys the first number in stock of `country` and `kind` at `bought`: its setup fee,
/// and its first month unless the plan includes it.
async fn buy_number(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    country: &str,
    kind: &str,
    bought: i64,
) -> anyhow::Result<Option<String>> {
    use dialtone_server::packages::allowance::{self, Place};
    use dialtone_server::settings::add_months;
    let picked: Option<(i64, String, i64)> = sqlx::query_as(
        "SELECT n.id, n.number, p.monthly_micros FROM phone_numbers n JOIN countries c ON c.id = n.country_id \
         JOIN number_prices p ON p.country_id = n.country_id AND p.number_type = n.number_type \
         WHERE c.code = $1 AND n.number_type = $2 AND n.status = 'available' ORDER BY n.number LIMIT 1",
    )
    .bind(country)
    .bind(kind)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((id, number, monthly)) = picked else {
        return Ok(None);
    };
    sqlx::query(
        "UPDATE phone_numbers SET status = 'active', owner_id = $1, monthly_micros = $2, purchased_at = $3, renews_at = $4, updated_at = $3 WHERE id = $5",
    )
    .bind(user_id)
    .bind(monthly)
    .bind(bought)
    .bind(add_months(bought, 1))
    .bind(id)
    .execute(&mut *conn)
    .await?;
    let setup = dialtone_core::platform::defaults::SETUP_FEE_MICROS;
    let kind = dialtone_server::ledger::Kind::NumberPurchase;
    if !allowance::include(conn, user_id, Place::Number(id), bought).await? {
        charge(
            conn,
            user_id,
            monthly,
            kind,
            &format!("First month of {number}"),
        )
        .await?;
    }
    charge(
        conn,
        user_id,
        setup,
        kind,
        &format!("Setup fee for {number}"),
    )
    .await?;
    Ok(Some(number))
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
