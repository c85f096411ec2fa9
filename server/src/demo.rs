//! Demo mode (the default of `make run`): the accounts shown in the demo box on /login.

use crate::auth::password;
use crate::state::AppState;
use crate::users::repo::{self, NewUser};

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
            Err(e) if crate::db::is_unique_violation(&e) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}
