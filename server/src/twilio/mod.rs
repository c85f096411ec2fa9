//! The Twilio-compatible REST API (/2010-04-01): customers' code written for Twilio's
//! API and official SDKs works against Dialtone by changing where requests go. Each
//! resource is a transport around the app's own paths (sending SMS, buying numbers,
//! call records); `wire` holds Twilio's conventions, `error` its error codes.

pub mod api_errors;
pub mod auth;
pub mod available;
pub mod calls;
mod calls_create;
pub mod error;
pub mod messages;
pub mod numbers;
mod recordings;
pub mod repo;
mod usage;
mod usage_periods;
mod usage_triggers;
pub mod wire;

use crate::state::AppState;
use auth::ApiAccount;
use axum::routing::get;
use axum::Router;
use error::responses::{Credentials, Throttled};
use error::{TwilioErrorBody, TwilioResult};
use serde::Serialize;
use utoipa::ToSchema;

/// Twilio's paths end in `.json`; the router cannot match a parameter followed by text
/// in one segment, so a final `{Sid}` holds "SM….json" (see `id_of`).
pub fn router() -> Router<AppState> {
    let account = Router::new()
        .route(
            "/Messages.json",
            get(messages::list_messages).post(messages::create_message),
        )
        .route("/Messages/{Sid}", get(messages::fetch_message))
        .route(
            "/Calls.json",
            get(calls::list_calls).post(calls_create::create_call),
        )
        .route(
            "/Calls/{Sid}",
            get(calls::fetch_call).post(calls_create::update_call),
        )
        .route(
            "/Calls/{CallSid}/Recordings.json",
            get(recordings::list_call_recordings),
        )
        .route("/Recordings.json", get(recordings::list_recordings))
        .route(
            "/Recordings/{Sid}",
            get(recordings::fetch_recording).delete(recordings::delete_recording),
        )
        .route(
            "/IncomingPhoneNumbers.json",
            get(numbers::list_numbers).post(numbers::create_number),
        )
        .route(
            "/IncomingPhoneNumbers/{Sid}",
            get(numbers::fetch_number)
                .post(numbers::update_number)
                .delete(numbers::delete_number),
        )
        .route(
            "/AvailablePhoneNumbers/{CountryCode}/{Type}",
            get(available::list_available),
        )
        .route("/Usage/Records.json", get(usage::list_records))
        .route("/Usage/Records/{Period}", get(usage::list_period_records))
        .route(
            "/Usage/Triggers.json",
            get(usage_triggers::list_triggers).post(usage_triggers::create_trigger),
        )
        .route(
            "/Usage/Triggers/{Sid}",
            get(usage_triggers::fetch_trigger)
                .post(usage_triggers::update_trigger)
                .delete(usage_triggers::delete_trigger),
        )
        .route("/Balance.json", get(get_balance))
        .fallback(not_found);
    Router::new().nest("/2010-04-01/Accounts/{AccountSid}", account)
}

async fn not_found() -> error::TwilioError {
    error::TwilioError::not_found("")
}

/// Where an account's resources live.
pub fn base(account_sid: &str) -> String {
    format!("/{}/Accounts/{account_sid}", wire::API_VERSION)
}

pub use crate::webhooks::{call_sid, sid};

/// The row id of `<prefix><32 hex>.json`.
pub fn id_of(prefix: &str, file: &str) -> Option<i64> {
    let hex = file.strip_suffix(".json")?.strip_prefix(prefix)?;
    if hex.len() != 32 {
        return None;
    }
    i64::try_from(u128::from_str_radix(hex, 16).ok()?).ok()
}

/// A list's request: its query's parameters (the filters, carried into the page's
/// links) and the page it asks for.
struct ListQuery {
    params: wire::Params,
    page: wire::PageRequest,
}

impl ListQuery {
    fn parse(query: Option<String>) -> TwilioResult<ListQuery> {
        let params = wire::Params::parse(query.unwrap_or_default().as_bytes());
        let page = wire::PageRequest::from(&params)?;
        Ok(ListQuery { params, page })
    }

    fn window(&self) -> repo::Window {
        // One row more than the page: whether there is a next page, without a count.
        repo::Window {
            before_id: self.page.before_id,
            limit: self.page.size + 1,
            offset: self.page.offset(),
        }
    }

    /// The page: `rows` (read through `window`, so one beyond the page when there is
    /// more) as the account's resources, and Twilio's paging fields for its list of
    /// `resource` ("Calls") with the request's `filters` carried into every link.
    fn page<R, T>(
        &self,
        mut rows: Vec<R>,
        (account_sid, resource): (&str, &str),
        filters: &[&str],
        row_id: impl Fn(&R) -> i64,
        view: impl Fn(&str, R) -> T,
    ) -> (Vec<T>, wire::PageMeta) {
        let path = format!("{}/{resource}.json", base(account_sid));
        let req = &self.page;
        let has_more = rows.len() as i64 > req.size;
        rows.truncate(req.size as usize);
        let carried: Vec<(String, String)> = self
            .params
            .0
            .iter()
            .filter(|(k, v)| filters.contains(&k.as_str()) && !v.trim().is_empty())
            .cloned()
            .collect();
        let last = rows.last().map(&row_id);
        let meta = wire::page_meta(&path, &carried, req, rows.len(), has_more, last);
        let items = rows.into_iter().map(|r| view(account_sid, r)).collect();
        (items, meta)
    }
}

#[derive(Serialize, ToSchema)]
pub struct Balance {
    pub account_sid: String,
    /// In dollars, every digit kept, e.g. "12.3456".
    pub balance: String,
    pub currency: String,
}

/// The account's balance.
#[utoipa::path(get, path = "/2010-04-01/Accounts/{AccountSid}/Balance.json", tag = "twilio",
    security(("twilio" = [])),
    params(("AccountSid" = String, Path, description = "The account's SID")),
    responses((status = 200, description = "The balance", body = Balance), Credentials, Throttled))]
pub async fn get_balance(
    axum::extract::State(state): axum::extract::State<AppState>,
    account: ApiAccount,
) -> TwilioResult<axum::Json<Balance>> {
    let micros = crate::users::repo::balance(&state.db.pool, account.user.id).await?;
    Ok(axum::Json(Balance {
        account_sid: account.account_sid,
        balance: wire::price(-micros),
        currency: "USD".into(),
    }))
}

/// This module's operations in the OpenAPI document (see `crate::openapi`).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        messages::list_messages,
        messages::create_message,
        messages::fetch_message,
        calls::list_calls,
        calls::fetch_call,
        calls_create::create_call,
        calls_create::update_call,
        recordings::list_recordings,
        recordings::list_call_recordings,
        recordings::fetch_recording,
        recordings::delete_recording,
        numbers::list_numbers,
        numbers::create_number,
        numbers::fetch_number,
        numbers::update_number,
        numbers::delete_number,
        available::list_available,
        usage::list_records,
        usage::list_period_records,
        usage_triggers::create_trigger,
        usage_triggers::list_triggers,
        usage_triggers::fetch_trigger,
        usage_triggers::update_trigger,
        usage_triggers::delete_trigger,
        get_balance
    ),
    components(schemas(TwilioErrorBody))
)]
pub struct ApiDoc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sid_names_its_row_and_nothing_else() {
        assert_eq!(sid("SM", 42), "SM0000000000000000000000000000002a");
        assert_eq!(
            id_of("SM", "SM0000000000000000000000000000002a.json"),
            Some(42)
        );
        assert_eq!(id_of("CA", "SM0000000000000000000000000000002a.json"), None);
        assert_eq!(id_of("SM", "SM2a.json"), None);
        assert_eq!(id_of("SM", "SM0000000000000000000000000000002a"), None);
        assert_eq!(id_of("SM", "SMffffffffffffffffffffffffffffffff.json"), None);
    }
}
