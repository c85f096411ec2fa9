//! The account's data as one archive (issue 46): GET /api/user/export, a ZIP of the
//! profile, numbers and messages (JSON), the ledger and calls (the CSV exports the app
//! already offers) and every receipt and statement (PDF).

use super::repo::export;
use crate::auth::AuthUser;
use crate::error::{Error, Result};
use crate::extract::With;
use crate::openapi::responses::SignedIn;
use crate::state::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::io::Write;
use zip::write::SimpleFileOptions;

async fn body_of(response: Response) -> Result<Vec<u8>> {
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .map_err(|e| Error::Internal(anyhow::anyhow!("{e}")))?;
    Ok(bytes.to_vec())
}

fn json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>> {
    serde_json::to_vec_pretty(value).map_err(|e| Error::Internal(e.into()))
}

/// The files of the archive: (name, bytes).
async fn files(state: &AppState, auth: AuthUser) -> Result<Vec<(String, Vec<u8>)>> {
    let pool = &state.db.pool;
    let id = auth.user.id;
    let profile = serde_json::json!({
        "name": auth.user.name, "email": auth.user.email, "phone": auth.user.phone,
        "createdAt": crate::db::iso(auth.user.created_at),
        "balance": dialtone_core::money::from_micros(crate::users::repo::balance(pool, id).await?).to_string(),
    });
    let mut out = vec![
        ("profile.json".to_string(), json(&profile)?),
        (
            "numbers.json".to_string(),
            json(&export::numbers(pool, id).await?)?,
        ),
        (
            "messages.json".to_string(),
            json(&export::messages(pool, id).await?)?,
        ),
    ];
    let ledger = crate::ledger::history::csv_of(state, id).await?;
    out.push(("ledger.csv".into(), ledger.into_bytes()));
    let calls = crate::voice::calls::export_for(state, id).await?;
    out.push(("calls.csv".into(), body_of(calls).await?));
    for doc in export::documents(pool, id).await? {
        let (name, bytes) = crate::documents::pdf_file(state, doc, id).await?;
        out.push((format!("documents/{name}"), bytes));
    }
    Ok(out)
}

/// Everything the account holds, as a ZIP archive.
#[utoipa::path(get, path = "/user/export", tag = "account",
    responses((status = 200, description = "The archive", content_type = "application/zip", body = Vec<u8>), SignedIn))]
pub async fn get_export(With(state, auth): With<AuthUser>) -> Result<Response> {
    let files = files(&state, auth).await?;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let failed = |e: zip::result::ZipError| Error::Internal(e.into());
    for (name, bytes) in files {
        zip.start_file(name, options).map_err(failed)?;
        zip.write_all(&bytes)
            .map_err(|e| Error::Internal(e.into()))?;
    }
    let bytes = zip.finish().map_err(failed)?.into_inner();
    let headers = [
        (header::CONTENT_TYPE, "application/zip".to_string()),
        (
            header::CONTENT_DISPOSITION,
            "attachment; filename=\"dialtone-account.zip\"".to_string(),
        ),
    ];
    Ok((headers, bytes).into_response())
}
