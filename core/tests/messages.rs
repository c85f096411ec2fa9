//! Core owns its user-facing messages: a message written in core must not be written
//! again in the server or the app, which call core (natively or through wasm) instead.
//! A copy would drift the day core's wording changes.

use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, exts, out);
        } else if exts.iter().any(|e| path.to_string_lossy().ends_with(e)) {
            out.push(path);
        }
    }
}

/// Quoted texts of a source file: "…" (and, for TypeScript, '…' and `…`).
fn quoted(text: &str, quotes: &[char]) -> Vec<String> {
    let mut found = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quotes.contains(&c) {
            let mut s = String::new();
            while let Some(d) = chars.next() {
                if d == '\\' {
                    if let Some(e) = chars.next() {
                        s.push(d);
                        s.push(e);
                    }
                    continue;
                }
                if d == c || d == '\n' {
                    break;
                }
                s.push(d);
            }
            found.push(s);
        }
    }
    found
}

/// Core's messages: sentences of three words or more, not format strings.
fn core_messages(root: &Path) -> Vec<String> {
    let mut sources = Vec::new();
    files(&root.join("core/src"), &[".rs"], &mut sources);
    let mut messages = Vec::new();
    for file in sources {
        let text = fs::read_to_string(&file).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for s in quoted(code, &['"']) {
            let words = s.split_whitespace().count();
            if words >= 3 && s.starts_with(|c: char| c.is_ascii_uppercase()) && !s.contains('{') {
                messages.push(s);
            }
        }
    }
    messages.sort();
    messages.dedup();
    messages
}

#[test]
fn no_message_owned_by_core_is_written_again_in_the_server_or_the_app() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let messages = core_messages(root);
    assert!(
        messages.len() > 50,
        "found only {} core messages",
        messages.len()
    );
    let mut targets = Vec::new();
    files(&root.join("server/src"), &[".rs"], &mut targets);
    files(&root.join("app/src"), &[".ts", ".tsx"], &mut targets);
    let mut copies = Vec::new();
    for file in targets {
        let name = file.to_string_lossy().to_string();
        if name.contains(".test.") {
            continue; // tests assert core's messages on purpose
        }
        let text = fs::read_to_string(&file).unwrap();
        let quotes: &[char] = if name.ends_with(".rs") {
            &['"']
        } else {
            &['"', '\'', '`']
        };
        let mut texts = quoted(&text, quotes);
        // JSX text between tags.
        texts.extend(
            text.split('>')
                .filter_map(|t| t.split('<').next())
                .map(|t| t.trim().to_string()),
        );
        for m in &messages {
            if texts.iter().any(|t| t == m) {
                copies.push(format!("{name}: {m:?}"));
            }
        }
    }
    assert!(
        copies.is_empty(),
        "core's messages written again:\n{}",
        copies.join("\n")
    );
}
