//! Voice: everything a call touches, one room each.
//!
//! - `switch`: the switch's API, the questions Kamailio asks for every call
//!   (/api/telephony/authorize, /cdr, /recording), with `switch_auth` (its token).
//! - `authorize`: may a call go and for how long; it reads the facts and asks core
//!   (`dialtone_core::call::authorize`). Where an inbound call goes is decided there too
//!   (`authorize/plan.rs`, from the number's route).
//! - `cdr`: what a finished call costs (`dialtone_core::call::settle`) and its record.
//! - `batch`, `repo`, `destination`, `release`: the call path's writes, its SQL, the
//!   rate a call is billed at, and giving back a reservation.
//! - `live`: the calls up now, and hanging one up.
//! - `calls`: call records and recordings, the client's and the admin's.
//! - `devices`: SIP devices, their credentials and registrations (`registrar`).
//! - `edge`: the addresses the switch banned (scanners, floods, guessed passwords).
//! - `stir`: the STIR/SHAKEN PASSporT a call leaves for the carrier with.
//! - `routing`: a number's route (devices, a forward, an IVR flow), as its owner sets it.
//! - `ivr_endpoint`: Dialtone's own SIP user agent with G.711 media, which answers the
//!   calls routed to IVR flows and runs core's flow executor.
//! - `twiml`: programmable voice: a number's VoiceUrl answers with TwiML, which the
//!   IVR endpoint runs on the same executor.

pub mod authorize;
pub mod batch;
pub mod calls;
pub mod cdr;
pub mod destination;
pub mod devices;
pub mod edge;
pub mod ivr_endpoint;
pub mod live;
pub mod release;
pub mod repo;
pub mod routing;
pub mod stir;
pub mod switch;
mod switch_auth;
pub mod twiml;

pub use switch_auth::Switch;

/// Counts what became of a call's read before its turn (SQLite): `answered` from it,
/// `written` as it computed, `stale` (read again in the turn), or `in_turn` (it
/// could not settle the answer).
fn read_ahead(request: &'static str, result: &'static str) {
    metrics::counter!("dialtone_call_reads_ahead_total", "request" => request, "result" => result)
        .increment(1);
}
