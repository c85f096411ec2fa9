//! The call_reservations table, the money a reservation holds on the account, and
//! the one query that finds a call's customer; calls in progress in `live`.

pub mod bind;
pub mod charge;
pub mod edge;
pub mod facts;
pub mod live;

pub use facts::CallFacts;

use super::authorize::Party;
use super::destination;
use dialtone_core::call::Direction;
use dialtone_core::caps::DEFAULT_CAPS;
use sqlx::{AnyConnection, Row};
use std::sync::OnceLock;

/// The customer of a call with everything authorizing or rating it needs, in one
/// query: the number, its owner's balance, reservations and package seconds, and the
/// destination (by longest prefix of `to` for outbound calls, by the number's country
/// for inbound ones). Each round trip saved here is saved twice per call.
pub async fn find_party(
    conn: &mut AnyConnection,
    direction: Direction,
    from: &str,
    to: &str,
    now: i64,
) -> Result<Option<Party>, sqlx::Error> {
    Ok(party_query(conn, direction, from, to, now, None)
        .await?
        .map(|(party, _)| party))
}

/// `find_party` with what the switch's call `call_id` already left in the database
/// (and, for an inbound authorization, what its number routes to: `routing`), in the
/// same single query: the call path's one read per request (see `CallFacts`).
///
/// `priced`: a rate deck priced the call already, so its per-country destination is
/// not looked up (the party's `destination` is then None for an outbound call).
pub async fn find_call(
    conn: &mut AnyConnection,
    direction: Direction,
    (from, to): (&str, &str),
    now: i64,
    call_id: &str,
    read: Reading<'_>,
) -> Result<Option<(Party, CallFacts)>, sqlx::Error> {
    let facts = Some(Facts { call_id, read });
    Ok(party_query(conn, direction, from, to, now, facts)
        .await?
        .and_then(|(party, facts)| facts.map(|f| (party, f))))
}

/// What `find_call` reads besides the party: the number's routing (an inbound
/// authorization), whether a rate deck priced the call already (`priced`), and what the
/// fraud guards decide on (`guards`: an authorization's; a CDR's settlement needs none).
#[derive(Clone, Copy)]
pub struct Reading<'a> {
    pub routing: bool,
    pub priced: bool,
    pub guards: bool,
    /// The dialled number's plan facts when the caller parsed them already (its
    /// region picks +1's rates): not parsed twice.
    pub dialled: Option<&'a crate::infra::numbering::Dialled>,
    /// With `guards`: the platform's settings they read (the instance's cache).
    pub settings: Option<&'a crate::limits::guard_settings::GuardSettings>,
}

/// Which facts `party_query` reads with the party.
#[derive(Clone, Copy)]
struct Facts<'a> {
    call_id: &'a str,
    read: Reading<'a>,
}

/// The columns of `CallFacts`, for the call bound as $3: its record, its reservation,
/// the number's webhooks and the low-balance threshold (the payer's own, else the
/// platform's); then `ROUTING_COLUMNS` or
/// `NO_ROUTING_COLUMNS`.
const FACT_COLUMNS: &str = "k.billable_seconds AS k_billable, k.package_seconds AS k_package, \
    k.cost_micros AS k_cost, k.status AS k_status, r.user_id AS r_user, r.amount_micros AS r_amount, \
    r.package_seconds AS r_package, r.created_at AS r_created, r.expires_at AS r_expires, \
    r.direction AS r_direction, r.from_number AS r_from, r.to_number AS r_to, u.low_balance_notified, \
    n.status_callback, (SELECT a.account_sid FROM api_accounts a WHERE a.user_id = n.owner_id) AS account_sid, \
    COALESCE(u.low_balance_micros, (SELECT CAST(value AS BIGINT) FROM settings WHERE key = 'low_balance_micros')) AS low_balance_setting";

/// What the fraud guards decide on (geo permissions, high-risk prefixes, spend and
/// rate limits): an authorization reads them, a CDR does not (`GUARDS_UNREAD`).
/// The platform's settings among them come from the instance's cache
/// (`limits::guard_settings`), not from each call's read.
const GUARD_COLUMNS: &str = "u.voice_countries, u.caps_ceiling, u.caps_chosen, \
    CASE WHEN u.spent_day = $2 / 86400000 THEN u.spent_today_micros ELSE 0 END AS spent_today";

const GUARDS_UNREAD: &str = "CAST(NULL AS TEXT) AS voice_countries, \
    CAST(NULL AS TEXT) AS caps_ceiling, CAST(NULL AS TEXT) AS caps_chosen, \
    CAST(0 AS BIGINT) AS spent_today";

/// The guards' facts of the call's moment: the owner's outbound calls in progress and
/// new calls this second.
const GUARD_FACTS: &str = "u.live_outbound AS live_calls, \
    CASE WHEN u.cps_window = $2 / 1000 THEN u.cps_count ELSE 0 END AS calls_last_second";

const GUARD_FACTS_UNREAD: &str =
    "CAST(0 AS BIGINT) AS live_calls, CAST(0 AS BIGINT) AS calls_last_second";

/// Where an inbound call goes: the number's forward, IVR flow, devices and VoiceUrl.
const ROUTING_COLUMNS: &str = "(SELECT f.forward_to FROM number_forwards f WHERE f.number_id = n.id AND f.owner_id = n.owner_id) AS forward_to, \
    (SELECT COUNT(*) FROM number_ivr i JOIN ivr_flows fl ON fl.id = i.flow_id AND fl.deleted_at IS NULL \
      JOIN ivr_subscriptions s ON s.flow_id = fl.id AND s.status = 'active' \
      WHERE i.number_id = n.id AND i.owner_id = n.owner_id) AS ivr_flows, \
    (SELECT COUNT(*) FROM sip_devices sd WHERE sd.user_id = n.owner_id) AS devices, n.voice_url";

/// The same columns, empty, for outbound calls and CDRs: nothing there reads them, and
/// their subqueries were most of the read's work for PostgreSQL to set up per call.
const NO_ROUTING_COLUMNS: &str =
    "CAST(NULL AS TEXT) AS forward_to, CAST(0 AS BIGINT) AS ivr_flows, \
    CAST(0 AS BIGINT) AS devices, CAST(NULL AS TEXT) AS voice_url";

/// `party_query`'s statement, built once for each shape it takes: the direction, how
/// many candidate prefixes an outbound call binds (at most 15 digits), and which of
/// the call's facts are read (none, without routing, with routing).
fn party_statement(direction: Direction, candidates: usize, facts: Option<Facts>) -> &'static str {
    const SHAPES: usize = 2 * 5 * 16;
    static BUILT: [OnceLock<String>; SHAPES] = [const { OnceLock::new() }; SHAPES];
    let inbound = direction == Direction::Inbound;
    let read = facts.map(|f| f.read);
    let shape = read.map_or(0, |r| {
        1 + usize::from(r.routing) + 2 * usize::from(!r.guards)
    });
    let slot = usize::from(inbound) * 80 + shape * 16 + candidates.min(15);
    BUILT[slot].get_or_init(|| party_sql(inbound, candidates.min(15), read))
}

/// `read`: None without the call's facts (nor the guards' columns).
fn party_sql(inbound: bool, candidates: usize, read: Option<Reading>) -> String {
    let with_facts = read.is_some();
    // Only an authorization's read decides on the guards: a read without the call's
    // facts (a CDR step by step, a forward's rate) needs the party and its rate alone.
    let guards = match read.is_some_and(|r| r.guards) {
        true => GUARD_COLUMNS,
        false => GUARDS_UNREAD,
    };
    let columns = destination::COLUMNS;
    // $3 is the call's id when its facts are read; the candidate prefixes follow.
    let first = if with_facts { 4 } else { 3 };
    // Inbound: the number's own country. Outbound: a row per candidate prefix of
    // `to` that has a destination (one or two, typically); core picks the longest.
    let join = if inbound {
        format!("LEFT JOIN (SELECT c.calling_code AS d_prefix, {columns} FROM countries c) d ON d.d_id = n.country_id")
    } else if candidates == 0 {
        format!(
            "LEFT JOIN (SELECT '' AS d_prefix, {columns} FROM countries c WHERE 1 = 0) d ON 1 = 1"
        )
    } else {
        let sql = destination::candidates_sql(columns, first, candidates);
        format!("LEFT JOIN ({sql}) d ON 1 = 1")
    };
    let (facts, facts_join) = if let Some(read) = read {
        let routes = if read.routing {
            ROUTING_COLUMNS
        } else {
            NO_ROUTING_COLUMNS
        };
        let now = if read.guards {
            GUARD_FACTS
        } else {
            GUARD_FACTS_UNREAD
        };
        (
            format!(", {FACT_COLUMNS}, {now}, {routes}"),
            " LEFT JOIN calls k ON k.call_id = $3 LEFT JOIN call_reservations r ON r.call_id = $3",
        )
    } else {
        (String::new(), "")
    };
    format!(
        "SELECT n.id, n.owner_id, u.status, u.balance_micros, u.reserved_micros, u.reserved_package_seconds, u.trial_status, u.trial_ends_at, u.trial_credit_micros, \
         {guards}, (SELECT CAST(COALESCE(SUM(p.seconds_remaining), 0) AS BIGINT) FROM user_packages p \
          WHERE p.user_id = n.owner_id AND p.status = 'active' AND p.expires_at > $2) AS package_seconds{facts}, d.* \
         FROM phone_numbers n JOIN users u ON u.id = n.owner_id {join}{facts_join} \
         WHERE n.number = $1 AND n.status = 'active'"
    )
}

async fn party_query(
    conn: &mut AnyConnection,
    direction: Direction,
    from: &str,
    to: &str,
    now: i64,
    facts: Option<Facts<'_>>,
) -> Result<Option<(Party, Option<CallFacts>)>, sqlx::Error> {
    let ours = direction.customer_number(from, to);
    let priced = facts.is_some_and(|f| f.read.priced);
    let settings = facts.and_then(|f| f.read.settings);
    let candidates = if direction == Direction::Outbound && !priced {
        // +1's area code decides the region: only the United States has the bare "1".
        let region = match facts.and_then(|f| f.read.dialled) {
            Some(d) => d.region.clone(),
            None => crate::infra::numbering::region(to),
        };
        dialtone_core::rating::candidate_prefixes_in(to, region.as_deref()).unwrap_or_default()
    } else {
        Vec::new()
    };
    let sql = party_statement(direction, candidates.len(), facts);
    let mut query = sqlx::query(sql).bind(ours).bind(now);
    if let Some(f) = facts {
        query = query.bind(f.call_id);
    }
    for prefix in candidates {
        query = query.bind(prefix);
    }
    let rows = query.fetch_all(&mut *conn).await?;
    let Some(row) = rows.first() else {
        return Ok(None);
    };
    let party = Party {
        user_id: row.try_get("owner_id")?,
        number_id: row.try_get("id")?,
        suspended: row.try_get::<String, _>("status")? == "suspended",
        destination: destination::pick(&rows)?,
        balance: row.try_get("balance_micros")?,
        reserved: row.try_get("reserved_micros")?,
        reserved_package_seconds: row.try_get("reserved_package_seconds")?,
        package_seconds: row.try_get("package_seconds")?,
        in_trial: dialtone_core::trial::restricts(
            row.try_get::<Option<String>, _>("trial_status")?.as_deref(),
            row.try_get("trial_ends_at")?,
            row.try_get("trial_credit_micros")?,
            now,
        ),
        voice_countries: row.try_get("voice_countries")?,
        high_risk: settings.and_then(|g| g.high_risk.clone()),
        caps: crate::limits::caps_within(
            settings.map_or(DEFAULT_CAPS, |g| g.defaults),
            row.try_get("caps_ceiling")?,
            row.try_get("caps_chosen")?,
        ),
        spent_today: row.try_get("spent_today")?,
    };
    let facts = match facts {
        Some(_) => Some(CallFacts::read(row)?),
        None => None,
    };
    Ok(Some((party, facts)))
}

statements! {
    /// Whether a call ended already (its record count), and when its reservation, if
    /// any, was made and expires: one query for both.
    pub fn call_state(call_id: &str) -> one((i64, Option<i64>, Option<i64>)) =
        "SELECT (SELECT COUNT(*) FROM calls WHERE call_id = $1), \
         (SELECT created_at FROM call_reservations WHERE call_id = $1), \
         (SELECT expires_at FROM call_reservations WHERE call_id = $1)";

    /// Gives back what `charge::hold_and_reserve` held (`outbound`: 1 for an outbound
    /// call's reservation, which counted among the account's calls in progress).
    pub fn unhold(user_id: i64, amount: i64, package_seconds: i64, outbound: i64) -> run() =
        "UPDATE users SET reserved_micros = reserved_micros - $1, reserved_package_seconds = reserved_package_seconds - $2, \
         live_outbound = live_outbound - $4 WHERE id = $3",
        (amount, package_seconds, user_id, outbound);
}

pub struct Reservation<'a> {
    pub call_id: &'a str,
    pub user_id: i64,
    pub amount_micros: i64,
    pub package_seconds: i64,
    pub created_at: i64,
    pub expires_at: i64,
    pub direction: &'a str,
    pub from: &'a str,
    pub to: &'a str,
    /// The rate and increments the call was authorized at (for its cost so far).
    pub rate_micros: i64,
    pub increments: dialtone_core::rating::Increments,
    /// The account's limits the hold re-checks when it is written (-1: none): its
    /// outbound calls at once and per second, and its spending today.
    pub limits: HoldLimits,
}

/// The limits a reservation's write re-checks (-1: none), so that a hold planned
/// before the call's turn cannot pass a limit another call reached meanwhile. They
/// hold for calls the account places; a call it takes is held to its funds only.
#[derive(Clone, Copy)]
pub struct HoldLimits {
    pub live_calls: i64,
    pub calls_per_second: i64,
    pub daily_spend: i64,
}

impl HoldLimits {
    pub fn of(caps: &dialtone_core::caps::Caps, outbound: bool) -> HoldLimits {
        let outbound_only = |cap: Option<i64>| cap.filter(|_| outbound).unwrap_or(-1);
        HoldLimits {
            live_calls: outbound_only(caps.concurrent_calls),
            calls_per_second: outbound_only(caps.calls_per_second),
            daily_spend: outbound_only(caps.daily_spend),
        }
    }
}

/// A reservation taken out of the table.
#[derive(sqlx::FromRow)]
pub struct Held {
    pub user_id: i64,
    pub amount_micros: i64,
    pub package_seconds: i64,
    /// The call it was made for (empty for reservations older than these columns).
    pub direction: String,
    #[sqlx(rename = "from_number")]
    pub from: String,
    #[sqlx(rename = "to_number")]
    pub to: String,
}

statements! {
    /// Deletes the reservation of `call_id` and returns it, if there was one.
    pub fn take(call_id: &str) -> optional(Held) =
        "DELETE FROM call_reservations WHERE call_id = $1 RETURNING user_id, amount_micros, package_seconds, direction, from_number, to_number";

    /// Calls whose reservation outlived its expiry without a CDR, a batch at a time.
    pub fn stale_reservations(now: i64, batch: i64) -> scalar_all(String) =
        "SELECT call_id FROM call_reservations WHERE expires_at <= $1 LIMIT $2";

    /// How many calls hold money right now.
    pub fn open_reservations() -> scalar_one(i64) =
        "SELECT COUNT(*) FROM call_reservations";
}
