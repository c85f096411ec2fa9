//! Importing a deck: the body is read as a stream and cut into lines, each checked by
//! core as it arrives, and valid rows are written in multi-row INSERTs, a few
//! thousand per transaction, so memory and the time the write lock is held stay
//! bounded whatever the deck's size. The deck is a draft until applied, which is one
//! UPDATE: a failed or refused upload deletes its draft and never rated a call.

use super::repo::{self, ROWS_PER_INSERT};
use crate::db::{now_ms, Db};
use crate::error::{Error, Result};
use axum::body::Body;
use dialtone_core::rates::deck::{
    DeckErrors, DeckReader, DeckRow, LineError, MAX_DECK_BYTES, TOO_LARGE_MESSAGE,
};
use futures::StreamExt;
use std::collections::HashSet;

/// Rows written per transaction.
const ROWS_PER_TRANSACTION: usize = 5 * ROWS_PER_INSERT;

/// What an upload ends with.
pub enum Outcome {
    Imported { deck_id: i64, rows: i64 },
    Refused(DeckErrors),
}

struct Writer<'a> {
    db: &'a Db,
    name: &'a str,
    admin: i64,
    deck_id: Option<i64>,
    batch: Vec<DeckRow>,
    written: i64,
}

impl Writer<'_> {
    async fn flush(&mut self) -> Result<()> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let mut tx = self.db.begin_write().await?;
        let deck_id = match self.deck_id {
            Some(id) => id,
            None => {
                let date = &self.batch[0].effective_from;
                repo::insert_deck(&mut *tx, self.name, date, self.admin, now_ms()).await?
            }
        };
        for chunk in self.batch.chunks(ROWS_PER_INSERT) {
            repo::insert_rows(&mut *tx, self.db.backend, deck_id, chunk).await?;
        }
        tx.commit().await?;
        self.deck_id = Some(deck_id);
        self.written += self.batch.len() as i64;
        self.batch.clear();
        Ok(())
    }

    async fn discard(&mut self) -> Result<()> {
        if let Some(id) = self.deck_id.take() {
            let mut tx = self.db.begin_write().await?;
            repo::delete_draft(&mut *tx, id).await?;
            tx.commit().await?;
        }
        Ok(())
    }
}

/// Reads, checks and stores a deck from `body`.
pub async fn import(db: &Db, name: &str, admin: i64, body: Body) -> Result<Outcome> {
    let countries: HashSet<String> = repo::country_codes(&db.pool).await?.into_iter().collect();
    let mut reader = DeckReader::new(|c| countries.contains(c));
    let mut writer = Writer {
        db,
        name,
        admin,
        deck_id: None,
        batch: Vec::with_capacity(ROWS_PER_TRANSACTION),
        written: 0,
    };
    let result = read_into(&mut reader, &mut writer, body).await;
    let outcome = match result {
        Err(e) => Err(e),
        Ok(Some(too_large)) => Ok(Outcome::Refused(too_large)),
        Ok(None) => match reader.finish() {
            Err(errors) => Ok(Outcome::Refused(errors)),
            Ok(_) => match writer.flush().await {
                Ok(()) => Ok(Outcome::Imported {
                    deck_id: writer.deck_id.expect("a deck with rows was written"),
                    rows: writer.written,
                }),
                Err(e) => Err(e),
            },
        },
    };
    match outcome {
        Ok(Outcome::Imported { deck_id, rows }) => {
            repo::set_row_count(&db.pool, deck_id, rows).await?;
            Ok(Outcome::Imported { deck_id, rows })
        }
        other => {
            writer.discard().await?;
            other
        }
    }
}

/// Feeds every line of the body to the reader and valid rows to the writer, which
/// stops writing at the first error (the reader goes on, to report every error).
/// Some(errors) when the body is larger than a deck may be.
async fn read_into(
    reader: &mut DeckReader<'_>,
    writer: &mut Writer<'_>,
    body: Body,
) -> Result<Option<DeckErrors>> {
    let mut stream = body.into_data_stream();
    let mut pending: Vec<u8> = Vec::new();
    let mut total = 0usize;
    let mut failed = false;
    let mut feed = |line: &[u8], writer: &mut Writer<'_>, failed: &mut bool| {
        let row = reader.read_bytes(line);
        *failed |= reader.has_errors();
        if let (Some(row), false) = (row, *failed) {
            writer.batch.push(row);
        }
    };
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|e| Error::bad_request(format!("The upload broke off: {e}")))?;
        total += chunk.len();
        if total > MAX_DECK_BYTES {
            return Ok(Some(DeckErrors {
                total: 1,
                errors: vec![LineError {
                    line: 0,
                    field: "file".into(),
                    message: TOO_LARGE_MESSAGE.into(),
                }],
            }));
        }
        pending.extend_from_slice(&chunk);
        let mut start = 0;
        while let Some(end) = pending[start..].iter().position(|b| *b == b'\n') {
            feed(&pending[start..start + end], writer, &mut failed);
            start += end + 1;
        }
        pending.drain(..start);
        if failed {
            writer.batch.clear();
        } else if writer.batch.len() >= ROWS_PER_TRANSACTION {
            writer.flush().await?;
        }
    }
    if !pending.is_empty() {
        feed(&pending, writer, &mut failed);
    }
    if failed {
        writer.batch.clear();
    }
    Ok(None)
}
