//! A deck as CSV, in the format an upload takes (an export uploaded again is the
//! same deck), streamed page by page in prefix order: memory stays at one page.

use super::repo::{self, DeckRecord};
use crate::auth::AdminUser;
use crate::error::Result;
use crate::extract::Path;
use crate::extract::With;
use crate::openapi::responses::{AdminOnly, NotFound, SignedIn};
use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use dialtone_core::rates::deck::{DeckRow, DECK_HEADER};
use sqlx::AnyPool;

const PAGE: i64 = 5000;

/// Every row of a deck in prefix order (for a preview's comparison).
pub async fn all_rows(pool: &AnyPool, deck: &DeckRecord) -> Result<Vec<DeckRow>> {
    let mut rows: Vec<DeckRow> = Vec::with_capacity(deck.row_count.max(0) as usize);
    loop {
        let after = rows.last().map(|r| r.prefix.clone()).unwrap_or_default();
        let page = repo::rows_after(pool, deck, &after, PAGE).await?;
        let done = (page.len() as i64) < PAGE;
        rows.extend(page);
        if done {
            return Ok(rows);
        }
    }
}

/// The deck as CSV, with the header an upload expects.
#[utoipa::path(get, path = "/admin/rate-decks/{id}/export", tag = "catalogue",
    params(("id" = i64, Path, description = "The deck's id")),
    responses((status = 200, description = "The deck's lines, by prefix", content_type = "text/csv", body = String),
        SignedIn, AdminOnly, NotFound))]
pub async fn get_export(
    With(state, _admin): With<AdminUser>,
    Path(id): Path<i64>,
) -> Result<Response> {
    let deck = super::found(&state, id).await?;
    let filename = format!("rate-deck-{id}.csv");
    let pool = state.db.pool.clone();
    // (deck, the last prefix sent, whether the header went out, finished)
    let start = (deck, String::new(), false, false);
    let stream = futures::stream::unfold(start, move |(deck, after, headed, done)| {
        let pool = pool.clone();
        async move {
            if done {
                return None;
            }
            if !headed {
                let chunk = Bytes::from(format!("{DECK_HEADER}\n"));
                return Some((Ok(chunk), (deck, after, true, false)));
            }
            match repo::rows_after(&pool, &deck, &after, PAGE).await {
                Err(e) => {
                    tracing::error!(error = %e, "rate deck export failed");
                    Some((
                        Err(std::io::Error::other("export failed")),
                        (deck, after, true, true),
                    ))
                }
                Ok(rows) if rows.is_empty() => None,
                Ok(rows) => {
                    let mut text = String::with_capacity(rows.len() * 72);
                    for r in &rows {
                        text.push_str(&r.to_csv_line());
                        text.push('\n');
                    }
                    let last = rows.last().map(|r| r.prefix.clone()).unwrap_or_default();
                    let done = (rows.len() as i64) < PAGE;
                    Some((Ok(Bytes::from(text)), (deck, last, true, done)))
                }
            }
        }
    });
    let headers = [
        (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
        (
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        ),
    ];
    // Fused: the compression layer polls the body once more after its end, and an
    // unfold panics when polled past its end (the export was cut short under gzip).
    let stream = futures::StreamExt::fuse(stream);
    Ok((headers, Body::from_stream(stream)).into_response())
}
