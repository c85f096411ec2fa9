//! The numbers and IVR flows whose monthly fees a user's plans in force pay: a new
//! number or flow takes a free place of the allowance when there is one, and at
//! each renewal one that took a place keeps it only while the plans still cover
//! every number (or flow) that took one; otherwise it pays its fee again.

use super::repo::plans;
use sqlx::AnyConnection;

/// What takes a place: a number (by its id) or an IVR flow's subscription (by the
/// flow's id).
#[derive(Clone, Copy)]
pub enum Place {
    Number(i64),
    Flow(i64),
}

impl Place {
    /// (the plans' allowance, the places taken) of this kind.
    async fn counts(
        self,
        conn: &mut AnyConnection,
        user_id: i64,
        now: i64,
    ) -> sqlx::Result<(i64, i64)> {
        let (numbers, flows) = plans::allowance(&mut *conn, user_id, now).await?;
        Ok(match self {
            Place::Number(_) => (numbers, plans::included_numbers(&mut *conn, user_id).await?),
            Place::Flow(_) => (flows, plans::included_flows(&mut *conn, user_id).await?),
        })
    }

    async fn mark(self, conn: &mut AnyConnection, included: bool) -> sqlx::Result<()> {
        match self {
            Place::Number(id) => plans::set_number_included(conn, id, included).await,
            Place::Flow(id) => plans::set_flow_included(conn, id, included).await,
        }
    }
}

/// Takes a free place of the user's plans; true when one was free (the month is then
/// paid by the plan).
pub async fn include(
    conn: &mut AnyConnection,
    user_id: i64,
    place: Place,
    now: i64,
) -> sqlx::Result<bool> {
    let (allowed, taken) = place.counts(&mut *conn, user_id, now).await?;
    if dialtone_core::plans::allowance_left(allowed, taken) == 0 {
        return Ok(false);
    }
    place.mark(conn, true).await?;
    Ok(true)
}

/// At its renewal, whether a place taken is still paid by the plans; when the plans
/// no longer cover every place taken, this one is given up.
pub async fn still_included(
    conn: &mut AnyConnection,
    user_id: i64,
    place: Place,
    now: i64,
) -> sqlx::Result<bool> {
    let (allowed, taken) = place.counts(&mut *conn, user_id, now).await?;
    if taken <= allowed {
        return Ok(true);
    }
    place.mark(conn, false).await?;
    Ok(false)
}
