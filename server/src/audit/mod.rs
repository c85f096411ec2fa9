//! The audit log: every administrator action, who did it, when, and the record
//! before and after. Written in the same transaction as the change it describes.

mod admin;
pub mod repo;

use crate::state::AppState;
use serde::Serialize;
use serde_json::Value;
use sqlx::{Any, AnyConnection, Transaction};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin::list_audit))
}

pub struct Entry<'a> {
    /// The administrator; None for what the system did on its own (a reservation
    /// released because its call never reported).
    pub actor_id: Option<i64>,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Option<Value>,
    pub after: Option<Value>,
}

impl<'a> Entry<'a> {
    /// What administrator `actor` did to a target: the record as it was and as it
    /// is now (None where there is none).
    pub fn by(
        actor: i64,
        action: &'a str,
        target_type: &'a str,
        target_id: impl ToString,
        before: Option<Value>,
        after: Option<Value>,
    ) -> Entry<'a> {
        Entry {
            actor_id: Some(actor),
            action,
            target_type,
            target_id: target_id.to_string(),
            before,
            after,
        }
    }

    /// `by` with the record before and after as their JSON.
    pub fn of<T: Serialize>(
        actor: i64,
        action: &'a str,
        target_type: &'a str,
        target_id: impl ToString,
        before: Option<&T>,
        after: Option<&T>,
    ) -> Entry<'a> {
        let json = |record: Option<&T>| record.and_then(|r| serde_json::to_value(r).ok());
        Entry::by(
            actor,
            action,
            target_type,
            target_id,
            json(before),
            json(after),
        )
    }
}

/// The end of an administrator's change to one record: the record read again by
/// `load`, the entry with it before (None for a new one) and after, the commit.
/// Returns the record as read.
pub async fn reread<T: Serialize>(
    mut tx: Transaction<'static, Any>,
    load: impl AsyncFnOnce(&mut AnyConnection, i64) -> crate::error::Result<T>,
    actor: i64,
    action: &str,
    target_type: &str,
    id: i64,
    before: Option<&T>,
) -> crate::error::Result<T> {
    let after = load(&mut tx, id).await?;
    let entry = Entry::of(actor, action, target_type, id, before, Some(&after));
    commit(tx, entry).await?;
    Ok(after)
}

/// Writes `entry` in the transaction of the change it describes, and commits it.
pub async fn commit(
    mut tx: Transaction<'static, Any>,
    entry: Entry<'_>,
) -> crate::error::Result<()> {
    record(&mut *tx, entry).await?;
    tx.commit().await?;
    Ok(())
}

/// Writes an entry, in the transaction of the change it describes.
pub use repo::insert as record;

#[cfg(test)]
mod tests {
    use std::path::Path;

    fn sources(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(std::fs::read_to_string(&path).unwrap());
            }
        }
    }

    /// Every action literal (resource, dot, verb) of a module that writes the audit log has a
    /// name in core's list, so the log never shows a bare code.
    #[test]
    fn every_action_the_code_records_has_a_name() {
        let mut texts = Vec::new();
        sources(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut texts,
        );
        let mut unnamed = Vec::new();
        for text in texts.iter().filter(|t| t.contains("audit::")) {
            for literal in text.split('"').skip(1).step_by(2) {
                let Some((resource, action)) = literal.split_once('.') else {
                    continue;
                };
                let word = |s: &str| {
                    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')
                };
                if word(resource)
                    && word(action)
                    && !dialtone_core::audit::ACTIONS
                        .iter()
                        .any(|(c, _)| *c == literal)
                {
                    unnamed.push(literal.to_string());
                }
            }
        }
        assert!(
            unnamed.is_empty(),
            "actions without a name in core::audit: {unnamed:?}"
        );
    }
}
